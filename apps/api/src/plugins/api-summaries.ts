import { API_BASE, API_PATHS } from '@clearport/contract/paths';
import { BROKER_API_BASE, BROKER_API_PATHS } from '@clearport/contract/ingestion';
import { BROKER_ADMIN_PATHS } from '@clearport/contract/broker-admin';
import { WEBHOOK_PATHS } from '@clearport/contract/webhooks';

const call = (path: string) => `${API_BASE}${path}`;
const brokerCall = (path: string) => `${BROKER_API_BASE}${path}`;

/** What each call does, one line, as the API descriptions show it beside the call: `METHOD path`. */
export const CALL_SUMMARIES: Record<string, string> = {
  [`POST ${call(API_PATHS.login)}`]:
    'Log in: sets the session cookie and answers the request token for the bearer header, or a challenge for a code or for setting up two-factor sign-in',
  [`POST ${call(API_PATHS.loginSecondFactor)}`]:
    "Log in's second step: an authenticator or recovery code, then the session",
  [`POST ${call(API_PATHS.loginEnrolment)}`]:
    'Set up two-factor sign-in the company requires, at login: a new key and its QR code',
  [`POST ${call(API_PATHS.loginEnrolmentConfirm)}`]:
    "Confirm the login's set-up with a first code: the recovery codes, and the session",
  [`GET ${call(API_PATHS.twoFactor)}`]: "Whether the user's two-factor sign-in is on, and the company's requirement",
  [`POST ${call(API_PATHS.startTwoFactor)}`]: 'Set up two-factor sign-in after the password: a new key and its QR code',
  [`POST ${call(API_PATHS.confirmTwoFactor)}`]: 'Confirm the set-up with a first code: ten recovery codes, shown once',
  [`POST ${call(API_PATHS.removeTwoFactor)}`]: 'Turn two-factor sign-in off after the password and a current code',
  [`POST ${call(API_PATHS.regenerateRecoveryCodes)}`]: 'New recovery codes after the password and a current code',
  [`PUT ${call(API_PATHS.companyTwoFactor)}`]:
    'Require two-factor sign-in of everyone in the company, or stop (primary and managers)',
  [`POST ${call(API_PATHS.resetUserTwoFactor)}`]:
    "Reset a user's two-factor sign-in after a lost device: they set it up again",
  [`POST ${call(API_PATHS.logout)}`]: 'Log out: the session ends and its cookie is cleared',
  [`POST ${call(API_PATHS.exchangeSignInLink)}`]:
    "Sign in with a broker's link (token_user): used up once, sets the session cookie like a login",
  [`GET ${call(API_PATHS.session)}`]: "The session's idle limit and end; keeps it in use",
  [`GET ${call(API_PATHS.sessions)}`]: "The user's live sign-ins: device, address, started, last used",
  [`DELETE ${call(API_PATHS.endSession)}`]: "End one of the user's other sign-ins",
  [`POST ${call(API_PATHS.endOtherSessions)}`]: 'End every sign-in of the user but this one',
  [`GET ${call(API_PATHS.profile)}`]: 'The logged-in user, their company and role',
  [`POST ${call(API_PATHS.forgotPassword)}`]: 'Ask for a reset-password e-mail',
  [`POST ${call(API_PATHS.resetPassword)}`]: 'Choose a password with the link of a reset or set-password e-mail',
  [`GET ${call(API_PATHS.notifications)}`]: 'The Home banner message',
  [`GET ${call(API_PATHS.shipments)}`]:
    'The shipments list: filters (also possible charges), search, sort and keyset pages; or Home with its box counts',
  [`GET ${call(API_PATHS.shipmentDetail)}`]: 'One shipment with its documents, containers, delivery orders and notes',
  [`POST ${call(API_PATHS.fileIsf)}`]: 'Record that the client filed the ISF',
  [`GET ${call(API_PATHS.customsEntry)}`]: "The shipment's customs entry: dates, totals, holds and a page of lines",
  [`GET ${call(API_PATHS.containerFreeDays)}`]:
    "Each container's free days, holds, demurrage or detention state and last free day history",
  [`POST ${call(API_PATHS.approveEntry)}`]: "Approve the entry's 7501 the company's duty rule holds",
  [`GET ${call(API_PATHS.entryApprovalRule)}`]: 'Which 7501s wait for the company’s approval',
  [`PUT ${call(API_PATHS.entryApprovalRule)}`]:
    'Set which 7501s wait for the company’s approval (primary and managers)',
  [`GET ${call(API_PATHS.demurrageAlerts)}`]:
    'The demurrage and detention list and how many working days ahead it is reminded',
  [`PUT ${call(API_PATHS.demurrageAlerts)}`]: 'Set the demurrage and detention list and its reminder’s working days',
  [`POST ${call(API_PATHS.queryEntry)}`]: "Query the entry's 7501 with a comment instead of approving it",
  [`GET ${call(API_PATHS.reportDutyByMonth)}`]: 'Report: duty, MPF, HMF and other fees by month, with the year before',
  [`GET ${call(API_PATHS.reportEntriesByPort)}`]: 'Report: entries and entered value by port of entry and by mode',
  [`GET ${call(API_PATHS.reportDutyByChapter)}`]: 'Report: duty by HTS chapter and the 20 HTS numbers with the most',
  [`GET ${call(API_PATHS.reportReleaseDays)}`]: 'Report: days from arrival to release, median, 90th percentile, weeks',
  [`GET ${call(API_PATHS.reportReleaseDaysEntries)}`]: 'Report drill-down: the entries released late, a page at a time',
  [`GET ${call(API_PATHS.reportOpenInvoices)}`]: 'Report: open invoices by days past due, in all and per account',
  [`GET ${call(API_PATHS.securityEvents)}`]:
    "The primary user's security events of the company: filters by user, kind and days, keyset pages of 50",
  [`GET ${call(API_PATHS.securityEventsCsv)}`]:
    'The filtered security events as CSV, the newest 100,000 at most, streamed',
  [`GET ${call(API_PATHS.securityEventUsers)}`]: "The company's users by e-mail, for the security events' user filter",
  [`GET ${call(API_PATHS.reportExport)}`]: "A report's table as CSV or as an Excel workbook, streamed",
  [`GET ${call(API_PATHS.reportSubscriptions)}`]: 'The reports the user receives by e-mail each month',
  [`PUT ${call(API_PATHS.reportSubscriptions)}`]: 'Choose the reports the user receives by e-mail each month',
  [`POST ${call(API_PATHS.addNote)}`]: 'Add a note under the shipment',
  [`POST ${call(API_PATHS.saveReference)}`]: 'Set the customer reference number',
  [`POST ${call(API_PATHS.skipDeliveryOrder)}`]: 'Skip Delivery Order, or take it back, for shipments',
  [`POST ${call(API_PATHS.toggleReviewed)}`]: 'Mark the 7501 of shipments reviewed, or not',
  [`POST ${call(API_PATHS.uploadDocument)}`]: 'Upload documents to the shipment',
  [`DELETE ${call(API_PATHS.deleteDocument)}`]: 'Delete a document the client uploaded',
  [`POST ${call(API_PATHS.setDocumentTypes)}`]: 'Mark document types as submitted',
  [`POST ${call(API_PATHS.unsetDocumentTypes)}`]: 'Mark document types as not submitted',
  [`POST ${call(API_PATHS.deliveryOrders)}`]: 'Create a delivery order',
  [`POST ${call(API_PATHS.deliveryOrder)}`]: 'Change a delivery order',
  [`DELETE ${call(API_PATHS.deliveryOrder)}`]: 'Delete a delivery order',
  [`POST ${call(API_PATHS.sendDeliveryOrder)}`]: 'Send an approved delivery order to the trucker',
  [`POST ${call(API_PATHS.createTrucker)}`]: 'Add truckers to the company',
  [`GET ${call(API_PATHS.invoices)}`]: 'The invoices list: filters, sort and pages',
  [`GET ${call(API_PATHS.invoicesCsv)}`]: 'The invoices the filters select, as CSV',
  [`GET ${call(API_PATHS.invoice)}`]: 'One invoice',
  [`GET ${call(API_PATHS.invoicePdf)}`]: "The invoice's PDF",
  [`GET ${call(API_PATHS.invoiceBackup)}`]: "The invoice's backup file",
  [`GET ${call(API_PATHS.paymentInstructions)}`]: 'How to pay the brokerage',
  [`GET ${call(API_PATHS.settings)}`]: "The company's notification lists, truckers and warehouses",
  [`POST ${call(API_PATHS.saveSettings)}`]: 'Save the notification lists, truckers and warehouses',
  [`GET ${call(API_PATHS.subusers)}`]: "The company's users",
  [`POST ${call(API_PATHS.subusers)}`]: 'Add a user',
  [`GET ${call(API_PATHS.subuser)}`]: 'One user',
  [`PATCH ${call(API_PATHS.subuser)}`]: 'Change a user',
  [`DELETE ${call(API_PATHS.subuser)}`]: 'Remove a user',
  [`POST ${call(API_PATHS.endSubuserSessions)}`]: 'End every sign-in of a user of the company',
  [`GET ${call(API_PATHS.accounts)}`]: 'The accounts the user may link',
  [`GET ${call(API_PATHS.file)}`]: 'A stored file by its key, through the access check',
  [`POST ${brokerCall(BROKER_API_PATHS.records)}`]: 'Push records: each created, updated, unchanged or refused',
  [`GET ${brokerCall(BROKER_API_PATHS.events)}`]: 'Read what customers did and the demurrage watch saw, after a cursor',
  [`GET ${brokerCall(BROKER_API_PATHS.file)}`]: 'Download a file an event names',
  [`GET ${brokerCall(BROKER_ADMIN_PATHS.apiKeys)}`]: 'The API keys: scopes, expiry, last use, revoked',
  [`POST ${brokerCall(BROKER_ADMIN_PATHS.apiKeys)}`]: 'Make an API key, shown this once',
  [`POST ${brokerCall(BROKER_ADMIN_PATHS.revokeApiKey)}`]: 'Revoke an API key from its next call on',
  [`GET ${brokerCall(BROKER_ADMIN_PATHS.deliveryOrders)}`]: 'The delivery orders waiting for approval',
  [`POST ${brokerCall(BROKER_ADMIN_PATHS.approveDeliveryOrder)}`]:
    'Approve a delivery order, so the client can send it',
  [`GET ${brokerCall(BROKER_ADMIN_PATHS.paymentInstructions)}`]: 'The payment instructions the invoice pages show',
  [`PUT ${brokerCall(BROKER_ADMIN_PATHS.paymentInstructions)}`]: 'Replace the payment instructions',
  [`GET ${brokerCall(BROKER_ADMIN_PATHS.failedMail)}`]: 'The event e-mails that failed within their retries',
  [`POST ${brokerCall(BROKER_ADMIN_PATHS.retryMail)}`]: 'Send a failed event e-mail again',
  [`GET ${brokerCall(BROKER_ADMIN_PATHS.failedReportMail)}`]:
    'The monthly report e-mails that failed within their retries',
  [`POST ${brokerCall(BROKER_ADMIN_PATHS.retryReportMail)}`]: 'Send a failed monthly report e-mail again',
  [`POST ${brokerCall(BROKER_ADMIN_PATHS.signInLinks)}`]:
    "Make a user's single-use sign-in link to Home (token_user), valid 10 minutes",
  [`GET ${brokerCall(WEBHOOK_PATHS.webhooks)}`]: 'The webhook endpoints: URL, event types, enabled, place in the feed',
  [`POST ${brokerCall(WEBHOOK_PATHS.webhooks)}`]: 'Register a webhook endpoint; its secret is shown this once',
  [`PATCH ${brokerCall(WEBHOOK_PATHS.webhook)}`]:
    "Change a webhook endpoint's URL, event types or description, or pause it",
  [`DELETE ${brokerCall(WEBHOOK_PATHS.webhook)}`]: 'Delete a webhook endpoint and its deliveries',
  [`POST ${brokerCall(WEBHOOK_PATHS.rotateWebhookSecret)}`]:
    'Give a webhook endpoint a new secret; the old one signs a day more',
  [`GET ${brokerCall(WEBHOOK_PATHS.webhookDeliveries)}`]:
    "A webhook endpoint's deliveries, newest first, with their state",
  [`POST ${brokerCall(WEBHOOK_PATHS.replayWebhook)}`]: "Send a webhook endpoint's events after a cursor again",
};

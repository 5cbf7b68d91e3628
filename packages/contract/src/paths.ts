/*
 * The API's paths, and the URLs built from them. Nothing here imports zod: the web client's entry
 * and login route import this module and stay free of the schemas' library.
 */

/** Every API path, relative to the API base `/api/`. Paths the spec leaves out are decided here. */
export const API_BASE = '/api';

export const API_PATHS = {
  login: '/user/login',
  logout: '/user/logout',
  profile: '/user/profile',
  /** No token: the token_user of a broker's link to Home, used up for a session (decision 0033). */
  exchangeSignInLink: '/user/session/exchange',
  /** The caller's session: its idle limit and end; a cheap call that keeps it in use. */
  session: '/user/session',
  /** The caller's live sign-ins (Settings), one of them ended, or all but this one. */
  sessions: '/user/sessions',
  endSession: '/user/sessions/:id',
  endOtherSessions: '/user/sessions/end-others',
  /** The login's second step under its challenge (decision 0034): a code, or set-up when required. */
  loginSecondFactor: '/user/login/second-factor',
  loginEnrolment: '/user/login/two-factor/start',
  loginEnrolmentConfirm: '/user/login/two-factor/confirm',
  /** The caller's own second factor: GET its state, then set up, confirm, turn off, new recovery codes. */
  twoFactor: '/user/two-factor',
  startTwoFactor: '/user/two-factor/start',
  confirmTwoFactor: '/user/two-factor/confirm',
  removeTwoFactor: '/user/two-factor/remove',
  regenerateRecoveryCodes: '/user/two-factor/recovery-codes',
  /** Whether everyone in the company signs in with a second factor: roles 3 and 4. */
  companyTwoFactor: '/user/settings/two-factor',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password/:token',
  notifications: '/user/get_notification',
  shipments: '/user/shipments',
  shipmentDetail: '/user/shipments/details/:id',
  fileIsf: '/user/shipments/:id/isf_no',
  customsEntry: '/user/shipments/:id/customs-entry',
  approveEntry: '/user/shipments/:id/customs-entry/approve',
  queryEntry: '/user/shipments/:id/customs-entry/query',
  /** Each container's free days, demurrage and detention state and last free day history. */
  containerFreeDays: '/user/shipments/:id/containers/free-days',
  uploadDocument: '/user/shipments/:id/upload_doc',
  deleteDocument: '/user/shipments/:id/delete_doc',
  setDocumentTypes: '/user/shipments/:id/set_type',
  unsetDocumentTypes: '/user/shipments/:id/unset_type',
  addNote: '/user/shipments/:id/add_comment',
  saveReference: '/user/shipments/:id/reference_no',
  skipDeliveryOrder: '/user/shipments/toggle-ignore',
  toggleReviewed: '/user/shipments/toggle-reviewed',
  deliveryOrders: '/user/shipments/:id/delivery_order',
  deliveryOrder: '/user/shipments/:id/delivery_order/:orderId',
  sendDeliveryOrder: '/user/shipments/:id/delivery_order/:orderId/send',
  /** The spec leaves the trucker save's prefix out; it sits with the other user calls. */
  createTrucker: '/user/trucker/save',
  invoices: '/user/invoices',
  invoice: '/user/invoices/:id',
  /** The CSV of what the list's filters select, every page (text/csv, an attachment). */
  invoicesCsv: '/user/invoices/export.csv',
  /** The invoice's PDF, inline; its backup file, as an attachment with its own type. */
  invoicePdf: '/user/invoices/:id/pdf',
  invoiceBackup: '/user/invoices/:id/backup',
  paymentInstructions: '/user/payment-instructions',
  settings: '/user/settings',
  saveSettings: '/user/settings/save',
  entryApprovalRule: '/user/settings/entry-approval',
  /** The "Demurrage and detention" list and its reminder's working days: GET, and PUT them. */
  demurrageAlerts: '/user/settings/demurrage-alerts',
  reportDutyByMonth: '/user/reports/duty-by-month',
  reportEntriesByPort: '/user/reports/entries-by-port',
  reportDutyByChapter: '/user/reports/duty-by-chapter',
  reportReleaseDays: '/user/reports/release-days',
  reportReleaseDaysEntries: '/user/reports/release-days/entries',
  reportOpenInvoices: '/user/reports/open-invoices',
  /** The reports the caller receives by e-mail each month: GET, and PUT the whole list. */
  reportSubscriptions: '/user/reports/subscriptions',
  /** A report's table or drill-down as a file: `?format=csv` or `xlsx`, with the report's range. */
  reportExport: '/user/reports/export/:table',
  subusers: '/user/user/subusers',
  subuser: '/user/user/subusers/:id',
  /** Ends every sign-in of a user of the company (primary and managers). */
  endSubuserSessions: '/user/user/subusers/:id/end-sessions',
  /** A user lost their authenticator: their second factor is removed and they set it up again. */
  resetUserTwoFactor: '/user/user/subusers/:id/two-factor/reset',
  accounts: '/user/user/accounts',
  /** The company's security events for its primary user, newest first, in keyset pages. */
  securityEvents: '/user/security-events',
  /** The same filtered events as CSV (text/csv, an attachment), at most SECURITY_EVENTS_CSV_MAX_ROWS. */
  securityEventsCsv: '/user/security-events/export.csv',
  /** The company's users the Security events screen filters by: id and e-mail. */
  securityEventUsers: '/user/security-events/users',
  /**
   * GET a stored file by its storage key (a document's `path`, `path_to_7501`, an invoice's
   * `path`/`backup`, a delivery order's `path`): build the URL with filePath(key). Served
   * through the access check with the bearer header (fetch → blob), never from a public
   * folder; a key of a record the caller may not see answers 404.
   */
  file: '/user/files/*',
} as const;

/** Fills `:name` segments of an API path. */
export function apiPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (whole, name: string) =>
    name in params ? encodeURIComponent(String(params[name])) : whole,
  );
}

/** API_PATHS.file for one storage key, relative to API_BASE like apiPath's result. */
export function filePath(key: string): string {
  return `/user/files/${key.split('/').map(encodeURIComponent).join('/')}`;
}

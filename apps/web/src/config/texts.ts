import { COMMON_TEXTS } from './common-texts.ts';

/** "Show 12 earlier notes": a button that shows the rest of a long list, the noun singular for one. */
const showRest = (which: string, one: string, many: string) => (count: number) =>
  `Show ${count.toLocaleString('en-US')} ${which} ${count === 1 ? one : many}`;

/**
 * Texts only the web client shows: labels, headings and buttons, some named by the spec (column
 * headers, Search, Previous, Next, Missing) and some not. Messages the spec quotes, and the texts
 * both sides share, always come from `@clearport/contract/texts`.
 *
 * Grouped by the screen that shows them; `common` holds those several screens share. The signed-out
 * pages' texts are in auth-texts.ts.
 */
export const WEB_TEXTS = {
  /** Shared by several screens. */
  common: COMMON_TEXTS,

  /** Every list screen's table, cards and pager (components/ui/list-*); Previous, Next and Search are the spec's (contract). */
  list: {
    pagination: 'Pagination',
    /** {page} is a page's number. */
    pageNumber: 'Page {page}',
    /** Below 600 px, where the cards have no column headers to sort by. */
    sortBy: 'Sort by',
    /** {column} is a column's header. */
    sortAscending: '{column}, ascending',
    sortDescending: '{column}, descending',
  },

  /** The main layout: navigation, header and page frame. */
  layout: {
    navHome: 'Home',
    navShipments: 'Shipments',
    navBilling: 'Billing',
    navUsers: 'Users',
    navReports: 'Reports',
    navSettings: 'Settings',
    navMore: 'More',
    navMain: 'Main',
    logout: 'Logout',
    breadcrumb: 'Breadcrumb',
    skipToContent: 'Skip to content',
    loadingPage: 'Loading the page',
  },

  /** The idle warning (decision 0033): the session ends after SESSION_IDLE_MINUTES unused. */
  idle: {
    title: 'Are you still there?',
    warning: 'You will be signed out in 1 minute',
    detail: 'You have not used the portal for a while. Your page stays as it is.',
    stay: 'Stay signed in',
    endedTitle: 'You have been signed out',
    ended:
      'You were signed out after a time without use. Your page stays as it is, with anything you typed; your next step asks you to log in again.',
    close: 'Close',
  },

  /** Another user signed in on the browser since the page was opened (decision 0033). */
  otherUser: {
    title: 'Someone else has signed in',
    detail:
      'This page was opened by the user signed in before and no longer reads or saves anything. Copy what you typed first if you need it.',
    reload: 'Reload',
  },

  /** The page's session ended while it held input not yet saved (decision 0033). */
  sessionEnded: {
    title: 'You have been signed out',
    kept: 'What you typed is still on this page, not saved.',
    howTo:
      'Sign in again in a new tab, then come back to this one and save. Signing in here instead leaves this page and what you typed.',
    signInNewTab: 'Sign in in a new tab',
    signInHere: 'Sign in here',
    signedInAgain: 'You are signed in again. Save what you typed when you are ready.',
  },

  /** Settings' "Your sign-ins" and the Edit User screen's sign-ins (decision 0033). */
  sessions: {
    title: 'Your sign-ins',
    intro: 'Where you are signed in now. End any sign-in you do not recognise.',
    passwordNote: 'Changing your password below signs you out everywhere else too.',
    thisDevice: 'This device',
    from: 'From',
    started: 'Started',
    lastUsed: 'Last used',
    end: 'Sign out',
    /** Told apart by when each was last used: two sign-ins are often of the same browser. */
    endLabel: (device: string, lastUsed: string) => `Sign out ${device}, last used ${lastUsed}`,
    endOthers: 'Sign out everywhere else',
    ended: 'That sign-in has ended.',
    othersEnded: 'Every other sign-in has ended.',
    none: 'You are signed in on this device only.',
    loadFailed: 'Your sign-ins could not be loaded.',
    userTitle: 'Sign-ins',
    userIntro: 'Signs the user out on every device at once; they can log in again.',
    userEnd: 'Sign out everywhere',
    userEnded: (count: number) =>
      count === 0
        ? 'The user was not signed in anywhere.'
        : `The user is signed out everywhere (${count} sign-in${count === 1 ? '' : 's'} ended).`,
  },

  /** Home: the count boxes and the notification. */
  home: {
    notification: 'Notification',
    dismissNotification: 'Dismiss notification',
    shipmentCounts: 'Shipment counts',
    /** Under "Awaiting your approval": the duty of the 7501s it counts. */
    awaitingDuty: '{amount} duty',
    /** Under Home's table when it holds a full page: the list has the rest. */
    firstShipments: 'Showing the first {count} shipments.',
    seeAllShipments: 'See all shipments',
  },

  /** Shipments: the list, its filters and pager. */
  shipments: {
    columnEntryNumber: 'Entry Number',
    columnAccountNo: 'Account no',
    columnMasterBill: 'Master Bill of Lading',
    columnHouseBill: 'House Bill of Lading',
    columnContainers: 'Container Number(s)',
    columnReferenceNumber: 'Reference Number',
    columnEta: 'ETA',
    columnFda: 'FDA',
    columnStatus: 'Status',
    shipmentsFilters: 'Shipment filters',
    searchLabel: 'Search shipments',
    statusFilterLabel: 'Status',
    accountFilterLabel: 'Account',
    dateFilterLabel: 'Date',
    /** The list's customs entry filters, after the spec's (the current entry's port, type and holds). */
    portFilterLabel: 'Port of entry',
    allPorts: 'All ports',
    entryTypeFilterLabel: 'Entry type',
    allEntryTypes: 'All entry types',
    agencyHoldFilterLabel: 'Any agency hold',
    loadingShipments: 'Loading shipments...',
    noShipments: 'No shipments found',
    missingDocuments: 'Missing',
    missingDocumentsIcon: 'Documents missing',
    allDocumentsSubmitted: 'All documents submitted',
    /** {type} is a document type. */
    documentSubmitted: '{type} submitted',
    documentNotSubmitted: '{type} not submitted',
    /** {review} is the FDA review value. */
    fdaHold: 'FDA hold: {review}',
    /** The Home count box the list is filtered by, shown as a chip; {filter} is the box's label. */
    boxFilterLabel: 'Home box',
    removeBoxFilter: 'Remove the {filter} filter',
    boxFilterCombines:
      'Only shipments counted by this box are listed; the Status, Account and Date filters and the search narrow them further.',
    /**
     * A row's nearest last free day (decision 0030): {day} is the day. Past it, charges run;
     * within 3 days, it is due; later, it is shown plain.
     */
    freeDayDemurrage: 'Demurrage · LFD {day}',
    freeDayDetention: 'Detention · LFD {day}',
    freeDayPickUpToday: 'Pick up today',
    freeDayReturnToday: 'Return today',
    freeDayPickUp: 'Pick up by {day}',
    freeDayReturn: 'Return by {day}',
    freeDayLater: 'LFD {day}',
    /** The badge's tooltip: the kind of last free day and the day in full. */
    freeDayTitle: 'Last free day {day}',
    /** The tab's title on a list filtered by a Home box: "Shipments: Documents Required". */
    filteredTitle: '{title}: {filter}',
  },

  /** Shipment detail. */
  shipment: {
    shipmentTitle: 'Shipment',
    /** The detail page's title is this, a space and the file number (spec section 2). */
    shipmentNumber: 'Shipment #',
    back: 'Back',
    previousShipment: 'Previous shipment',
    nextShipment: 'Next shipment',
    /** {position} of {count}: where the shipment is among those of the list it was opened from. */
    shipmentPosition: '{position} of {count}',
    backToShipments: 'Back to shipments',
    progressTitle: 'Progress',
    stepIsf: 'ISF Submitted',
    stepDocuments: 'Upload Documents',
    stepRelease: 'Shipment Released',
    stepComplete: 'Complete',
    stepCurrent: 'In progress',
    stepLocked: 'Locked',
    stepDocumentsLocked: 'Available once the ISF is on file.',
    stepReleaseLocked: 'Available once the documents are in.',
    isfSubmitted: 'ISF was submitted',
    isfSubmittedHint: 'Tick once you have filed the ISF yourself.',
    confirmIsfSubmitted: 'Record that you filed the ISF yourself? This cannot be undone.',
    isfNumberLabel: 'ISF transaction no.',
    isfDateLabel: 'ISF submitted on',
    isfNotFiled: 'The ISF has not been filed yet.',
    brokerDocumentNote: 'Note from your broker',
    documentTypesLegend: 'Documents submitted',
    documentTypeRequired: 'Required',
    noDocumentTypes: 'No document types are listed for this shipment yet.',
    uploadLabel: 'Upload documents',
    dropAreaText: 'Drag and drop files here, or',
    chooseFiles: 'Choose files',
    dropAreaActive: 'Drop the files to upload them',
    dropAreaHint: 'PDF, Excel, Word or PNG files, up to 20 MB each.',
    /** {file} is the file name. */
    uploading: 'Uploading {file}...',
    /** {file} is the file name. */
    documentUploaded: '{file} uploaded.',
    /** After an upload whose name points to a type not yet submitted; {file} and {type}. */
    uploadTypeOffer: '{file} looks like the {type}. Mark {type} as submitted?',
    uploadTypeOfferAccept: 'Mark as submitted',
    uploadTypeOfferDismiss: 'Not now',
    uploadedDocuments: 'Uploaded documents',
    noUploadedDocuments: 'No documents uploaded yet.',
    /** {name} is the file name. */
    deleteDocument: 'Delete {name}',
    /** {name} is the document's file name. */
    confirmDeleteDocument: 'Delete {name}? This cannot be undone.',
    dischargeDateLabel: 'Discharge date',
    notesTitle: 'Notes',
    noNotes: 'No notes yet.',
    earlierNotes: showRest('earlier', 'note', 'notes'),
    noteLabel: 'Add a note',
    noteUnsent: "Your note wasn't submitted. Are you sure you want to leave?",
    submitNote: 'Submit',
    detailsTitle: 'Shipment details',
    saveReference: 'Save',
    referenceSaved: 'Reference number saved.',
    statusLabel: 'Status',
    etaLabel: 'ETA',
    fdaLabel: 'FDA',
    originLabel: 'Origin',
    destinationTerminalLabel: 'Destination terminal',
    steamshipLineLabel: 'Steamship line',
    vesselLabel: 'Vessel',
    unladingLabel: 'Port of unlading',
    transportModeLabel: 'Transport mode',
    brokerCommentLabel: 'Comment from your broker',
    notProvided: 'Not provided',
    updatesTitle: 'Shipment updates',
    eventDate: 'Date',
    eventType: 'Event',
    eventLocation: 'Location',
    earlierEvents: showRest('earlier', 'event', 'events'),
    moreContainers: showRest('more', 'container', 'containers'),
    review7501Title: '7501',
    review7501: '7501 reviewed',
    reviewed7501: 'The 7501 is marked reviewed.',
    notReviewed7501: 'The 7501 is no longer marked reviewed.',
    filesTitle: 'Files',
    file7501: '7501 Entry Summary',
    /** {number} is the invoice's number (its id when it has none), {date} its date. */
    invoiceFile: 'Invoice {number} of {date}',
    /** {number} is the invoice's number (its id when it has none), {date} its date. */
    invoiceBackupFile: 'Invoice {number} backup of {date}',
    noFiles: 'No files yet.',
    additionalFilesTitle: 'Additional files',
    noAdditionalFiles: 'No additional files.',
  },

  /** The delivery order area of the shipment detail. */
  deliveryOrders: {
    deliveryOrdersTitle: 'Delivery orders',
    skipDeliveryOrder: 'Skip Delivery Order',
    skipDeliveryOrderHint: 'This shipment needs no delivery order.',
    newDeliveryOrder: 'New Delivery Order',
    noDeliveryOrders: 'No delivery orders yet.',
    earlierDeliveryOrders: showRest('earlier', 'delivery order', 'delivery orders'),
    /** {id} is the order's number. */
    deliveryOrderTitle: 'Delivery Order {id}',
    deliveryOrderApproved: 'Approved',
    deliveryOrderAwaitingApproval: 'Awaiting approval',
    deliveryOrderPdf: 'Delivery order PDF',
    /** {date} is the day the PDF was last sent. */
    deliveryOrderSentOn: 'Sent {date}',
    truckerLabel: 'Trucker',
    warehouseLabel: 'Warehouse',
    containersLabel: 'Containers',
    /** A shipment of many containers or bills: the editor's search by number, and how many the order holds. */
    findContainer: 'Find a container',
    noContainerFound: 'No container number contains “{search}”.',
    findMasterBill: 'Find a master bill',
    findHouseBill: 'Find a house bill',
    noBillFound: 'No bill number contains “{search}”.',
    moreBills: showRest('more', 'bill', 'bills'),
    choicesChosen: '{chosen} of {total} chosen',
    newDeliveryOrderTitle: 'New delivery order (not saved)',
    deliveryOrderNotSaved: 'Not saved',
    billsLabel: 'Bills of lading',
    masterBillsLabel: 'Master',
    houseBillsLabel: 'House',
    noBills: 'No bills of lading on this shipment.',
    saveWithdrawsApproval:
      'Saving these changes withdraws your broker’s approval: the order waits for approval again before it can be sent.',
    /** A shipment with containers and no bill yet: TEXTS.missingContainer's words, of a bill. */
    missingBill:
      'This shipment is still missing a bill of lading. Please wait for that information to be available or contact {email}.',
    noteLabelOrder: 'Note',
    chooseTrucker: 'Select a trucker',
    chooseWarehouse: 'Select a warehouse',
    saveDeliveryOrder: 'Save',
    deleteDeliveryOrder: 'Delete',
    sendDeliveryOrder: 'Send',
    deliveryOrderSaved: 'Delivery order saved.',
    confirmDeleteDeliveryOrder: 'Delete this delivery order?',
    leaveUnsavedOrder: "The delivery order wasn't saved. Are you sure you want to leave?",
    /** Add New's dialogs, closed or left while they hold what was typed. */
    discardNewTrucker: "The new trucker wasn't created. Discard what you typed?",
    discardNewWarehouse: "The new warehouse wasn't created. Discard what you typed?",
    confirmSendUnsaved: 'Your changes to this order are not saved. Send the order as your broker approved it?',
    /** A save refused because the order was saved elsewhere meanwhile: the form keeps what was entered. {fields} names what changed there. */
    changedElsewhereKept:
      'This delivery order was changed elsewhere since this page was opened ({fields}). Nothing was saved, and what you entered is still here: Save again to replace that version with yours.',
    /** Send on an order sent already: the trucker gets the mail again. */
    confirmSendAgain: 'This delivery order was sent on {date}. Send it to the trucker again?',
  },

  /** Settings: the New Trucker form (the New Warehouse form's texts are the spec's). */
  settings: {
    truckerNameLabel: 'Trucker name',
    /** {number} counts from 1; the first contact is the trucker's address, the others its CCs. */
    truckerContactLabel: 'Contact {number}',
    truckerContactsLegend: 'Contacts',
    truckerContactsHint: 'The first address receives the delivery orders; the others are copied.',
    addContact: 'Add contact',
    /** {number} is the contact's position. */
    removeContact: 'Remove contact {number}',
    createTrucker: 'Create Trucker',
    personalTitle: 'Personal information',
    accountNames: 'Account names',
    accountEmail: 'Account email',
    newPassword: 'New password',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    currentPassword: 'Current password',
    currentPasswordHint: 'Needed to change your email or password.',
    notificationsTitle: 'Notification e-mails',
    /** {list} is the list's title. */
    listLegend: '{list} e-mails',
    listRecipient: '{list} recipient',
    /** A list with copies and no recipient: its mail goes to the recipient, copied to the rest. */
    copiesNeedRecipient: 'Copies go with the recipient’s e-mail: add a recipient, or this list receives nothing.',
    listNewCc: 'New CC for {list}',
    listCcCount: '{count}/{max} CC',
    addCc: 'Add CC',
    /** {email} is the CC address. */
    removeCc: 'Remove {email}',
    listTitles: {
      document_emails: 'Documents',
      _7501_emails: '7501',
      invoice_emails: 'Invoice',
      delivery_order_mails: 'Delivery order',
    },
    truckersTitle: 'Truckers',
    warehousesTitle: 'Warehouses',
    noTruckers: 'No truckers yet.',
    noWarehouses: 'No warehouses yet.',
    /** A trucker's fields, under its name. */
    entryNameLabel: 'Name',
    entryEmailLabel: 'Email',
    /** {name} is the list's title or the trucker's name. */
    truckerCcs: 'CC emails of {name}',
    listsReadOnly:
      "Your company's notification e-mails, truckers and warehouses are changed by its primary user and managers.",
    fixOneField: 'One field needs your attention; it is marked above.',
    /** {count} is the number of marked fields. */
    fixFields: '{count} fields need your attention; they are marked above.',
    unsaved: 'Unsaved changes',
    isActive: 'Active',
    activeOf: '{name} active',
    deleteOf: 'Delete {name}',
    restoreOf: 'Keep {name}',
    deletedOnSave: 'Deleted on Save',
    save: 'Save',
    demurrage: {
      title: 'Demurrage and detention e-mails',
      intro: 'Reminders before a container’s last free day, the day charges start, and changes of a last free day.',
      listTitle: 'Demurrage and detention',
      isDefault: 'Until you save this list, these e-mails go to the delivery order list.',
      reminderDays: 'Working days before the last free day',
      reminderDaysHint: 'Monday to Friday: with 2, a Monday last free day is reminded on the Thursday before.',
      loading: 'Loading the demurrage and detention e-mails...',
      loadFailed: 'The demurrage and detention e-mails could not be loaded.',
      saved: 'Demurrage and detention e-mails saved.',
      save: 'Save demurrage and detention e-mails',
    },
  },

  /** The primary user's Security events, reached from Users. */
  securityEvents: {
    /** From and To typed the wrong way round: the list shows the days between, and says so. */
    reversedDays: 'Showing {from} to {to}: the days were typed the wrong way round.',
    title: 'Security events',
    link: 'Security events',
    filters: 'Security event filters',
    userFilter: 'User',
    allUsers: 'All users',
    kindFilter: 'Event',
    allKinds: 'All events',
    fromFilter: 'From date',
    toFilter: 'To date',
    caption: 'Security events',
    columnWhen: 'When',
    columnUser: 'User',
    columnWhat: 'What',
    columnOutcome: 'Outcome',
    columnFrom: 'From',
    columnDetails: 'Details',
    loading: 'Loading security events...',
    empty: 'No security events found.',
    downloadCsv: 'Download CSV',
    downloading: 'Downloading...',
    /** {count} is SECURITY_EVENTS_CSV_MAX_ROWS, formatted. */
    csvCap: 'The CSV holds the newest {count} events the filters select.',
  },

  /** Users. */
  users: {
    newUserTitle: 'New User',
    editUserTitle: 'Edit User',
    /** The browser tab's title of a user's editor; {name} is the user's name. */
    editUserDocumentTitle: 'Edit User: {name}',
    usersFilters: 'User filters',
    usersSearchLabel: 'Search users',
    positionFilterLabel: 'Position',
    addUser: 'Add User',
    columnName: 'Name',
    columnEmail: 'E-mail',
    columnPosition: 'Position',
    columnLinkedAccounts: 'Linked accounts',
    loadingUsers: 'Loading users...',
    noLinkedAccounts: 'None',
    userDetailsLegend: 'User',
    fullNameLabel: 'Full name',
    userNameLabel: 'Username (e-mail)',
    userPasswordLabel: 'Password',
    keepPasswordHint: 'Leave empty to keep the current password.',
    openSettings: 'Open Settings',
    sendPasswordLink: 'E-mail a link to set the password',
    sendPasswordLinkHint: 'The user chooses their own password through a link that works once, for seven days.',
    linkedAccountsLegend: 'Linked accounts',
    noAccountsToLink: 'There are no accounts to link.',
    positionLabel: 'Position',
    choosePosition: 'Select a position',
    activeLabel: 'Active',
    activeHint: 'An inactive user cannot log in.',
    saveUser: 'Save',
    deleteUser: 'Delete user',
    /** {name} is the user's name. */
    confirmDeleteUser: 'Delete {name}? They lose access at once.',
    loadingUser: 'Loading the user...',
    backToUsers: 'Back to users',
  },

  /** Billing. */
  billing: {
    invoiceTitle: 'Invoice',
    billingFilters: 'Invoice filters',
    invoiceSearchLabel: 'Search invoices',
    invoiceAccountFilterLabel: 'Account number',
    paymentStatusFilterLabel: 'Payment status',
    columnInvoiceNumber: 'Invoice Number',
    columnFileNumber: 'File Number',
    columnAccount: 'Account',
    columnMasterBill: 'Master Bill of Lading',
    columnInvoiceContainers: 'Container Number(s)',
    columnCustomerReference: 'Reference Number',
    columnInvoiceDate: 'Date',
    columnAmount: 'Amount',
    columnDueDate: 'Due Date',
    columnPaid: 'Status',
    invoicesCaption: 'Invoices',
    loadingInvoices: 'Loading invoices...',
    paymentMethods: 'Payment methods',
    paymentInstructionsTitle: 'Payment Instructions',
    bankName: 'Bank',
    accountName: 'Account name',
    bankAccountNumber: 'Account number',
    achRoutingNumber: 'ACH routing number',
    wireRoutingNumber: 'Wire routing number',
    swiftCode: 'SWIFT',
    /** The copy buttons' names, one a bank detail. */
    copyBankName: 'Copy bank name',
    copyAccountName: 'Copy account name',
    copyAccountNumber: 'Copy account number',
    copyAchRoutingNumber: 'Copy ACH routing number',
    copyWireRoutingNumber: 'Copy wire routing number',
    copySwiftCode: 'Copy SWIFT code',
    quickPayRecipient: 'Recipient',
    quickPayEmail: 'Send to',
    checkImageEmailsIntro: 'E-mail a picture of the check to one of:',
    mailCheckIntro: 'Make the check payable to {payee} and mail it to:',
    invoicePdfTitle: 'Invoice {number} PDF',
    invoiceDetails: 'Invoice details',
    exporting: 'Exporting...',
    loadingPdf: 'Loading the PDF...',
    backToBilling: 'Back to billing',
  },
  customsEntry: {
    title: 'Customs entry',
    loading: 'Loading the customs entry...',
    loadFailed: 'The customs entry could not be loaded.',
    notFiled: 'Your broker has not filed the customs entry yet.',
    entryNumber: 'Entry number',
    entryType: 'Entry type',
    port: 'Port of entry',
    entryDate: 'Entry date',
    summaryDate: 'Summary date',
    releaseDate: 'Release date',
    liquidation: 'Liquidation',
    bond: 'Bond',
    importerOfRecord: 'Importer of record',
    mode: 'Mode',
    origin: 'Country of origin',
    export: 'Country of export',
    enteredValue: 'Entered value',
    duty: 'Duty',
    mpf: 'MPF',
    hmf: 'HMF',
    otherFees: 'Other fees',
    totalDue: 'Total due',
    /** Among the totals, on an entry with lines flagged Section 301: the Section 301 duty the broker sent of them. */
    section301Total: 'Section 301 duty',
    /** After that sum: {count} of the flagged lines came without their Section 301 duty. */
    section301LinesNotGiven: '{count} lines not given',
    section301OneLineNotGiven: '1 line not given',
    section301TotalNotGiven: 'not given',
    holdsTitle: 'Agency holds and releases',
    noDispositions: 'No agency has acted on this entry yet.',
    linesTitle: 'Lines ({count})',
    lineNumber: 'Line',
    hts: 'HTS number',
    description: 'Description',
    quantity: 'Quantity',
    rate: 'Duty rate',
    flags: 'Flags',
    adcvd: 'AD/CVD',
    section301: 'Section 301',
    /** Under a line's duty: {amount} is its Section 301 part. */
    section301Duty: 'Section 301: {amount}',
    section301DutyNotGiven: 'Section 301: not given',
    moreLines: 'Show more lines',
    loadingLines: 'Loading lines...',
    earlierEntries: 'Earlier entries: {numbers}',
    approve: 'Approve',
    query: 'Query',
    queryComment: 'What should your broker check?',
    sendQuery: 'Send query',
    approved: 'The 7501 is approved.',
    queried: 'Your query was sent to your broker.',
    approvedBy: 'Approved by {name} on {when}',
    queriedBy: 'Queried by {name} on {when}',
    ruleTitle: '7501 approval',
    ruleIntro: 'Which 7501s wait for your approval before your broker files them:',
    ruleNone: 'None',
    ruleAll: 'Every 7501',
    ruleAbove: 'Only 7501s with duty above an amount',
    ruleThreshold: 'Duty above (USD)',
    ruleSave: 'Save 7501 approval',
    ruleSaved: '7501 approval saved.',
    ruleReadOnly: 'Your primary user or a manager sets this.',
    ruleLoadFailed: 'The 7501 approval could not be loaded.',
    ruleLoading: 'Loading the 7501 approval...',
  },
} as const;

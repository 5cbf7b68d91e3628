/**
 * Texts only the web client shows: labels, headings and buttons, some named by the spec (column
 * headers, Search, Previous, Next, Missing) and some not. Messages the spec quotes, and the texts
 * both sides share, always come from `@clearport/contract/texts`.
 *
 * Grouped by the screen that shows them; `common` holds those several screens share.
 */
export const WEB_TEXTS = {
  /** Shared by several screens. */
  common: {
    productName: 'Clearport',
    sending: 'Sending...',
    notAvailableYet: 'This screen is not available yet.',
    notAvailableYetDetail: 'It is being built and will appear here in a coming release.',
    /** After a +N button: its accessible name reads "+3 more". */
    showMore: 'more',
    showLess: 'Show less',
    submitting: 'Submitting...',
    referenceLabel: 'Reference number',
    saving: 'Saving...',
    deleting: 'Deleting...',
    cancel: 'Cancel',
    goHome: 'Go to home',
    tryAgain: 'Try again',
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

  /** Login, Forgot password and Reset password. */
  auth: {
    authPitch: 'Your import shipments, documents and invoices in one place.',
    authPitchDetail: 'Track entries from ISF filing to release, and keep your customs paperwork moving.',
    loginTitle: 'Sign in to your account',
    usernameLabel: 'Username',
    passwordLabel: 'Password',
    loginButton: 'Login',
    loggingIn: 'Logging in...',
    forgotPasswordLink: 'Forgot password?',
    forgotPasswordTitle: 'Forgot password',
    forgotPasswordIntro: 'Enter the e-mail address of your account and we will send you a link to reset your password.',
    emailLabel: 'Email address',
    forgotPasswordButton: 'Submit',
    backToLogin: 'Back to login',
    resetPasswordTitle: 'Reset password',
    newPasswordLabel: 'New password',
    confirmPasswordLabel: 'Confirm password',
    resetPasswordIntro: 'Enter the e-mail address of your account and choose a new password.',
    resetPasswordButton: 'Change password',
    resetting: 'Saving...',
    goToLogin: 'Go to login',
  },

  /** Home: the count boxes and the notification. */
  home: {
    notification: 'Notification',
    dismissNotification: 'Dismiss notification',
    shipmentCounts: 'Shipment counts',
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
    searchPlaceholder: 'Search',
    searchLabel: 'Search shipments',
    statusFilterLabel: 'Status',
    accountFilterLabel: 'Account',
    dateFilterLabel: 'Date',
    loadingShipments: 'Loading shipments...',
    noShipments: 'No shipments found',
    previousPage: 'Previous',
    nextPage: 'Next',
    pagination: 'Pagination',
    missingDocuments: 'Missing',
    missingDocumentsIcon: 'Documents missing',
    allDocumentsSubmitted: 'All documents submitted',
    /** {type} is a document type. */
    documentSubmitted: '{type} submitted',
    documentNotSubmitted: '{type} not submitted',
    /** {review} is the FDA review value. */
    fdaHold: 'FDA hold: {review}',
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
    isfNumberLabel: 'ISF transaction no.',
    isfDateLabel: 'ISF submitted on',
    isfNotFiled: 'The ISF has not been filed yet.',
    brokerDocumentNote: 'Note from your broker',
    documentTypesLegend: 'Documents submitted',
    documentTypeRequired: 'Required',
    noDocumentTypes: 'No document types are listed for this shipment yet.',
    uploadLabel: 'Upload documents',
    dropAreaText: 'Drag and drop files here, or click to choose them',
    dropAreaActive: 'Drop the files to upload them',
    dropAreaHint: 'PDF, Excel, Word or PNG files, up to 20 MB each.',
    /** {file} is the file name. */
    uploading: 'Uploading {file}...',
    /** {file} is the file name. */
    documentUploaded: '{file} uploaded.',
    uploadedDocuments: 'Uploaded documents',
    noUploadedDocuments: 'No documents uploaded yet.',
    /** {name} is the file name. */
    deleteDocument: 'Delete {name}',
    dischargeDateLabel: 'Discharge date',
    notesTitle: 'Notes',
    noNotes: 'No notes yet.',
    noteLabel: 'Add a note',
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
    review7501Title: '7501',
    review7501: '7501 reviewed',
    filesTitle: 'Files',
    file7501: '7501 Entry Summary',
    /** {date} is the invoice's date. */
    invoiceFile: 'Invoice of {date}',
    /** {date} is the invoice's date. */
    invoiceBackupFile: 'Invoice backup of {date}',
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
    newDeliveryOrderTitle: 'New delivery order (not saved)',
    deliveryOrderNotSaved: 'Not saved',
    billsLabel: 'Bills of lading',
    masterBillsLabel: 'Master',
    houseBillsLabel: 'House',
    noBills: 'No bills of lading on this shipment.',
    noteLabelOrder: 'Note',
    chooseTrucker: 'Select a trucker',
    chooseWarehouse: 'Select a warehouse',
    saveDeliveryOrder: 'Save',
    deleteDeliveryOrder: 'Delete',
    sendDeliveryOrder: 'Send',
    deliveryOrderSaved: 'Delivery order saved.',
    confirmDeleteDeliveryOrder: 'Delete this delivery order?',
    confirmSendUnsaved: 'Your changes to this order are not saved. Send the order as your broker approved it?',
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
  },

  /** Users. */
  users: {
    newUserTitle: 'New User',
    editUserTitle: 'Edit User',
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
  },
} as const;

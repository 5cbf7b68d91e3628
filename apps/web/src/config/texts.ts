/**
 * Texts only the web client shows: labels, headings and buttons, some named by the spec (column
 * headers, Search, Previous, Next, Missing) and some not. Messages the spec quotes, and the texts
 * both sides share, always come from `@clearport/contract/texts`.
 */
export const WEB_TEXTS = {
  productName: 'Clearport',
  productTagline: 'Client portal',
  authPitch: 'Your import shipments, documents and invoices in one place.',
  authPitchDetail: 'Track entries from ISF filing to release, and keep your customs paperwork moving.',

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
  sending: 'Sending...',
  backToLogin: 'Back to login',

  resetPasswordTitle: 'Reset password',
  newPasswordLabel: 'New password',
  confirmPasswordLabel: 'Confirm password',
  resetPasswordIntro: 'Enter the e-mail address of your account and choose a new password.',
  resetPasswordButton: 'Change password',
  resetting: 'Saving...',
  goToLogin: 'Go to login',

  notAvailableYet: 'This screen is not available yet.',
  notAvailableYetDetail: 'It is being built and will appear here in a coming release.',
  newUserTitle: 'New User',
  editUserTitle: 'Edit User',
  shipmentTitle: 'Shipment',
  invoiceTitle: 'Invoice',

  notification: 'Notification',
  dismissNotification: 'Dismiss notification',
  shipmentCounts: 'Shipment counts',

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
  /** After a +N button: its accessible name reads "+3 more". */
  showMore: 'more',
  showLess: 'Show less',
  missingDocuments: 'Missing',
  missingDocumentsIcon: 'Documents missing',
  allDocumentsSubmitted: 'All documents submitted',
  /** {type} is a document type. */
  documentSubmitted: '{type} submitted',
  documentNotSubmitted: '{type} not submitted',
  /** {review} is the FDA review value. */
  fdaHold: 'FDA hold: {review}',

  goHome: 'Go to home',
  tryAgain: 'Try again',
} as const;

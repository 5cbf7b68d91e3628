/**
 * Texts of the web client that the spec does not quote, so they are not in
 * `@clearport/contract/texts`. Quoted texts always come from the contract.
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

  goHome: 'Go to home',
  tryAgain: 'Try again',
} as const;

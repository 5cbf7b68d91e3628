/**
 * The signed-out pages' texts (login, forgot and reset password), apart from WEB_TEXTS, which those
 * pages do not download.
 */
export const AUTH_TEXTS = {
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
  /** A new user's set-password link (`welcome=1`) opens the reset-password page under these. */
  setPasswordTitle: 'Set your password',
  /** {name} is the user's name. */
  setPasswordIntro: 'Hello {name}, choose the password of your Clearport account.',
  setPasswordIntroNoName: 'Choose the password of your Clearport account.',
  setPasswordButton: 'Set password',
  resetting: 'Saving...',
  goToLogin: 'Go to login',
} as const;

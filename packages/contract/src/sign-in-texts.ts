/**
 * The quoted texts of the pages before sign-in and of the portal's frame (loading, not found, an
 * error): TEXTS holds them too. The web client's entry and signed-out pages import this module
 * alone, so their first download carries no other screen's texts.
 */
export const SIGN_IN_TEXTS = {
  notFound: 'ERROR THIS PAGE DOES NOT EXIST',
  routeError: 'THERE HAS BEEN AN ERROR, TRY AGAIN!',
  unexpectedApplicationError: 'Unexpected Application Error!',
  loadingTitle: 'Loading...',
  loadingFullScreen: 'Loading please wait...',
  usernameEmpty: 'Username cannot be empty',
  passwordEmpty: 'Password cannot be empty',
  usernameAndPasswordEmpty: 'Username and Password cannot be empty',
  loginFailed: 'The username and password did not match.',
  emailInvalid: 'Email address invalid',
  forgotPasswordSuccess: 'Please check your email for instructions how to reset your password.',
  resetEmailEmpty: 'Email cannot be empty',
  resetEmailInvalid: 'Please enter a valid email address',
  resetPasswordEmpty: 'Password cannot be empty',
  resetPasswordTooShort: 'Password should be at least 6 characters long',
  /** Beyond the spec: 400 naming the field, a new password on the list of common and breached ones. */
  passwordTooCommon: 'This password is too common or has appeared in a data breach. Choose another one.',
  resetConfirmEmpty: 'Please confirm your password',
  resetPasswordsDiffer: 'Password and confirm password should match',
  resetInvalid: 'Please enter a valid email and password',
  resetSuccess: 'Your password has been changed!',
  genericError: 'Something went wrong. Please, try again in a few minutes!',
  /** Beyond the spec: a page opened before another user signed in on the browser calls the API no more. */
  otherUserSignedIn: 'Another user has signed in on this browser. Reload the page to continue as them.',
} as const;

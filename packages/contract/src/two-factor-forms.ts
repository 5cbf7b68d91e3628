/*
 * Two-factor sign-in's constants, texts and the login form's own checks. Nothing here imports
 * zod: the login route imports this module and stays free of the schemas' library.
 */

/**
 * Two-factor sign-in (docs/decisions/0034-two-factor.md): an authenticator app's codes (TOTP,
 * RFC 6238: SHA-1, 6 digits, 30 seconds) after the password, or one of ten single-use recovery
 * codes; enrolment in Settings, or at sign-in when the company requires it.
 */
export const TWO_FACTOR = {
  digits: 6,
  periodSeconds: 30,
  /** Codes of the step before and after the server's are accepted too: clocks drift. */
  window: 1,
  recoveryCodes: 10,
  issuer: 'Clearport',
} as const;

export const TWO_FACTOR_TEXTS = {
  section: 'Two-factor sign-in',
  companySection: 'Company sign-in',
  requireForCompany: 'Require two-factor sign-in for everyone in the company',
  on: 'Two-factor sign-in is on.',
  off: 'Two-factor sign-in is off. Add an authenticator app to sign in with a code as well as your password.',
  turnOn: 'Set up two-factor sign-in',
  remove: 'Turn off two-factor sign-in',
  regenerate: 'New recovery codes',
  password: 'Password',
  code: 'Authentication code',
  recoveryCode: 'Recovery code',
  useRecoveryCode: 'Use a recovery code',
  useAppCode: 'Use a code from the app',
  scan: 'Scan this QR code with your authenticator app, or type the key below, then enter the 6-digit code it shows.',
  secretLabel: 'Key',
  qrAlt: 'QR code for your authenticator app',
  recoveryCodesTitle: 'Your recovery codes',
  recoveryCodesHint:
    'Keep these codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.',
  copy: 'Copy codes',
  download: 'Download codes',
  done: 'Done',
  continue: 'Continue',
  verify: 'Verify',
  codeStepTitle: 'Two-factor sign-in',
  codeStepHint: 'Enter the 6-digit code from your authenticator app.',
  recoveryStepHint: 'Enter one of your recovery codes.',
  enrolStepTitle: 'Set up two-factor sign-in',
  enrolStepHint: 'Your company requires two-factor sign-in. Set it up to continue.',
  recoveryCodesLeft: (count: number) => `Recovery codes left: ${count}`,
  resetForUser: 'Reset two-factor sign-in',
  confirmResetForUser: 'Reset this user’s two-factor sign-in? They set it up again with a new device.',
  resetForUserDone: 'Two-factor sign-in was reset. The user sets it up again at their next sign-in.',
  requireSaved: 'Saved.',
  stopRequiring: 'Stop requiring',
  stopRequiringHint: 'Enter your password to stop requiring two-factor sign-in for everyone in the company.',
  removed: 'Two-factor sign-in is off.',
} as const;

/**
 * Wrong codes (app or recovery) a user's second factor takes within a day of the first; then it
 * takes none until that day is over or it is reset. A guesser who knows the password has this many
 * tries at a million codes a day, not the login throttle's thousands.
 */
export const SECOND_FACTOR_WRONG_CODES_PER_DAY = 10;

export const TWO_FACTOR_ERRORS = {
  codeEmpty: 'Enter the 6-digit code from your authenticator app.',
  codeWrong: 'The code did not match. Enter the newest code from your app.',
  recoveryCodeWrong: 'That recovery code did not match, or it was already used.',
  passwordEmpty: 'Enter your password.',
  challengeExpired: 'Your sign-in has expired. Please sign in again.',
  notEnrolled: 'Two-factor sign-in is not on.',
  alreadyEnrolled: 'Two-factor sign-in is already on.',
  noSetupStarted: 'Start the set-up again to get a new QR code.',
  requiredByCompany: 'Your company requires two-factor sign-in, so it cannot be turned off.',
  notAllowed: 'Only the primary user and managers can change this.',
  /** 429: SECOND_FACTOR_WRONG_CODES_PER_DAY wrong codes within a day. */
  tooManyWrongCodes:
    "Too many wrong codes: no more are taken until a day after the first of them. Your company's primary user or a manager can reset your two-factor sign-in.",
  /** The server cannot open the app's key any more (its TWO_FACTOR_KEY or secret.key changed). */
  appKeyUnreadable:
    "Codes from your authenticator app cannot be checked on this server any more. Sign in with one of your recovery codes, or ask your company's primary user or a manager to reset your two-factor sign-in.",
} as const;

/** A recovery code as it is typed: case, spaces and dashes do not matter. */
export function normalRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** A 6-digit code, ignoring spaces; anything else is read as a recovery code. */
export function isAppCode(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s/g, ''));
}

/** What the login answers when a second step is due (two-factor.ts: LoginChallengeResponse). */
export type LoginChallenge = { challenge: string; step: 'second_factor' | 'enrol' };

export function isLoginChallenge(reply: object): reply is LoginChallenge {
  return 'challenge' in reply;
}

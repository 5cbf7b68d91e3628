import { SIGN_IN_TEXTS } from './sign-in-texts.ts';

/*
 * The login form's own checks. Nothing here imports zod: the login route imports this module and
 * stays free of the schemas' library.
 */

/** The login form's own checks, in the spec's words; null when the form may be sent. */
export function loginFormError(userName: string, password: string): string | null {
  const hasUser = userName.trim() !== '';
  const hasPassword = password !== '';
  if (!hasUser && !hasPassword) return SIGN_IN_TEXTS.usernameAndPasswordEmpty;
  if (!hasUser) return SIGN_IN_TEXTS.usernameEmpty;
  if (!hasPassword) return SIGN_IN_TEXTS.passwordEmpty;
  return null;
}

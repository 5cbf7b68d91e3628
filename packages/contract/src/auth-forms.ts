import { TEXTS } from './texts.ts';

/*
 * The login form's own checks. Nothing here imports zod: the login route imports this module and
 * stays free of the schemas' library.
 */

/** The login form's own checks, in the spec's words; null when the form may be sent. */
export function loginFormError(userName: string, password: string): string | null {
  const hasUser = userName.trim() !== '';
  const hasPassword = password !== '';
  if (!hasUser && !hasPassword) return TEXTS.usernameAndPasswordEmpty;
  if (!hasUser) return TEXTS.usernameEmpty;
  if (!hasPassword) return TEXTS.passwordEmpty;
  return null;
}

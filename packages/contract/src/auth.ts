import { z } from 'zod';
import { loginFormError } from './auth-forms.ts';
import { ENTRY_APPROVAL_MODES } from './customs-entry.ts';
import { EMAIL_MAX_LENGTH, isEmail } from './email-address.ts';
import { PASSWORD_MIN_LENGTH } from './constants.ts';
import { Email } from './http.ts';
import { TEXTS } from './texts.ts';

/**
 * POST user/login. An empty user name or password is refused in the spec's words, both empty in
 * one (section 5), as the login form checks them (loginFormError).
 */
export const LoginRequest = z
  .object({
    userName: z.string().trim().max(254),
    password: z.string().max(1024),
  })
  .superRefine(({ userName, password }, context) => {
    const message = loginFormError(userName, password);
    if (message !== null)
      context.addIssue({ code: 'custom', path: [userName === '' ? 'userName' : 'password'], message });
  });
export type LoginRequest = z.infer<typeof LoginRequest>;

/**
 * `primary` and `company_primary_contact` both carry the company's primary contact name:
 * the spec's client reads either one.
 */
export const LoginResponse = z.object({
  token: z.string(),
  name: z.string(),
  role: z.number().int(),
  primary: z.string(),
  company_primary_contact: z.string(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const ProfileResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.number().int(),
  /** `entry_approval`: which 7501s the company confirms (decision 0026), so Home knows its boxes before their counts. */
  company: z.object({
    id: z.number().int(),
    name: z.string(),
    primary_contact: z.string(),
    entry_approval: z.enum(ENTRY_APPROVAL_MODES),
    /** The company's time zone (IANA): its day is the one last free days, reports' months and the overdue count by. */
    time_zone: z.string(),
  }),
  accounts: z.array(z.object({ account_no: z.string(), document_tracking: z.boolean() })),
  /** Beyond the spec: minutes a session may stay unused before it ends (decision 0033), for the web's warning. */
  session_idle_minutes: z.number().int().positive(),
  /** Beyond the spec: the brokerage's contact address (BROKER_EMAIL), which the spec's texts name as {email}. */
  broker_email: z.string(),
});
export type ProfileResponse = z.infer<typeof ProfileResponse>;

export const ForgotPasswordRequest = z.object({ email: Email });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

export const ResetPasswordParams = z.object({ token: z.string().min(1).max(200) });

export const ResetPasswordRequest = z
  .object({
    email: z
      .string()
      .trim()
      .min(1, TEXTS.resetEmailEmpty)
      .max(EMAIL_MAX_LENGTH, { error: TEXTS.resetEmailInvalid, abort: true })
      .refine(isEmail, TEXTS.resetEmailInvalid),
    password: z
      .string()
      .min(1, TEXTS.resetPasswordEmpty)
      .min(PASSWORD_MIN_LENGTH, TEXTS.resetPasswordTooShort)
      .max(1024),
    password_confirmation: z.string().min(1, TEXTS.resetConfirmEmpty).max(1024),
  })
  .refine((body) => body.password === body.password_confirmation, {
    message: TEXTS.resetPasswordsDiffer,
    path: ['password_confirmation'],
  });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

/** The reset form's first failing check, in the spec's words; null when the form may be sent. */
export function resetFormError(values: ResetPasswordRequest): string | null {
  const result = ResetPasswordRequest.safeParse(values);
  return result.success ? null : (result.error.issues[0]?.message ?? TEXTS.resetInvalid);
}

/**
 * The query of a new user's set-password link (the reset-password page with `welcome=1`): the
 * user's name, to greet them, and their e-mail, shown read-only. Both are already in the mail's
 * own text; the page reads nothing about the token from the server, and the reset still checks the
 * e-mail against the token's user, so a link changed by hand only fails.
 */
export type SetPasswordWelcome = { name: string; email: string };

export function setPasswordLinkQuery({ name, email }: SetPasswordWelcome): string {
  return `welcome=1&name=${encodeURIComponent(name)}&email=${encodeURIComponent(email)}`;
}

/** A link's query as the contract reads it: URLSearchParams on either side. */
type LinkQuery = { get(name: string): string | null };

/** The welcome a set-password link carries; null for an ordinary reset link. */
export function setPasswordWelcomeOf(query: LinkQuery): SetPasswordWelcome | null {
  if (query.get('welcome') !== '1') return null;
  return { name: query.get('name')?.trim() ?? '', email: query.get('email')?.trim() ?? '' };
}

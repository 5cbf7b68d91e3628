import { z } from 'zod';
import { LoginResponse } from './auth.ts';
import { TWO_FACTOR_ERRORS } from './two-factor-forms.ts';

/** Two-factor sign-in's calls (docs/decisions/0034-two-factor.md); its texts are in two-factor-forms.ts. */
const Code = z.string().trim().min(1, TWO_FACTOR_ERRORS.codeEmpty).max(64);
const Password = z.string().min(1, TWO_FACTOR_ERRORS.passwordEmpty).max(1024);
const Challenge = z.string().min(1).max(200);

/**
 * What the login answers when the password is right but the sign-in needs a second step: a code
 * (`second_factor`), or setting up a second factor the company requires (`enrol`). The challenge
 * is short-lived, single-use and bound to the user; the following calls carry it instead of a
 * session.
 */
export const LoginChallengeResponse = z.object({
  challenge: z.string(),
  step: z.enum(['second_factor', 'enrol']),
});
export type LoginChallengeResponse = z.infer<typeof LoginChallengeResponse>;

/** The login's answer: the spec's LoginResponse for a plain login, or a challenge. */
export const LoginReply = z.union([LoginResponse, LoginChallengeResponse]);
export type LoginReply = z.infer<typeof LoginReply>;

/** The login's second step: a 6-digit code or a recovery code. */
export const LoginSecondFactorRequest = z.object({ challenge: Challenge, code: Code });
export type LoginSecondFactorRequest = z.infer<typeof LoginSecondFactorRequest>;

/** Enrolment at sign-in, under an `enrol` challenge. */
export const LoginEnrolmentRequest = z.object({ challenge: Challenge });
export type LoginEnrolmentRequest = z.infer<typeof LoginEnrolmentRequest>;
export const LoginEnrolmentConfirmRequest = z.object({ challenge: Challenge, code: Code });
export type LoginEnrolmentConfirmRequest = z.infer<typeof LoginEnrolmentConfirmRequest>;

/** The recovery codes, shown once, and the session that starts with them. */
export const LoginEnrolmentConfirmResponse = z.object({
  recovery_codes: z.array(z.string()),
  session: LoginResponse,
});
export type LoginEnrolmentConfirmResponse = z.infer<typeof LoginEnrolmentConfirmResponse>;

export const TwoFactorResponse = z.object({
  enabled: z.boolean(),
  recovery_codes_left: z.number().int(),
  company: z.object({ require_two_factor: z.boolean(), can_change: z.boolean() }),
});
export type TwoFactorResponse = z.infer<typeof TwoFactorResponse>;

/** Set-up starts after the password again. */
export const StartTwoFactorRequest = z.object({ current_password: Password });
export type StartTwoFactorRequest = z.infer<typeof StartTwoFactorRequest>;

/** The new secret: as the otpauth URI, its QR code (SVG) and typed. */
export const TwoFactorSetupResponse = z.object({ secret: z.string(), uri: z.string(), qr_svg: z.string() });
export type TwoFactorSetupResponse = z.infer<typeof TwoFactorSetupResponse>;

export const ConfirmTwoFactorRequest = z.object({ code: Code });
export type ConfirmTwoFactorRequest = z.infer<typeof ConfirmTwoFactorRequest>;

export const RecoveryCodesResponse = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponse>;

/** Turning the second factor off, or new recovery codes: the password, then a current code. */
export const TwoFactorReauthRequest = z.object({ current_password: Password, code: Code });
export type TwoFactorReauthRequest = z.infer<typeof TwoFactorReauthRequest>;

/**
 * The company's requirement of a second factor. Turning it off weakens every colleague's sign-in,
 * so `current_password` is needed then (400 naming it when missing or wrong); turning it on needs
 * nothing more.
 */
export const CompanyTwoFactorRequest = z.object({
  require_two_factor: z.boolean(),
  current_password: Password.optional(),
});
export type CompanyTwoFactorRequest = z.infer<typeof CompanyTwoFactorRequest>;

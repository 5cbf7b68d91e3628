import type { LoginResponse } from '@clearport/contract/auth';
import { API_PATHS } from '@clearport/contract/paths';
import { api } from '../../../lib/api-client.ts';
import { useFormRequest } from '../../../hooks/use-form-request.ts';

export type TwoFactorSetup = { secret: string; uri: string; qr_svg: string };

export function loginEnrolment(body: { challenge: string }): Promise<TwoFactorSetup> {
  return api.post(API_PATHS.loginEnrolment, body, { isAuthenticated: false });
}

/** Starts setting up the second factor the company requires, under the login's challenge. */
export function useLoginEnrolment() {
  return useFormRequest(loginEnrolment);
}

export function loginEnrolmentConfirm(body: {
  challenge: string;
  code: string;
}): Promise<{ recovery_codes: string[]; session: LoginResponse }> {
  return api.post(API_PATHS.loginEnrolmentConfirm, body, { isAuthenticated: false });
}

/** Confirms it with a first code: the recovery codes to show, and the session to start after them. */
export function useLoginEnrolmentConfirm() {
  return useFormRequest(loginEnrolmentConfirm);
}

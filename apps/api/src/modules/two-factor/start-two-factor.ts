import type { TwoFactorSetupResponse } from '@clearport/contract/two-factor';
import { refused, type Refused } from '../../lib/action.ts';
import { sealSecret } from '../../lib/secret-box.ts';
import type { TwoFactorDeps } from './pass-second-factor.ts';
import { ALREADY_ENROLLED } from './two-factor.refusals.ts';
import { twoFactorRepository } from './two-factor.repository.ts';
import { newTotpSecret, otpauthUri } from './two-factor.rules.ts';

/**
 * Starts setting up an authenticator: a new key, kept unconfirmed until a first code of it
 * passes. The caller has shown the password (Settings) or holds an enrolment challenge (sign-in).
 * The QR code is drawn here as SVG, so the web carries no QR library.
 */
export async function startTwoFactor(
  deps: TwoFactorDeps,
  user: { id: number; email: string },
): Promise<TwoFactorSetupResponse | Refused> {
  const secret = newTotpSecret();
  const isSaved = await twoFactorRepository.saveSetup(deps.db, user.id, sealSecret(deps.secretKey, secret));
  if (!isSaved) return refused(ALREADY_ENROLLED);
  const uri = otpauthUri(secret, user.email);
  // Loaded at the first set-up rather than at the server's start.
  const { default: QRCode } = await import('qrcode');
  const qr_svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qr_svg };
}

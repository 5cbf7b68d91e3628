import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { isAppCode, normalRecoveryCode, TWO_FACTOR } from '@clearport/contract/two-factor-forms';

/** A new authenticator key: 160 random bits (RFC 4226's recommended length), as base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: TWO_FACTOR.issuer,
    label,
    algorithm: 'SHA1',
    digits: TWO_FACTOR.digits,
    period: TWO_FACTOR.periodSeconds,
    secret: Secret.fromBase32(secret),
  });
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function otpauthUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/** The 30-second step of a moment. */
export function stepAt(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TWO_FACTOR.periodSeconds);
}

/**
 * The step a 6-digit code belongs to, within one step of now either way, or null. The caller
 * refuses a step at or before the last one used, so each code passes once.
 */
export function stepOfCode(secret: string, code: string, nowMs: number): number | null {
  // Six ASCII digits (isAppCode), or no step: the library compares the code's bytes, and throws on other lengths.
  if (!isAppCode(code)) return null;
  const token = code.replace(/\s/g, '');
  const delta = totpOf(secret).validate({ token, timestamp: nowMs, window: TWO_FACTOR.window });
  return delta === null ? null : stepAt(nowMs) + delta;
}

const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * Ten recovery codes of 120 random bits each (four groups of six base32 letters): at 112 bits
 * and more a plain SHA-256 stores them soundly (ASVS 6.5.2), so checking one costs no slow hash.
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: TWO_FACTOR.recoveryCodes }, () => {
    const letters = [...randomBytes(24)].map((byte) => RECOVERY_ALPHABET[byte % 32]).join('');
    return letters.match(/.{6}/g)!.join('-');
  });
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalRecoveryCode(code)).digest('hex');
}

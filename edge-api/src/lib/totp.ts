import { Secret, TOTP } from 'otpauth';
import { PRODUCT_NAME } from './mail-templates';

/**
 * TOTP (RFC 6238) through `otpauth`, a maintained, dependency-light implementation that runs on Node and workerd:
 * SHA-1, 6 digits, 30-second steps (what every authenticator app reads from an otpauth:// URL), 160-bit secrets.
 */
export const TOTP_PERIOD_SECONDS = 30;

function totpFor(secretBase32: string, label = 'account'): TOTP {
  return new TOTP({
    issuer: PRODUCT_NAME,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUrl(secretBase32: string, email: string): string {
  return totpFor(secretBase32, email).toString();
}

/**
 * The time step this 6-digit code belongs to, accepting one step of clock drift either way, or null when it matches
 * none. Callers refuse a step at or before the last one used (no code works twice).
 */
export function matchTotpStep(secretBase32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secretBase32).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

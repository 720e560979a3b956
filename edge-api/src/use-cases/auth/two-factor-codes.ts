import { and, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import { recoveryCodes, userTwoFactor } from '../../db/schema';
import type { Services } from '../../env';
import { hashOpaqueToken } from '../../lib/opaque-token';
import { matchTotpStep } from '../../lib/totp';

/** Shared by setup, enable, disable and the login's second step: the sealed secret, codes, recovery codes. */

export const RECOVERY_CODE_COUNT = 10;
/** 32 letters and digits without look-alikes (no 0/o, 1/l): 5 bits a character, 50 bits a code. */
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

export const INVALID_CODE_MESSAGE = 'That code is not valid. Enter the current code from your authenticator app.';

const sealData = (userId: string) => `totp:${userId}`;

export function sealTotpSecret(services: Services, userId: string, secret: string): Promise<string> {
  return services.providerKeys.encrypt(secret, sealData(userId));
}

export async function twoFactorOf(services: Services, userId: string) {
  const [row] = await services.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId)).limit(1);
  return row;
}

export async function isTwoFactorEnabled(services: Services, userId: string): Promise<boolean> {
  const [row] = await services.db
    .select({ userId: userTwoFactor.userId })
    .from(userTwoFactor)
    .where(and(eq(userTwoFactor.userId, userId), isNotNull(userTwoFactor.enabledAt)))
    .limit(1);
  return Boolean(row);
}

/**
 * Accepts a 6-digit code once: it must match the secret (one step of drift either way) for a time step after the last
 * one used, and that step is recorded by compare-and-set, so a code (or an older one) never works twice, even when two
 * requests race with it.
 */
export async function acceptTotpCode(
  services: Services,
  row: { userId: string; secretSealed: string; lastUsedStep: number },
  code: string,
): Promise<boolean> {
  const secret = await services.providerKeys.decrypt(row.secretSealed, sealData(row.userId));
  const step = matchTotpStep(secret, code, services.clock.now());
  if (step === null || step <= row.lastUsedStep) return false;
  const claimed = await services.db
    .update(userTwoFactor)
    .set({ lastUsedStep: step })
    .where(and(eq(userTwoFactor.userId, row.userId), lt(userTwoFactor.lastUsedStep, step)))
    .returning({ userId: userTwoFactor.userId });
  return claimed.length > 0;
}

export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Spends one unused recovery code of the user (compare-and-set on used_at). */
export async function acceptRecoveryCode(services: Services, userId: string, code: string): Promise<boolean> {
  const normalized = normalizeRecoveryCode(code);
  if (normalized.length !== 10) return false;
  const spent = await services.db
    .update(recoveryCodes)
    .set({ usedAt: services.clock.now().toISOString() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashOpaqueToken(normalized)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return spent.length > 0;
}

/** Ten fresh codes, `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = crypto.getRandomValues(new Uint8Array(10));
    const chars = Array.from(bytes, (b) => RECOVERY_ALPHABET[b % 32]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

import { and, count, eq, isNull } from 'drizzle-orm';
import { recoveryCodes } from '../../db/schema';
import type { Services } from '../../env';
import { twoFactorOf } from './two-factor-codes';

export async function getTwoFactorStatus(
  services: Services,
  userId: string,
): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
  const row = await twoFactorOf(services, userId);
  if (!row?.enabledAt) return { enabled: false, recoveryCodesLeft: 0 };
  const [left] = await services.db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return { enabled: true, recoveryCodesLeft: left?.n ?? 0 };
}

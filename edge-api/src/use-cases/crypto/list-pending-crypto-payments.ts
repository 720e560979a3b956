import { and, desc, eq, gte } from 'drizzle-orm';
import { type LedgerEntryRow, ledgerEntries } from '../../db/schema';
import type { Services } from '../../env';

/** SPEC §9: pending crypto payments are listed for 24 hours. */
export const PENDING_PAYMENT_WINDOW_MS = 24 * 60 * 60_000;

/** The user's own pending crypto payments younger than 24 h, newest first. */
export async function listPendingCryptoPayments(
  services: Services,
  input: { userId: string },
): Promise<LedgerEntryRow[]> {
  const since = new Date(services.clock.now().getTime() - PENDING_PAYMENT_WINDOW_MS).toISOString();
  return services.db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, input.userId),
        eq(ledgerEntries.method, 'crypto'),
        eq(ledgerEntries.status, 'pending'),
        gte(ledgerEntries.createdAt, since),
      ),
    )
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id));
}

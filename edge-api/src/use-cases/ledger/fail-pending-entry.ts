import { and, eq } from 'drizzle-orm';
import { type LedgerEntryRow, ledgerEntries } from '../../db/schema';
import type { Services } from '../../env';

/**
 * Marks a pending entry failed (no money moves; a failed crypto entry can still be completed if the payment arrives
 * late). Conditional on the row still being pending, so it never undoes a completion that won a race.
 */
export async function failPendingEntry(
  services: Services,
  input: { entryId: string; description?: string },
): Promise<LedgerEntryRow | undefined> {
  const now = services.clock.now().toISOString();
  await services.db
    .update(ledgerEntries)
    .set({ status: 'failed', updatedAt: now, ...(input.description ? { description: input.description } : {}) })
    .where(and(eq(ledgerEntries.id, input.entryId), eq(ledgerEntries.status, 'pending')));
  const [row] = await services.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, input.entryId)).limit(1);
  return row;
}

import { type LedgerEntryRow, ledgerEntries } from '../../db/schema';
import type { Services } from '../../env';
import { newId } from '../../lib/ids';
import { enforceRateLimits } from '../../lib/throttle';
import { topUpDescription } from './crypto-entries';
import { callProcessor } from './processor-errors';

/** Invoices a customer may open per window (each one is a call to the processor). */
export const topUpLimits = {
  perUser: (userId: string) => ({ key: `top-up:user:${userId}`, limit: 30, windowMs: 10 * 60_000 }),
};

/**
 * Opens a crypto top-up: the invoice is created at the processor first (its metadata carries our transaction id and
 * the user id), then recorded as a pending credit. Processor down → 503 and nothing is written. Should the process
 * die between the two steps, the invoice's metadata lets the webhook or the re-check job record it later
 * (reconcile-crypto-invoice.ts), so a paid invoice is never lost.
 */
export async function createTopUpInvoice(
  services: Services,
  input: { userId: string; amountCents: number },
): Promise<LedgerEntryRow> {
  const { db, clock, payments, config } = services;
  await enforceRateLimits(services.rateLimiter, [topUpLimits.perUser(input.userId)], clock.now());
  const transactionId = newId('txn');
  const invoice = await callProcessor(() =>
    payments.createInvoice({
      amountCents: input.amountCents,
      transactionId,
      userId: input.userId,
      redirectUrl: `${config.publicUrl}/balance`,
    }),
  );
  const now = clock.now().toISOString();
  const [row] = await db
    .insert(ledgerEntries)
    .values({
      id: transactionId,
      userId: input.userId,
      type: 'credit',
      status: 'pending',
      method: 'crypto',
      amountCents: input.amountCents,
      requestedCents: input.amountCents,
      description: topUpDescription(invoice.id),
      reference: invoice.id,
      paymentUrl: invoice.checkoutLink,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('insert into ledger_entries returned no row');
  return row;
}

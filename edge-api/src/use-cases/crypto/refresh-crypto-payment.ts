import { and, eq } from 'drizzle-orm';
import { type LedgerEntryRow, ledgerEntries } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { enforceRateLimits } from '../../lib/throttle';
import { creditedForReference } from '../ledger/credit-further-payment';
import { usdText } from './crypto-entries';
import { reconcileCryptoInvoice } from './reconcile-crypto-invoice';

export const PAYMENT_NOT_FOUND_MESSAGE = 'Payment not found';

export const refreshLimits = {
  perUser: (userId: string) => ({ key: `crypto-refresh:user:${userId}`, limit: 30, windowMs: 60_000 }),
};

export interface RefreshResult {
  entry: LedgerEntryRow;
  /** Completed: everything credited for the invoice; otherwise the amount asked for. */
  amountCents: number;
  message: string;
}

async function resultFor(services: Services, entry: LedgerEntryRow): Promise<RefreshResult> {
  if (entry.status === 'completed' && entry.reference) {
    const credited = await creditedForReference(services, entry.reference);
    return {
      entry,
      amountCents: credited,
      message: `Payment confirmed: ${usdText(credited)} was added to your balance.`,
    };
  }
  const amountCents = entry.requestedCents ?? entry.amountCents;
  if (entry.status === 'failed') {
    const message = entry.description.includes('invalidated')
      ? 'The payment was invalidated by the payment processor.'
      : 'The invoice expired without payment.';
    return { entry, amountCents, message };
  }
  return { entry, amountCents, message: 'Payment not confirmed yet. We will keep checking.' };
}

/**
 * The customer's "refresh" of one of their crypto payments: re-reads the invoice and settles it through the same path
 * as the webhook. Someone else's (or a non-crypto) transaction answers 404 exactly like a missing one.
 */
export async function refreshCryptoPayment(
  services: Services,
  input: { userId: string; transactionId: string },
): Promise<RefreshResult> {
  const [own] = await services.db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.id, input.transactionId),
        eq(ledgerEntries.userId, input.userId),
        eq(ledgerEntries.method, 'crypto'),
      ),
    )
    .limit(1);
  if (!own?.reference || own.requestedCents === null) throw new ApiError('not_found', PAYMENT_NOT_FOUND_MESSAGE);
  if (own.status === 'completed') return resultFor(services, own);

  await enforceRateLimits(services.rateLimiter, [refreshLimits.perUser(input.userId)], services.clock.now());
  const result = await reconcileCryptoInvoice(services, { invoiceId: own.reference, source: 'refresh' });
  return resultFor(services, result.entry ?? own);
}

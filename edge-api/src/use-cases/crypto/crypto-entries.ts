import { and, eq, isNotNull } from 'drizzle-orm';
import { type LedgerEntryRow, ledgerEntries } from '../../db/schema';
import type { Services } from '../../env';

/** Money as customers read it in texts: $12.50. */
export function usdText(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

export function topUpDescription(invoiceId: string): string {
  return `Crypto top-up (BTCPay invoice ${invoiceId})`;
}

/** The top-up request of a processor invoice (the row carrying the requested amount), if we have one. */
export async function cryptoEntryByInvoice(services: Services, invoiceId: string): Promise<LedgerEntryRow | undefined> {
  const [row] = await services.db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.method, 'crypto'),
        eq(ledgerEntries.reference, invoiceId),
        isNotNull(ledgerEntries.requestedCents),
      ),
    )
    .limit(1);
  return row;
}

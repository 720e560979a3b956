import { eq } from 'drizzle-orm';
import { type LedgerEntryRow, ledgerEntries, users } from '../../db/schema';
import type { Services } from '../../env';
import type { ProcessorInvoice } from '../../ports/payment-processor';
import { creditedForReference, creditFurtherPayment } from '../ledger/credit-further-payment';
import { failPendingEntry } from '../ledger/fail-pending-entry';
import { settlePendingEntry } from '../ledger/settle-pending-entry';
import { notifyDepositAttention } from '../notifications/notify-admins';
import { cryptoEntryByInvoice, topUpDescription, usdText } from './crypto-entries';
import { callProcessor } from './processor-errors';

export type ReconcileSource = 'webhook' | 'refresh' | 'recheck';

export type ReconcileAction =
  /** This call credited the balance. */
  | 'credited'
  /** Everything received was credited before (by another delivery, a refresh or the re-check): nothing moved now. */
  | 'already_credited'
  /** The invoice ended without payment (expired) or was invalidated: marked failed, nothing moved. */
  | 'failed'
  /** Not paid, or not confirmed, yet. */
  | 'pending'
  /** Neither we nor the processor know this invoice as one of our top-ups. */
  | 'unknown_invoice';

export interface ReconcileResult {
  action: ReconcileAction;
  /** The top-up request row (its status is what the customer sees). */
  entry: LedgerEntryRow | undefined;
  /** The processor's view, e.g. `Expired/PaidPartial` (absent when it was not asked). */
  processorState?: string;
}

const ENTRY_ID = /^txn_[0-9a-z]{26}$/;
const USER_ID = /^usr_[0-9a-z]{26}$/;

/**
 * An invoice the processor knows but we have no row for: we created it and died before recording it. Its metadata
 * (which only we write, with our API key) names the transaction id and the user; the row is recorded now as pending.
 */
async function recoverEntry(services: Services, invoice: ProcessorInvoice): Promise<LedgerEntryRow | undefined> {
  const { transactionId, userId } = invoice.metadata;
  if (!transactionId || !userId || !ENTRY_ID.test(transactionId) || !USER_ID.test(userId)) return undefined;
  if (invoice.currency !== 'USD' || invoice.amountCents <= 0) return undefined;
  const [user] = await services.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return undefined;
  const now = services.clock.now().toISOString();
  await services.db
    .insert(ledgerEntries)
    .values({
      id: transactionId,
      userId,
      type: 'credit',
      status: 'pending',
      method: 'crypto',
      amountCents: invoice.amountCents,
      requestedCents: invoice.amountCents,
      description: topUpDescription(invoice.id),
      reference: invoice.id,
      paymentUrl: invoice.checkoutLink,
      // ISO strings: the earlier of the two (an invoice clock ahead of ours must not date a row in the future).
      createdAt: invoice.createdAt.localeCompare(now) < 0 ? invoice.createdAt : now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const entry = await cryptoEntryByInvoice(services, invoice.id);
  if (entry?.id === transactionId) {
    services.log.warn('crypto.invoice_recovered', { invoiceId: invoice.id, transactionId: entry.id });
  }
  return entry?.id === transactionId ? entry : undefined;
}

function settledDescription(invoice: ProcessorInvoice, requestedCents: number, receivedCents: number): string {
  const base = topUpDescription(invoice.id);
  const late = invoice.additionalStatus === 'PaidLate' ? ', paid after the invoice expired' : '';
  if (receivedCents < requestedCents) {
    return `${base}: partial payment, ${usdText(receivedCents)} of ${usdText(requestedCents)}${late}`;
  }
  if (receivedCents > requestedCents) {
    return `${base}: overpaid, ${usdText(receivedCents)} for ${usdText(requestedCents)}${late}`;
  }
  return `${base}${late}`;
}

/**
 * The one settlement path of crypto top-ups, shared by the webhook, the customer's refresh and the re-check job. It
 * never trusts a caller's claim: it re-reads the invoice from the processor and credits what the processor says was
 * received, through the ledger's exactly-once settlement, so that what an invoice credits in total is what it
 * received in total, once:
 *   - Settled (also PaidOver, PaidLate): credit the USD received; an invoice the merchant marked settled credits at
 *     least its amount (the merchant vouched for it);
 *   - Expired with payments (PaidPartial, PaidLate): credit the USD received once every payment is confirmed;
 *     Expired without any: failed. Money arriving later on it (until the processor stops watching) is credited as
 *     a further row for the difference;
 *   - Invalid: failed (a failed row can still be completed by a later valid payment);
 *   - New, Processing: still pending.
 * Processor unreachable → ApiError 503, nothing written.
 */
export async function reconcileCryptoInvoice(
  services: Services,
  input: { invoiceId: string; source: ReconcileSource },
): Promise<ReconcileResult> {
  const { payments } = services;
  let entry = await cryptoEntryByInvoice(services, input.invoiceId);

  const invoice = await callProcessor(() => payments.getInvoice(input.invoiceId));
  if (!invoice) {
    if (!entry) return { action: 'unknown_invoice', entry };
    return { action: entry.status === 'completed' ? 'already_credited' : 'pending', entry };
  }
  entry ??= await recoverEntry(services, invoice);
  if (!entry) return { action: 'unknown_invoice', entry };
  const request = entry;
  const processorState = `${invoice.status}/${invoice.additionalStatus}`;
  const requestedCents = request.requestedCents ?? request.amountCents;
  const unchanged = (): ReconcileResult => ({
    action: request.status === 'completed' ? 'already_credited' : 'pending',
    entry: request,
    processorState,
  });

  if (invoice.currency !== 'USD') {
    services.log.warn('crypto.invoice_not_usd', { invoiceId: invoice.id, currency: invoice.currency });
    return unchanged();
  }

  /** Admins hear of a credit that needs a look (underpaid, overpaid, paid late): only from the call that credited. */
  const attention = (entry: LedgerEntryRow, receivedCents: number) =>
    notifyDepositAttention(services, {
      userId: entry.userId,
      transactionId: entry.id,
      invoiceId: invoice.id,
      requestedCents,
      receivedCents,
      paidLate: invoice.additionalStatus === 'PaidLate',
    });

  /** Brings what the invoice has credited up to `receivedCents` (once, whoever else is doing the same). */
  const credit = async (receivedCents: number): Promise<ReconcileResult> => {
    let current = request;
    if (current.status !== 'completed') {
      const settled = await settlePendingEntry(services, {
        entryId: current.id,
        amountCents: receivedCents,
        description: settledDescription(invoice, requestedCents, receivedCents),
        source: input.source,
        processorState,
      });
      current = settled.entry;
      if (settled.outcome === 'settled') {
        await attention(current, receivedCents);
        return { action: 'credited', entry: current, processorState };
      }
    }
    if (receivedCents > (await creditedForReference(services, invoice.id))) {
      const more = await creditFurtherPayment(services, {
        userId: current.userId,
        method: 'crypto',
        reference: invoice.id,
        receivedThroughCents: receivedCents,
        description: `${topUpDescription(invoice.id)}: further payment received`,
        source: input.source,
        processorState,
      });
      if (more.outcome === 'credited') {
        await attention(current, receivedCents);
        return { action: 'credited', entry: current, processorState };
      }
    }
    return { action: 'already_credited', entry: current, processorState };
  };

  const fail = async (why: string): Promise<ReconcileResult> => {
    if (request.status === 'completed') {
      services.log.warn('crypto.invoice_state_after_credit', { invoiceId: invoice.id, state: processorState });
      return unchanged();
    }
    const failed = await failPendingEntry(services, {
      entryId: request.id,
      description: `${topUpDescription(invoice.id)}: ${why}`,
    });
    return { action: failed?.status === 'completed' ? 'already_credited' : 'failed', entry: failed, processorState };
  };

  switch (invoice.status) {
    case 'New':
    case 'Processing':
      return unchanged();
    case 'Invalid':
      return fail('the payment was invalidated');
    case 'Settled': {
      const received = await callProcessor(() => payments.getReceived(invoice.id));
      const amount =
        invoice.additionalStatus === 'Marked' ? Math.max(received.cents, invoice.amountCents) : received.cents;
      if (amount > 0) return credit(amount);
      services.log.warn('crypto.invoice_nothing_received', { invoiceId: invoice.id, state: processorState });
      return unchanged();
    }
    case 'Expired': {
      const received = await callProcessor(() => payments.getReceived(invoice.id));
      if (received.cents === 0) return fail('the invoice expired without payment');
      if (received.awaitingConfirmation) return unchanged();
      return credit(received.cents);
    }
  }
}

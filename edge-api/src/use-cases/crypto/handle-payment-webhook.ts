import { eq } from 'drizzle-orm';
import { ZodError } from 'zod';
import { webhookDeliveries } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { type WebhookEvent, WebhookSignatureError } from '../../ports/payment-processor';
import { cryptoEntryByInvoice } from './crypto-entries';
import { type ReconcileAction, reconcileCryptoInvoice } from './reconcile-crypto-invoice';

export const INVALID_SIGNATURE_MESSAGE = 'Invalid webhook signature';
export const INVALID_WEBHOOK_MESSAGE = 'Invalid webhook body';

/** Events after which a payment may be owed; they are worth a look even when the invoice was credited before. */
const PAYMENT_EVENTS = new Set([
  'InvoiceReceivedPayment',
  'InvoicePaymentSettled',
  'InvoicePaidAfterExpiration',
  'InvoiceExpiredPaidPartial',
]);
/** Events after which an invoice may owe a credit or turn failed. Everything else (created, processing) needs none. */
const ACTIONABLE = new Set([...PAYMENT_EVENTS, 'InvoiceSettled', 'InvoiceExpired', 'InvoiceInvalid']);

export type WebhookOutcome = ReconcileAction | 'duplicate' | 'ignored';

async function record(services: Services, event: WebhookEvent, outcome: WebhookOutcome): Promise<void> {
  await services.db
    .insert(webhookDeliveries)
    .values({
      deliveryId: event.deliveryId,
      eventType: event.type,
      invoiceId: event.invoiceId,
      outcome,
      receivedAt: services.clock.now().toISOString(),
    })
    .onConflictDoNothing();
}

/**
 * A processor webhook delivery. The signature over the raw body is checked first (401 and no effect otherwise); the
 * body is then used only to learn *which* invoice changed: the invoice itself is re-read from the processor before
 * anything is credited. A delivery id seen before is answered at once. A redelivery under a new id goes through the
 * settlement again, which credits an invoice once whatever happens (ledger_settlements). When the processor cannot be
 * reached the delivery is not recorded and the caller answers 503, so the processor redelivers (and the re-check job
 * catches it regardless).
 */
export async function handlePaymentWebhook(
  services: Services,
  input: { rawBody: string; headers: { get(name: string): string | null | undefined } },
): Promise<{ outcome: WebhookOutcome; event: WebhookEvent }> {
  let event: WebhookEvent;
  try {
    event = await services.payments.verifyWebhook(input.rawBody, input.headers);
  } catch (err) {
    if (err instanceof WebhookSignatureError) {
      throw new ApiError('unauthorized', INVALID_SIGNATURE_MESSAGE, { logMessage: `webhook refused: ${err.message}` });
    }
    if (err instanceof ZodError || err instanceof SyntaxError)
      throw new ApiError('invalid_input', INVALID_WEBHOOK_MESSAGE);
    throw err;
  }

  const [seen] = await services.db
    .select({ id: webhookDeliveries.deliveryId })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.deliveryId, event.deliveryId))
    .limit(1);
  if (seen) return { outcome: 'duplicate', event };

  if (!event.invoiceId || !ACTIONABLE.has(event.type)) {
    await record(services, event, 'ignored');
    return { outcome: 'ignored', event };
  }
  const entry = await cryptoEntryByInvoice(services, event.invoiceId);
  if (entry?.status === 'completed' && !PAYMENT_EVENTS.has(event.type)) {
    await record(services, event, 'already_credited');
    return { outcome: 'already_credited', event };
  }
  const result = await reconcileCryptoInvoice(services, { invoiceId: event.invoiceId, source: 'webhook' });
  await record(services, event, result.action);
  return { outcome: result.action, event };
}

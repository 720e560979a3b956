import { type OrderRow, providerApiOf } from '../../db/schema';
import type { Services } from '../../env';
import { type LabelProvider, ProviderError, type ProviderLabel } from '../../ports/label-provider';
import { connectProvider } from '../shipping-apis/connect-provider';
import { findApiConfig } from '../shipping-apis/get-api-config';
import { type LabelOutcome, outcomeOf } from './buy-order-label';
import { readOrder } from './order-rows';
import { refundOrder } from './refund-order';

/**
 * How long the provider remembers a purchase's Idempotency-Key (protocol v1: 24 hours). Within it, an empty lookup by
 * the key proves the purchase made no label; after it, nothing can be proven by asking.
 */
export const PROVIDER_KEY_WINDOW_MS = 24 * 60 * 60_000;

export interface VoidAndRefundInput {
  /** The label the provider's answer named, if any; otherwise it is looked up by the order's Idempotency-Key. */
  labelId?: string | undefined;
  /** Customer-safe refund reason. */
  reason: string;
}

/** What the provider says about the order's label: it exists (and is live or voided), or there is none. */
type Found = { kind: 'label'; label: Pick<ProviderLabel, 'labelId' | 'status'> } | { kind: 'none' };

async function findLabel(provider: LabelProvider, order: OrderRow, labelId: string | undefined): Promise<Found> {
  if (labelId) return { kind: 'label', label: { labelId, status: 'created' } };
  const label = await provider.findLabelByIdempotencyKey(order.id);
  return label ? { kind: 'label', label } : { kind: 'none' };
}

/**
 * Settles an open order whose purchase may have made a label we cannot use (an unusable answer, or no confirmation
 * within the reconciliation window): the label is voided first — by the id the answer named, or found by the order's
 * Idempotency-Key — and the customer is refunded only once the provider confirmed the void, or proved that no label
 * exists (an empty lookup by the key, a 404 on the void). While the provider cannot be asked (down, a label it refuses
 * to void, the API config gone or its key unreadable) the order stays pending and the money held; the reconcile job and
 * the sweep come back. Past the provider's key window nothing more can be proven: the order is refunded, and the label
 * that may exist is logged as an error for the operator. Returns the order's outcome afterwards.
 */
export async function voidAndRefundOrder(
  services: Services,
  order: OrderRow,
  input: VoidAndRefundInput,
): Promise<LabelOutcome> {
  const age = services.clock.now().getTime() - Date.parse(order.createdAt);
  const holdOrGiveUp = async (why: string): Promise<LabelOutcome> => {
    if (age <= PROVIDER_KEY_WINDOW_MS) {
      services.log.warn('order.void_pending_refund_held', { orderId: order.id, detail: why });
      return { kind: 'pending', order };
    }
    services.log.error('order.refunded_without_void', {
      orderId: order.id,
      labelId: input.labelId,
      hours: Math.round(age / 3_600_000),
      detail: why,
      action: `check the provider's bill for a label with reference ${order.id}`,
    });
    return outcomeOf(await refundOrder(services, order, input.reason));
  };

  // The API the purchase went to (a failover target, else the chosen one): where the label may exist.
  const via = providerApiOf(order);
  const api = await findApiConfig(services, via.id);
  if (!api) return holdOrGiveUp(`api config ${via.id} no longer exists`);
  let provider: LabelProvider;
  try {
    provider = await connectProvider(services, api, { livemode: order.livemode });
  } catch (err) {
    return holdOrGiveUp(err instanceof Error ? err.message : String(err));
  }

  let found: Found;
  try {
    found = await findLabel(provider, order, input.labelId);
    // Another path may have completed the order with this very label while we looked: never void a label that stands.
    const current = await readOrder(services, order.id);
    if (!current) throw new Error(`order ${order.id} vanished while its label was voided`);
    if (current.status === 'completed' || current.status === 'failed') return outcomeOf(current);
    // A void the provider accepted (settled or not) makes the label unusable: this failed purchase is refunded now.
    if (found.kind === 'label' && found.label.status === 'created') {
      const voided = await provider.voidLabel(found.label.labelId);
      if (voided.status === 'created') return holdOrGiveUp(`label ${voided.labelId} answered ${voided.status}`);
      services.log.warn('order.unusable_label_voided', { orderId: order.id, labelId: voided.labelId });
    } else {
      services.log.warn('order.no_live_label_refunding', { orderId: order.id });
    }
  } catch (err) {
    if (err instanceof ProviderError && err.code === 'not_found') {
      services.log.warn('order.no_label_refunding', { orderId: order.id, labelId: input.labelId });
    } else if (err instanceof ProviderError) {
      return holdOrGiveUp(err.logMessage);
    } else {
      throw err;
    }
  }
  return outcomeOf(await refundOrder(services, order, input.reason));
}

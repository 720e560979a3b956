import type { Services } from '../../env';
import { errorMessage } from '../../lib/logger';
import { type LabelProvider, ProviderError } from '../../ports/label-provider';
import { connectProvider } from '../shipping-apis/connect-provider';
import { findApiConfig } from '../shipping-apis/get-api-config';
import { readOrder } from './order-rows';

/** What became of the label a refunded order's purchase may have left at the provider. */
export type StrayLabelOutcome = 'none' | 'voided' | 'already_voided' | 'not_refunded' | 'unavailable';

/**
 * The `orders.void-stray-label` job: an order refunded while its purchase may have reached the provider (a row of a
 * stopped bulk order whose answer was lost, or that was being bought) — the provider is asked for a label under the
 * order's Idempotency-Key and a live one is voided, so no label stands that nobody paid for. Only a refunded order is
 * looked at (a failed order can never complete: every completion is conditional on the order being open), so a label
 * someone paid for is never voided. `unavailable`: the provider could not be asked (the job retries; after its
 * attempts the dead-letter log names the order).
 */
export async function voidStrayLabel(services: Services, input: { orderId: string }): Promise<StrayLabelOutcome> {
  const order = await readOrder(services, input.orderId);
  if (order?.status !== 'failed') return 'not_refunded';
  const api = await findApiConfig(services, order.apiId);
  if (!api) {
    services.log.error('order.stray_label_api_gone', {
      orderId: order.id,
      action: `check the provider for a label with reference ${order.id}`,
    });
    return 'none';
  }
  let provider: LabelProvider;
  try {
    provider = await connectProvider(services, api, { livemode: order.livemode });
    const label = await provider.findLabelByIdempotencyKey(order.id);
    if (!label) return 'none';
    if (label.status !== 'created') return 'already_voided';
    const voided = await provider.voidLabel(label.labelId);
    services.log.warn('order.stray_label_voided', { orderId: order.id, labelId: voided.labelId });
    return 'voided';
  } catch (err) {
    if (err instanceof ProviderError && err.code === 'not_found') return 'none';
    services.log.warn('order.stray_label_check_failed', {
      orderId: order.id,
      detail: err instanceof ProviderError ? err.logMessage : errorMessage(err),
    });
    return 'unavailable';
  }
}

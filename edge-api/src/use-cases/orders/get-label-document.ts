import { ORDER_MESSAGES } from '@labeldesk/contracts';
import { and, eq } from 'drizzle-orm';
import { type OrderRow, orders } from '../../db/schema';
import type { AuthUser, Services } from '../../env';
import { ApiError } from '../../errors';
import { connectProvider } from '../shipping-apis/connect-provider';
import { findApiConfig } from '../shipping-apis/get-api-config';
import { callProvider } from '../shipping-apis/provider-errors';
import { labelBlobKey, readOrder } from './order-rows';

/** Who opens a label: a logged-in user (owner or admin), or the holder of a link we signed for this very label. */
export type LabelAccess = { kind: 'user'; user: AuthUser } | { kind: 'signed-link' };

/**
 * The order behind a label the caller may open: 404 when it does not exist or belongs to someone else (a customer
 * never learns whether another customer's order exists), 409 while the label is not bought (yet).
 */
export async function labelOrder(
  services: Services,
  input: { orderId: string; access: LabelAccess },
): Promise<OrderRow> {
  const order = await readOrder(services, input.orderId);
  const { access } = input;
  const allowed = order && (access.kind === 'signed-link' || access.user.isAdmin || order.userId === access.user.id);
  if (!order || !allowed) throw new ApiError('not_found', ORDER_MESSAGES.labelNotFound);
  if (order.status !== 'completed' || !order.providerLabelId) {
    throw new ApiError('conflict', ORDER_MESSAGES.labelNotReady);
  }
  return order;
}

/**
 * The label PDF of an order: from the blob store, or — when it was never stored or is gone — from the provider
 * (getLabelPdf), which is then stored for next time (a failed store is only logged).
 */
export async function getLabelDocument(
  services: Services,
  input: { orderId: string; access: LabelAccess },
): Promise<{ order: OrderRow; pdf: Uint8Array }> {
  const order = await labelOrder(services, input);
  if (order.labelBlobKey) {
    // A blob store that cannot answer must not keep a customer from their label: the provider still has it.
    const blob = await services.blobs.get(order.labelBlobKey).catch((err: unknown) => {
      console.warn(
        `[orders] ${order.id}: stored label unreadable: ${err instanceof Error ? err.message : String(err)}`,
      );
      return null;
    });
    if (blob) return { order, pdf: blob.body };
  }
  const labelId = order.providerLabelId ?? '';
  const api = await findApiConfig(services, order.apiId);
  if (!api) {
    throw new ApiError('not_found', ORDER_MESSAGES.labelNotFound, {
      logMessage: `order ${order.id}: PDF not stored and API config ${order.apiId} is gone`,
    });
  }
  const provider = await connectProvider(services, api);
  const pdf = await callProvider(() => provider.getLabelPdf(labelId));
  const key = labelBlobKey(order.id);
  try {
    await services.blobs.put(key, pdf, 'application/pdf');
    await services.db
      .update(orders)
      .set({ labelBlobKey: key, updatedAt: services.clock.now().toISOString() })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'completed')));
  } catch (err) {
    console.warn(`[orders] ${order.id}: label PDF not stored: ${err instanceof Error ? err.message : String(err)}`);
  }
  return { order, pdf };
}

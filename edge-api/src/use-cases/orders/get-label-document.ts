import { ORDER_MESSAGES, VOID_MESSAGES } from '@labeldesk/contracts';
import { and, eq } from 'drizzle-orm';
import { type OrderRow, orders } from '../../db/schema';
import type { AuthUser, Services } from '../../env';
import { ApiError } from '../../errors';
import type { ReadBuffer } from '../../ports/blob-store';
import type { LabelProvider } from '../../ports/label-provider';
import { connectProvider } from '../shipping-apis/connect-provider';
import { findApiConfig } from '../shipping-apis/get-api-config';
import { callProvider } from '../shipping-apis/provider-errors';
import { inCallersMode } from '../test-mode/test-mode';
import { labelBlobKey, readOrder } from './order-rows';

/** Who opens a label: a logged-in user (owner or admin), or the holder of a link we signed for this very label. */
export type LabelAccess = { kind: 'user'; user: AuthUser; livemode?: boolean } | { kind: 'signed-link' };

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
  // A link we signed names its label; a user reads their own (an admin any), of their mode (a session: live only).
  const allowed =
    order &&
    (access.kind === 'signed-link' ||
      ((access.user.isAdmin || order.userId === access.user.id) && inCallersMode(order, access)));
  if (!order || !allowed) throw new ApiError('not_found', ORDER_MESSAGES.labelNotFound);
  if (order.status !== 'completed' || !order.providerLabelId) {
    throw new ApiError('conflict', ORDER_MESSAGES.labelNotReady);
  }
  // Voided, or being voided: the label must not be printed and shipped any more.
  if (order.voidStatus) throw new ApiError('conflict', VOID_MESSAGES.labelVoided);
  return order;
}

/** Provider clients of one run, per API config id (a bulk document reads hundreds of labels of one API). */
export type ProviderConnections = Map<string, Promise<LabelProvider>>;

/** What reading a label PDF needs of its order. */
export type LabelPdfSource = Pick<
  OrderRow,
  'id' | 'apiId' | 'providerApiId' | 'labelBlobKey' | 'providerLabelId' | 'livemode'
>;

async function providerFor(services: Services, order: LabelPdfSource, connections?: ProviderConnections) {
  // The API that bought the label (a failover target, else the chosen one).
  const apiId = order.providerApiId ?? order.apiId;
  // A test order's label is read from the sandbox (connectProvider): one connection per API and mode.
  const connectionKey = order.livemode ? apiId : `test:${apiId}`;
  const cached = connections?.get(connectionKey);
  if (cached) return cached;
  const connecting = (async () => {
    const api = await findApiConfig(services, apiId);
    if (!api) {
      throw new ApiError('not_found', ORDER_MESSAGES.labelNotFound, {
        logMessage: `order ${order.id}: PDF not stored and API config ${apiId} is gone`,
      });
    }
    return connectProvider(services, api, { livemode: order.livemode });
  })();
  connections?.set(connectionKey, connecting);
  // A failed connection is not cached: the next label asks again.
  connecting.catch(() => connections?.delete(connectionKey));
  return connecting;
}

/**
 * The PDF of a bought label: from the blob store, or — when it was never stored or is gone — from the provider
 * (getLabelPdf), which is then stored for next time (a failed store is only logged). `connections` shares provider
 * clients across the labels of one run; with `into`, a stored label is read into that buffer (valid until its next
 * read: see ReadBuffer).
 */
export async function readLabelPdf(
  services: Services,
  order: LabelPdfSource,
  connections?: ProviderConnections,
  into?: ReadBuffer,
): Promise<Uint8Array> {
  if (order.labelBlobKey) {
    // A blob store that cannot answer must not keep a customer from their label: the provider still has it.
    const blob = await services.blobs.getBytes(order.labelBlobKey, into).catch((err: unknown) => {
      services.log.warn('order.stored_label_unreadable', { orderId: order.id, err });
      return null;
    });
    if (blob) return blob;
  }
  const labelId = order.providerLabelId ?? '';
  const provider = await providerFor(services, order, connections);
  const pdf = await callProvider(() => provider.getLabelPdf(labelId));
  const key = labelBlobKey(order.id);
  try {
    await services.blobs.put(key, pdf, 'application/pdf');
    await services.db
      .update(orders)
      .set({ labelBlobKey: key, updatedAt: services.clock.now().toISOString() })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'completed')));
  } catch (err) {
    services.log.warn('order.label_not_stored', { orderId: order.id, err });
  }
  return pdf;
}

/** The label PDF of an order the caller may open (see labelOrder and readLabelPdf). */
export async function getLabelDocument(
  services: Services,
  input: { orderId: string; access: LabelAccess },
): Promise<{ order: OrderRow; pdf: Uint8Array }> {
  const order = await labelOrder(services, input);
  return { order, pdf: await readLabelPdf(services, order) };
}

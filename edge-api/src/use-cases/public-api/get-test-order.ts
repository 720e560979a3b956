import { ORDER_MESSAGES, type Order } from '@labeldesk/contracts';
import { and, eq } from 'drizzle-orm';
import { type TestOrderRow, testOrders } from '../../db/schema/api-keys';
import type { OrderRow } from '../../db/schema/orders';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { presentOrder, readParty } from '../../lib/presenters/order';
import { specimenLabelPdf } from '../../lib/specimen-label-pdf';

/** A test order the caller owns, or 404 exactly like a live order that does not exist. */
export async function getTestOrder(
  services: Services,
  input: { orderId: string; userId: string; notFound?: string },
): Promise<TestOrderRow> {
  const [row] = await services.db
    .select()
    .from(testOrders)
    .where(and(eq(testOrders.id, input.orderId), eq(testOrders.userId, input.userId)))
    .limit(1);
  if (!row) throw new ApiError('not_found', input.notFound ?? ORDER_MESSAGES.orderNotFound);
  return row;
}

/** A test order in the SPEC §3 Order shape (status completed: its specimen label exists; a voided one is cancelled). */
export function presentTestOrder(row: TestOrderRow): Order {
  const recipient = readParty(row.recipientJson);
  const asOrder: OrderRow = {
    ...row,
    carrier: row.carrier as OrderRow['carrier'],
    source: 'api',
    status: 'completed',
    deliveryStatus: row.voidedAt ? 'cancelled' : 'pending',
    providerApiId: null,
    providerApiName: null,
    providerCostCents: null,
    providerLabelId: null,
    labelBlobKey: null,
    reference: null,
    recipientName: recipient.name,
    destination: `${recipient.city}, ${recipient.state}`,
    trackingEventsJson: '[]',
    lastCheckedAt: null,
    deliveredAt: null,
    lastAttemptError: null,
    nextAttemptAt: null,
    debitEntryId: '',
    refundEntryId: null,
    failureReason: null,
    reconcileAttempts: 0,
    amazonOrderId: null,
    sku: null,
    purchaseAttempts: 0,
    updatedAt: row.voidedAt ?? row.createdAt,
    completedAt: row.createdAt,
    voidStatus: row.voidedAt ? 'refunded' : null,
    voidRequestedAt: row.voidedAt,
    voidIdempotencyKey: row.voidIdempotencyKey,
  };
  return presentOrder(asOrder);
}

const lines = (json: string) => {
  const p = readParty(json);
  return [p.name, p.company, p.street1, p.street2, `${p.city}, ${p.state} ${p.zip}`, p.country].filter((l) => l);
};

/** GET /api/v1/labels/{id} with a test key: the specimen label of the caller's test order. */
export async function getTestLabelDocument(
  services: Services,
  input: { orderId: string; userId: string },
): Promise<{ row: TestOrderRow; pdf: Uint8Array }> {
  const row = await getTestOrder(services, { ...input, notFound: ORDER_MESSAGES.labelNotFound });
  return { row, pdf: testLabelPdf(row) };
}

/** The specimen label of a test order (also one page of a test bulk order's combined labels). */
export function testLabelPdf(row: TestOrderRow): Uint8Array {
  return specimenLabelPdf({
    orderId: row.id,
    carrier: row.carrier,
    serviceName: row.serviceName,
    trackingNumber: row.trackingNumber,
    from: lines(row.senderJson),
    to: lines(row.recipientJson),
  });
}

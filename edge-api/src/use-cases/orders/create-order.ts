import { ORDER_MESSAGES } from '@labeldesk/contracts';
import { and, eq } from 'drizzle-orm';
import { type LedgerEntryRow, type NewOrderRow, type OrderRow, orders } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { type IdempotentRequest, idempotentRequest, replayOrConflict } from '../../lib/idempotency';
import { newId } from '../../lib/ids';
import { batch, placeholdersFor, reusableStatement } from '../../ports/database';
import { getBalance } from '../balance/get-balance';
import { balanceChangeError, balanceChangeStatements } from '../ledger/apply-balance-change';
import { testEndpointOf } from '../shipping-apis/connect-provider';
import { noLedgerEntryId, reserveTestLabels, testQuotaError } from '../test-mode/test-mode';
import { buyOrderLabel, type ProviderTiming } from './buy-order-label';
import { assertShippableAddresses } from './check-addresses';
import { type CreateOrderData, orderRequestHash, party, purchasedColumns } from './order-columns';
import { failedOrderError, readOrder } from './order-rows';
import type { OrderService } from './price-order';
import { pricePurchase } from './price-purchase';
import { RECONCILE_DELAY_SECONDS } from './reconcile-order';

export interface CreateOrderInput {
  userId: string;
  request: CreateOrderData;
  /** The Idempotency-Key header (already checked: 1-255 visible ASCII characters). */
  idempotencyKey?: string | undefined;
  source?: NewOrderRow['source'];
  /** Filled with the provider's share of the time (for the Server-Timing header). */
  timing?: ProviderTiming;
  /**
   * The service id the caller named (POST /api/v1/create-label's `serviceId`), resolved to the request's apiId, carrier
   * and serviceType: the service found by those must be this one, else 404 (see pricePurchase).
   */
  serviceId?: string | undefined;
  /**
   * false: a TEST-key purchase (README "Test mode"): the same checks, price and purchase, at the sandbox of the API's
   * kind, within the daily test quota, and no money moves (no debit, no balance check). Default true.
   */
  livemode?: boolean;
}

/**
 * created: bought now (201); replayed: the answer to an earlier request with the same Idempotency-Key and body (200);
 * pending: the provider's answer was lost, reconciliation will settle it (202).
 */
export interface CreateOrderResult {
  kind: 'created' | 'replayed' | 'pending';
  order: OrderRow;
  balanceCents: number;
}

/** How long a replay waits for the first request of its key to finish, and how often it looks. */
const REPLAY_WAIT_MS = 10_000;
const REPLAY_POLL_MS = 100;

const debitKey = (orderId: string): string => `order:${orderId}:debit`;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function orderByKey(
  services: Services,
  userId: string,
  livemode: boolean,
  key: string,
): Promise<OrderRow | undefined> {
  const [row] = await services.db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.livemode, livemode), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row;
}

/**
 * The answer to a replay of an earlier purchase (same key, same body): the first request's result — waiting (polling
 * the row) while that request is still in phase 2, then 409 with Retry-After if it is still running.
 */
async function replay(services: Services, first: OrderRow): Promise<CreateOrderResult> {
  let order = first;
  const deadline = Date.now() + REPLAY_WAIT_MS;
  while (order.status === 'processing' && Date.now() < deadline) {
    await sleep(REPLAY_POLL_MS);
    order = (await readOrder(services, order.id)) ?? order;
  }
  switch (order.status) {
    case 'completed':
      return { kind: 'replayed', order, balanceCents: await getBalance(services, { userId: order.userId }) };
    case 'pending_reconciliation':
      return { kind: 'pending', order, balanceCents: await getBalance(services, { userId: order.userId }) };
    case 'failed':
      throw failedOrderError(order);
    default:
      throw new ApiError('conflict', ORDER_MESSAGES.idempotencyInProgress, { headers: { 'Retry-After': '1' } });
  }
}

/** The columns a purchase sets on its new order (the rest take their defaults). */
const INSERTED_ORDER_COLUMNS = [
  'id',
  'userId',
  'source',
  'status',
  'deliveryStatus',
  'apiId',
  'apiName',
  'serviceId',
  'carrier',
  'serviceName',
  'serviceCode',
  'priceCents',
  'senderJson',
  'recipientJson',
  'packageJson',
  'recipientName',
  'destination',
  'estimatedDelivery',
  'reference',
  'idempotencyKey',
  'requestHash',
  'debitEntryId',
  'livemode',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof NewOrderRow)[];
type InsertedOrder = Required<Pick<NewOrderRow, (typeof INSERTED_ORDER_COLUMNS)[number]>>;

/** The new order's INSERT … RETURNING, built once per database (see reusableStatement). */
const insertOrder = reusableStatement((db) =>
  db.insert(orders).values(placeholdersFor(INSERTED_ORDER_COLUMNS)).returning(),
);

function newOrderRow(
  input: CreateOrderInput,
  found: OrderService,
  priceCents: number,
  ids: { orderId: string; debitEntryId: string },
  idempotent: IdempotentRequest | null,
  now: Date,
): InsertedOrder {
  const { request } = input;
  const recipient = party(request.recipient);
  const at = now.toISOString();
  return {
    id: ids.orderId,
    userId: input.userId,
    source: input.source ?? 'manual',
    status: 'processing',
    deliveryStatus: 'pending',
    ...purchasedColumns(found, priceCents, request, now),
    recipientName: recipient.name,
    destination: `${recipient.city}, ${recipient.state}`,
    // Blank is no reference.
    reference: request.reference || null,
    idempotencyKey: idempotent?.key ?? null,
    requestHash: idempotent?.hash ?? null,
    debitEntryId: ids.debitEntryId,
    livemode: input.livemode ?? true,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * POST /api/orders. The price is the server's (SPEC §5 refusals as the quote); a `price` the customer saw that differs
 * answers 409 so nobody pays a price they did not see. Then:
 *   phase 1 — ONE batch: the order row (`processing`) + the ledger debit + total spend. An overdraft fails the batch
 *     (402, nothing written); a concurrent twin with the same Idempotency-Key fails on the unique index (→ replay);
 *   phase 2 — buyOrderLabel: completed (201), refunded at once on a definite refusal (the mapped error), or
 *     pending_reconciliation with a reconcile job queued (202).
 * No debit ever stands without a label or a refund: phase 2, the job and the sweep all settle the order the same way.
 */
export async function createOrder(services: Services, input: CreateOrderInput): Promise<CreateOrderResult> {
  const { request, userId } = input;
  const idempotent = idempotentRequest(input.idempotencyKey, () => orderRequestHash(request));
  // A key seen before is found without a lookup of its own on the way in: the phase-1 batch fails on the key's unique
  // index, and any refusal on the way there (a price or service that changed since) first looks for the earlier order.
  const replayOr = async (err: unknown): Promise<CreateOrderResult> => {
    const replayed = await replayOrConflict(
      idempotent,
      (key) => orderByKey(services, userId, input.livemode ?? true, key),
      (first) => replay(services, first),
    );
    if (replayed) return replayed;
    throw err;
  };

  let found: OrderService;
  let priceCents: number;
  try {
    ({ found, priceCents } = await pricePurchase(services, userId, request, input.serviceId));
    // An address no carrier takes is refused before any money moves (POST /api/v1/rates refuses it the same way).
    assertShippableAddresses(request);
  } catch (err) {
    return replayOr(err);
  }

  const live = input.livemode ?? true;
  if (!live) {
    // A test order: never the real upstream (503 when no sandbox of the API's kind is configured). The daily quota is
    // reserved by the order's own batch (buyTestOrder).
    try {
      testEndpointOf(services, found.api);
    } catch (err) {
      return replayOr(err);
    }
  }

  const { db, clock } = services;
  const now = clock.now();
  const ids = { orderId: newId('ord'), debitEntryId: live ? newId('txn') : noLedgerEntryId() };
  const row = newOrderRow(input, found, priceCents, ids, idempotent, now);
  if (!live) return buyTestOrder(services, input, row, found, replayOr);
  const debit = balanceChangeStatements(
    db,
    {
      userId,
      change: { kind: 'amount', type: 'debit', amountCents: priceCents },
      method: 'label_purchase',
      description: `Label purchase: ${found.service.name} (${ids.orderId})`,
      reference: ids.orderId,
      idempotencyKey: debitKey(ids.orderId),
      entryId: ids.debitEntryId,
      addToTotalSpendCents: priceCents,
    },
    now.toISOString(),
  );
  let inserted: OrderRow | undefined;
  let balanceAfterCents: number | null | undefined;
  try {
    // The order first: a twin request with the same Idempotency-Key fails on its unique index before any money check.
    const results = await batch(db, [insertOrder(db, row), ...debit.statements]);
    inserted = (results[0] as OrderRow[])[0];
    // The balance this purchase left, read inside the batch by the ledger row (no second read).
    balanceAfterCents = (results[1 + debit.entryStatementIndex] as LedgerEntryRow[])[0]?.balanceAfterCents;
  } catch (err) {
    if (isUniqueViolation(err, 'orders.idempotency_key')) return replayOr(err);
    throw balanceChangeError(err) ?? err;
  }

  if (!inserted || typeof balanceAfterCents !== 'number') {
    throw new Error(`order ${ids.orderId} or its debit missing after its batch`);
  }
  return settlePurchase(services, input, inserted, found, balanceAfterCents);
}

/**
 * A test purchase (livemode false): the order row and its quota reservation (reserveTestLabels: 429 past
 * TEST_LABELS_PER_DAY), no debit and no balance check (README "Test mode": a test key never answers 402), then phase 2 as for a live one (buyOrderLabel sends it to the sandbox).
 */
async function buyTestOrder(
  services: Services,
  input: CreateOrderInput,
  row: InsertedOrder,
  found: OrderService,
  replayOr: (err: unknown) => Promise<CreateOrderResult>,
): Promise<CreateOrderResult> {
  let inserted: OrderRow | undefined;
  try {
    // The quota reservation first: past TEST_LABELS_PER_DAY its CHECK fails the batch and no order is written.
    const [, results] = await batch(services.db, [
      reserveTestLabels(services, input.userId, 1),
      insertOrder(services.db, row),
    ]);
    inserted = (results as OrderRow[])[0];
  } catch (err) {
    if (isUniqueViolation(err, 'orders.idempotency_key')) return replayOr(err);
    // A replay of an earlier purchase answers as the first one, even once the quota is used up.
    const overQuota = testQuotaError(services, input.userId, err);
    if (overQuota) return replayOr(overQuota);
    throw err;
  }
  if (!inserted) throw new Error(`test order ${row.id} missing after its insert`);
  return settlePurchase(services, input, inserted, found, await getBalance(services, { userId: input.userId }));
}

/** Phase 2 of a written purchase and its answer (see createOrder). */
async function settlePurchase(
  services: Services,
  input: CreateOrderInput,
  inserted: OrderRow,
  found: OrderService,
  balanceAfterCents: number,
): Promise<CreateOrderResult> {
  const outcome = await buyOrderLabel(services, inserted, { timing: input.timing, api: found.api });
  if (outcome.kind === 'failed') throw outcome.error;
  if (outcome.kind === 'pending') {
    try {
      await services.queue.send(
        { type: 'orders.reconcile', jobId: newId('job'), orderId: outcome.order.id },
        { delaySeconds: RECONCILE_DELAY_SECONDS },
      );
    } catch (err) {
      // The periodic sweep (orders.reconcile-due) finds it anyway.
      services.log.error('order.reconcile_not_queued', { orderId: outcome.order.id, err });
    }
  }
  return {
    kind: outcome.kind === 'completed' ? 'created' : 'pending',
    order: outcome.order,
    balanceCents: balanceAfterCents,
  };
}

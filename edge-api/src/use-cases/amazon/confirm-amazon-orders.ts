import { AMAZON_CONFIRM_MESSAGES, type AmazonConfirmRequest, type AmazonConfirmResponse } from '@labeldesk/contracts';
import { and, asc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { amazonConfirmations, orders } from '../../db/schema';
import type { AuthUser, Services } from '../../env';
import { ApiError } from '../../errors';
import { newId } from '../../lib/ids';
import {
  MARKETPLACE_BATCH_SIZE,
  MarketplaceError,
  type MarketplaceSession,
  type ShipmentConfirmation,
} from '../../ports/marketplace';
import { readableBulkOrder } from '../bulk-orders/bulk-order-reads';
import { readAmazonCredentials, saveAmazonCredentials } from './amazon-credentials';
import { presentConfirmation } from './list-amazon-confirmations';

/** A `sending` claim older than this belongs to a call that died mid-way: another call may take the order over. */
export const STALE_CLAIM_MS = 5 * 60 * 1000;

type ConfirmInput = z.output<typeof AmazonConfirmRequest>;

function toApiError(err: MarketplaceError): ApiError {
  switch (err.kind) {
    case 'session_invalid':
      return new ApiError('invalid_input', err.message, { logMessage: err.logMessage });
    case 'rate_limited':
      return new ApiError('rate_limited', err.message, {
        headers: { 'Retry-After': String(err.retryAfterSeconds ?? 30) },
      });
    default:
      return new ApiError('upstream_unavailable', err.message, { logMessage: err.logMessage });
  }
}

/**
 * POST /api/amazon/confirm-orders (SPEC §2 Amazon Order Confirmation, §5): tells the marketplace that the caller's bulk
 * order's Amazon orders shipped (order id, carrier, service, tracking number, ship date), with the seller's session.
 *
 * Only rows with an Amazon order id, a non-empty SKU and a bought label are sent. Each order is CLAIMED (one row in
 * amazon_confirmations, flipped to `sending` under this call's claim id only when it is new, refused, failed, or a
 * stale claim) before anything is sent, so a retry or a second click at the same moment never sends an order that is
 * confirmed or being confirmed. Results are kept per order. Missing cookies or token fall back to the saved ones;
 * `saveCookies` / `saveCsrfToken` save (sealed) what was used, unless the marketplace refused the session.
 */
export async function confirmAmazonOrders(
  services: Services,
  input: { caller: Pick<AuthUser, 'id'>; request: ConfirmInput },
): Promise<AmazonConfirmResponse> {
  const { caller, request } = input;
  const bulk = await readableBulkOrder(services, {
    bulkOrderId: request.bulkOrderId,
    caller: { id: caller.id, isAdmin: false },
  });
  const given = { cookies: request.cookies || undefined, csrfToken: request.csrfToken || undefined };
  const saved = given.cookies && given.csrfToken ? undefined : await readAmazonCredentials(services, caller.id);
  const cookies = given.cookies ?? saved?.cookies ?? undefined;
  const csrfToken = given.csrfToken ?? saved?.csrfToken ?? undefined;
  if (!cookies) throw new ApiError('invalid_input', AMAZON_CONFIRM_MESSAGES.cookiesRequired);
  if (!csrfToken) throw new ApiError('invalid_input', AMAZON_CONFIRM_MESSAGES.csrfRequired);

  const eligible = await services.db
    .select({
      id: orders.id,
      status: orders.status,
      amazonOrderId: orders.amazonOrderId,
      carrier: orders.carrier,
      serviceName: orders.serviceName,
      trackingNumber: orders.trackingNumber,
      completedAt: orders.completedAt,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(
      and(
        eq(orders.bulkOrderId, bulk.row.id),
        isNotNull(orders.amazonOrderId),
        sql`trim(${orders.amazonOrderId}) <> ''`,
        isNotNull(orders.sku),
        sql`trim(${orders.sku}) <> ''`,
      ),
    )
    .orderBy(asc(orders.rowIndex));
  if (eligible.length === 0) throw new ApiError('invalid_input', AMAZON_CONFIRM_MESSAGES.noAmazonOrders);
  const bought = eligible.filter((o) => o.status === 'completed');

  // Claim: new orders are inserted as `sending`; refused / failed / stale ones are taken over; confirmed and freshly
  // claimed ones are left alone (the WHERE of the upsert), so they are not in `claimed`.
  const claimId = newId('amc');
  const now = services.clock.now();
  const nowIso = now.toISOString();
  const staleBefore = new Date(now.getTime() - STALE_CLAIM_MS).toISOString();
  for (let i = 0; i < bought.length; i += 100) {
    const chunk = bought.slice(i, i + 100);
    await services.db
      .insert(amazonConfirmations)
      .values(
        chunk.map((o) => ({
          id: newId('amc'),
          orderId: o.id,
          userId: caller.id,
          bulkOrderId: bulk.row.id,
          amazonOrderId: (o.amazonOrderId ?? '').trim(),
          status: 'sending' as const,
          claimId,
          claimedAt: nowIso,
          updatedAt: nowIso,
        })),
      )
      .onConflictDoUpdate({
        target: amazonConfirmations.orderId,
        set: {
          status: 'sending',
          claimId,
          claimedAt: nowIso,
          reason: null,
          attempts: sql`${amazonConfirmations.attempts} + 1`,
          updatedAt: nowIso,
        },
        setWhere: or(
          inArray(amazonConfirmations.status, ['refused', 'failed']),
          and(eq(amazonConfirmations.status, 'sending'), lt(amazonConfirmations.claimedAt, staleBefore)),
        ),
      });
  }
  const claimedIds = new Set(
    (
      await services.db
        .select({ orderId: amazonConfirmations.orderId })
        .from(amazonConfirmations)
        .where(eq(amazonConfirmations.claimId, claimId))
    ).map((r) => r.orderId),
  );
  const toSend = bought.filter((o) => claimedIds.has(o.id));

  const session: MarketplaceSession = { cookies, csrfToken };
  let confirmedCount = 0;
  let refusedCount = 0;
  for (let i = 0; i < toSend.length; i += MARKETPLACE_BATCH_SIZE) {
    const chunk = toSend.slice(i, i + MARKETPLACE_BATCH_SIZE);
    const shipments: ShipmentConfirmation[] = chunk.map((o) => ({
      amazonOrderId: (o.amazonOrderId ?? '').trim(),
      carrier: o.carrier,
      service: o.serviceName,
      trackingNumber: o.trackingNumber,
      shipDate: o.completedAt ?? o.createdAt,
    }));
    let results: Awaited<ReturnType<Services['marketplace']['confirmShipments']>>;
    try {
      results = await services.marketplace.confirmShipments(session, shipments);
    } catch (err) {
      // Nothing of this chunk or the next ones was confirmed: release them as `failed` (a later call retries them).
      const reason = err instanceof MarketplaceError ? err.message : 'Amazon could not be reached';
      await services.db
        .update(amazonConfirmations)
        .set({ status: 'failed', reason, updatedAt: services.clock.now().toISOString() })
        .where(and(eq(amazonConfirmations.claimId, claimId), eq(amazonConfirmations.status, 'sending')));
      if (err instanceof MarketplaceError) throw toApiError(err);
      throw err;
    }
    const at = services.clock.now().toISOString();
    const confirmedOrders = chunk.filter((_, k) => results[k]?.status === 'confirmed').map((o) => o.id);
    if (confirmedOrders.length > 0) {
      await services.db
        .update(amazonConfirmations)
        .set({ status: 'confirmed', reason: null, confirmedAt: at, updatedAt: at })
        .where(and(eq(amazonConfirmations.claimId, claimId), inArray(amazonConfirmations.orderId, confirmedOrders)));
      confirmedCount += confirmedOrders.length;
    }
    const byReason = new Map<string, string[]>();
    chunk.forEach((o, k) => {
      const r = results[k];
      if (r?.status !== 'refused') return;
      byReason.set(r.reason, [...(byReason.get(r.reason) ?? []), o.id]);
    });
    for (const [reason, ids] of byReason) {
      await services.db
        .update(amazonConfirmations)
        .set({ status: 'refused', reason: reason.slice(0, 500), updatedAt: at })
        .where(and(eq(amazonConfirmations.claimId, claimId), inArray(amazonConfirmations.orderId, ids)));
      refusedCount += ids.length;
    }
  }

  if (request.saveCookies || request.saveCsrfToken) {
    await saveAmazonCredentials(services, caller.id, {
      ...(request.saveCookies ? { cookies } : {}),
      ...(request.saveCsrfToken ? { csrfToken } : {}),
    });
  }

  const rows = await services.db
    .select()
    .from(amazonConfirmations)
    .where(eq(amazonConfirmations.bulkOrderId, bulk.row.id))
    .orderBy(asc(amazonConfirmations.id));
  const alreadyConfirmedCount = rows.filter((r) => r.status === 'confirmed' && r.claimId !== claimId).length;
  return {
    confirmedCount,
    refusedCount,
    alreadyConfirmedCount,
    message: AMAZON_CONFIRM_MESSAGES.success(confirmedCount),
    results: rows.map(presentConfirmation),
  };
}

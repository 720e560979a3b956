import { V1ServicesResponse } from '@labeldesk/contracts';
import { sql } from 'drizzle-orm';
import type { TestServer } from './helpers';
import { moneyOf, newCustomer, RECIPIENT, SENDER } from './orders-support';
import { apiKeysOf, v1 } from './public-api-support';

/** Shared by the public API's bulk tests (public-api.bulk, .bulk-test-key, .bulk-partial). */

export const CREATE_BULK = '/create-bulk-labels';

/** A customer with `balance` dollars and their API keys. */
export async function integrator(server: TestServer, admin: string, balance: number) {
  const buyer = await newCustomer(server, admin, balance);
  return { ...buyer, keys: await apiKeysOf(server, buyer.token) };
}

/** The v1 service id of UPS Ground on the default API, as GET /services lists it. */
export async function upsGroundServiceId(server: TestServer, key: string): Promise<string> {
  const services = V1ServicesResponse.parse((await v1(server, 'GET', '/services', { key })).body);
  const ground = services.data.services.UPS.find((s) => s.name === 'UPS Ground');
  if (!ground) throw new Error('UPS Ground not listed');
  return ground.id;
}

/**
 * What a refused request must leave as it was: the balance, the ledger, and no live bulk order, order (of either mode)
 * or test bulk order.
 */
export async function bulkFootprint(server: TestServer, userId: string) {
  const [rows] = await server.services.db.all<{ bulks: number; orders: number; tests: number }>(sql`
    SELECT (SELECT COUNT(*) FROM bulk_orders WHERE user_id = ${userId} AND livemode = 1) AS bulks,
      (SELECT COUNT(*) FROM orders WHERE user_id = ${userId}) AS orders,
      (SELECT COUNT(*) FROM bulk_orders WHERE user_id = ${userId} AND livemode = 0) AS tests`);
  return {
    money: await moneyOf(server, userId),
    bulks: Number(rows?.bulks),
    orders: Number(rows?.orders),
    tests: Number(rows?.tests),
  };
}

/** One v1 bulk order: the per-order shape of POST /create-label (UPS Ground, 3 lbs: $11.40 on catalogue alpha). */
export const bulkOrder = (
  n: number,
  overrides: { zip?: string; city?: string; street1?: string; weight?: number } = {},
) => ({
  sender: SENDER,
  recipient: {
    ...RECIPIENT,
    name: `Grace Receiver ${n}`,
    ...(overrides.zip ? { zip: overrides.zip } : {}),
    ...(overrides.street1 ? { street1: overrides.street1 } : {}),
    ...(overrides.city !== undefined ? { city: overrides.city } : {}),
  },
  packageDetails: {
    weight: overrides.weight ?? 3,
    dimensions: { length: 10, width: 8, height: 4 },
    description: `Parcel ${n}`,
  },
});

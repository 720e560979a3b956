import { CreateOrderRequest, ORDER_MESSAGES } from '@labeldesk/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../errors';
import { orderRequestHash } from '../use-cases/orders/order-columns';
import { canonicalJson, IdempotencyKey, idempotentRequest, replayOrConflict, requestHash } from './idempotency';

const party = { name: 'A', street1: '1 Main', city: 'NY', state: 'NY', zip: '10001', phone: '1' };
const order = {
  apiId: 'api_1',
  carrier: 'UPS',
  serviceType: 'UPS Ground',
  sender: party,
  recipient: { ...party, name: 'B' },
  packageDetails: { weight: 3, length: 10, width: 8, height: 4 },
};

describe('request fingerprint', () => {
  it('canonical JSON sorts keys at every level and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[3,{"y":2,"z":1}]},"b":1}',
    );
  });

  it('is a SHA-256 hex digest that ignores key order but not values', async () => {
    const h = requestHash({ a: 1, b: 'x' });
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(requestHash({ b: 'x', a: 1 })).toBe(h);
    expect(requestHash({ a: 1, b: 'y' })).not.toBe(h);
    expect(requestHash({ a: '1', b: 'x' })).not.toBe(h);
    // Known vector: SHA-256 of '{}'.
    expect(requestHash({})).toBe('44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a');
  });

  it('hashes the parsed order: defaults and trimming do not matter, the ignored estimatedDelivery neither', async () => {
    const base = orderRequestHash(CreateOrderRequest.parse(order));
    const spelledOut = CreateOrderRequest.parse({
      ...order,
      sender: { ...party, name: '  A ', country: 'US', company: '' },
      packageDetails: { ...order.packageDetails, weightUnit: 'lbs', value: 0 },
      estimatedDelivery: '2026-01-01',
    });
    expect(orderRequestHash(spelledOut)).toBe(base);
    const heavier = CreateOrderRequest.parse({ ...order, packageDetails: { ...order.packageDetails, weight: 3.1 } });
    expect(orderRequestHash(heavier)).not.toBe(base);
    const priced = CreateOrderRequest.parse({ ...order, price: 11.4 });
    expect(orderRequestHash(priced)).not.toBe(base);
  });

  it('Idempotency-Key: 1-255 visible ASCII characters', () => {
    for (const ok of ['a', 'k'.repeat(255), 'order-2026-06-01T12:00:00Z#1', '~!@$%^&*()']) {
      expect(IdempotencyKey.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of ['', 'k'.repeat(256), 'two words', 'tab\there', 'naïve', 'line\n']) {
      expect(IdempotencyKey.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('replayOrConflict: the one rule every creating use-case answers a known key with', () => {
  const first = { id: 'ord_1', requestHash: 'h1' };
  const find = async (key: string) => (key === 'known' ? first : undefined);

  it('without a key nothing is looked up: the request goes on', async () => {
    const lookup = vi.fn(find);
    expect(idempotentRequest(undefined, () => 'h1')).toBeNull();
    expect(await replayOrConflict(null, lookup, async () => 'replayed')).toBeUndefined();
    expect(lookup).not.toHaveBeenCalled();
  });

  it('an unknown key: the request goes on', async () => {
    expect(await replayOrConflict({ key: 'fresh', hash: 'h1' }, find, async () => 'replayed')).toBeUndefined();
  });

  it('the same key and body: the answer built from the first request', async () => {
    const replay = vi.fn(async (row: typeof first) => `replayed ${row.id}`);
    expect(
      await replayOrConflict(
        idempotentRequest('known', () => 'h1'),
        find,
        replay,
      ),
    ).toBe('replayed ord_1');
  });

  it('the same key with another body: 409 with the SPEC message, nothing replayed', async () => {
    const replay = vi.fn(async () => 'replayed');
    const refused = await replayOrConflict({ key: 'known', hash: 'h2' }, find, replay).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: 'conflict', message: ORDER_MESSAGES.idempotencyMismatch });
    expect(replay).not.toHaveBeenCalled();
  });
});

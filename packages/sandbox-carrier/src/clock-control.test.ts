import { describe, expect, it } from 'vitest';
import { createCarrierSandboxApp } from './sandbox';

const BASE = 'http://sandbox.test';
const CONTROL = { 'X-Sandbox-Key': 'control-key', 'Content-Type': 'application/json' };

function sandbox() {
  const app = createCarrierSandboxApp({ basePath: '/carrier', controlKey: 'control-key', exceptionRate: 0, seed: 7 });
  const alpha = app.catalogues.alpha;
  if (!alpha) throw new Error('no alpha catalogue');
  const call = (path: string, init: RequestInit = {}) =>
    Promise.resolve(app.fetch(new Request(`${BASE}${path}`, init)));
  const v1 = (path: string, init: RequestInit = {}) =>
    call(`${alpha.path}/v1${path}`, { ...init, headers: { 'X-Api-Key': alpha.apiKey, ...init.headers } });
  return { call, v1 };
}

const address = (name: string, city: string, state: string, zip: string) => ({
  name,
  street1: '1 Main St',
  city,
  state,
  zip,
  country: 'US',
});

describe('PUT /_sandbox/clock', () => {
  it('moves tracking along: a fresh label is pre-transit, ten days later it is delivered', async () => {
    const { call, v1 } = sandbox();
    const bought = await v1('/labels', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        serviceCode: 'ups_ground',
        from: address('Ada', 'New York', 'NY', '10001'),
        to: address('Bob', 'San Francisco', 'CA', '94105'),
        package: { weight: 2, weightUnit: 'lbs', length: 10, width: 8, height: 4 },
      }),
    });
    expect(bought.status).toBe(201);
    const { trackingNumber } = (await bought.json()) as { trackingNumber: string };
    const before = (await (await v1(`/tracking/${trackingNumber}`)).json()) as { status: string };
    expect(before.status).toBe('pre_transit');

    const moved = await call('/carrier/_sandbox/clock', {
      method: 'PUT',
      headers: CONTROL,
      body: JSON.stringify({ advanceMs: 10 * 24 * 3_600_000 }),
    });
    expect(moved.status).toBe(200);
    const { now, offsetMs } = (await moved.json()) as { now: string; offsetMs: number };
    expect(offsetMs).toBe(10 * 24 * 3_600_000);
    expect(Date.parse(now) - Date.now()).toBeGreaterThan(9.9 * 24 * 3_600_000);

    const after = (await (await v1(`/tracking/${trackingNumber}`)).json()) as { status: string; events: unknown[] };
    expect(after.status).toBe('delivered');
    expect(after.events.length).toBeGreaterThan(2);
  });

  it('refuses to move time back and needs the control key', async () => {
    const { call } = sandbox();
    const back = await call('/carrier/_sandbox/clock', {
      method: 'PUT',
      headers: CONTROL,
      body: JSON.stringify({ advanceMs: -1000 }),
    });
    expect(back.status).toBe(400);
    const anonymous = await call('/carrier/_sandbox/clock', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ advanceMs: 1000 }),
    });
    expect(anonymous.status).toBe(401);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { type KindSandboxServer, serveKindSandboxes } from '../src/index';
import { tempDir } from './helpers';

/**
 * The EasyPost- and Shippo-protocol sandboxes on a port of their own (what a Worker uses, dev:worker:sandboxes and the
 * workerd pool): the providers' own refusals, state kept in the data dir across a restart, and test controls only for
 * the control key.
 */
const CONTROL = 'kind-sandboxes-control-key';
const SHIPPO = { Authorization: 'ShippoToken shippo_test_kindsandbox01', 'content-type': 'application/json' };
const running: KindSandboxServer[] = [];
const dirs: Array<{ remove(): void }> = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.close();
  for (const d of dirs.splice(0)) d.remove();
});

async function start(dataDir?: string) {
  const server = await serveKindSandboxes({ controlKey: CONTROL, ...(dataDir ? { dataDir } : {}) });
  running.push(server);
  return server;
}

const place = (zip: string) => ({ name: 'N', street1: '1 Main St', city: 'C', state: 'NY', zip, country: 'US' });
const shipment = {
  address_from: place('10001'),
  address_to: place('94105'),
  parcels: [{ length: '10', width: '8', height: '4', distance_unit: 'in', weight: '2', mass_unit: 'lb' }],
};

async function buyShippo(base: string, metadata: string) {
  const created = (await (
    await fetch(`${base}/shipments`, { method: 'POST', headers: SHIPPO, body: JSON.stringify(shipment) })
  ).json()) as { rates: Array<{ object_id: string; servicelevel: { token: string } }> };
  const rate = created.rates.find((r) => r.servicelevel.token === 'ups_ground');
  const res = await fetch(`${base}/transactions`, {
    method: 'POST',
    headers: SHIPPO,
    body: JSON.stringify({ rate: rate?.object_id, async: false, metadata }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { object_id: string; status: string; metadata: string; tracking_number: string };
}

describe('kind sandboxes on their own port', () => {
  it("answers with each provider's own refusals: Shippo's {detail} 401 and field map 400, EasyPost's 401", async () => {
    const server = await start();
    const none = await fetch(`${server.baseUrls.shippo}/transactions`);
    expect([none.status, await none.json()]).toEqual([
      401,
      { detail: 'Authentication credentials were not provided.' },
    ]);
    const live = await fetch(`${server.baseUrls.shippo}/transactions`, {
      headers: { Authorization: 'ShippoToken shippo_live_0123456789ab' },
    });
    expect([live.status, await live.json()]).toEqual([401, { detail: 'Invalid token.' }]);
    const noParcels = await fetch(`${server.baseUrls.shippo}/shipments`, {
      method: 'POST',
      headers: SHIPPO,
      body: JSON.stringify({ ...shipment, parcels: undefined }),
    });
    expect([noParcels.status, await noParcels.json()]).toEqual([400, { parcels: ['This field is required.'] }]);
    const ep = await fetch(`${server.baseUrls.easypost}/v2/shipments`, {
      headers: { Authorization: `Basic ${btoa('shippo_test_kindsandbox01:')}` },
    });
    expect(ep.status).toBe(401);
    expect(((await ep.json()) as { error: { code: string } }).error.code).toBe('APIKEY.INACTIVE');
  });

  it('keeps purchases and refunds in the data dir across a restart; a second refund answers the same', async () => {
    const data = tempDir();
    dirs.push(data);
    const first = await start(data.dir);
    const bought = await buyShippo(first.baseUrls.shippo, 'ord_kept');
    expect(bought).toMatchObject({ status: 'SUCCESS', metadata: 'ord_kept' });
    await first.close();
    running.splice(running.indexOf(first), 1);

    const again = await start(data.dir);
    const list = (await (
      await fetch(`${again.baseUrls.shippo}/transactions?results=10`, { headers: SHIPPO })
    ).json()) as { results: Array<{ object_id: string; metadata: string }> };
    expect(list.results.map((t) => [t.object_id, t.metadata])).toEqual([[bought.object_id, 'ord_kept']]);
    const refund = async () =>
      (await (
        await fetch(`${again.baseUrls.shippo}/refunds`, {
          method: 'POST',
          headers: SHIPPO,
          body: JSON.stringify({ transaction: bought.object_id, async: false }),
        })
      ).json()) as { status: string };
    expect((await refund()).status).toBe('QUEUED');
    expect((await refund()).status).toBe('QUEUED');
    const txn = (await (
      await fetch(`${again.baseUrls.shippo}/transactions/${bought.object_id}`, { headers: SHIPPO })
    ).json()) as { status: string };
    expect(txn.status).toBe('REFUNDPENDING');
  });

  it('opens its test controls only to the control key', async () => {
    const server = await start();
    const control = (action: string, init: RequestInit = {}) => fetch(`${server.url}/_controls/shippo/${action}`, init);
    expect((await control('purchases')).status).toBe(403);
    const key = { 'X-Sandbox-Key': CONTROL, 'content-type': 'application/json' };
    const down = await control('down', { method: 'PUT', headers: key, body: JSON.stringify({ down: true }) });
    expect(down.status).toBe(200);
    const refused = await fetch(`${server.baseUrls.shippo}/transactions`, { headers: SHIPPO });
    expect(refused.status).toBe(503);
    await control('down', { method: 'PUT', headers: key, body: JSON.stringify({ down: false }) });
    await buyShippo(server.baseUrls.shippo, 'ord_controls');
    const purchases = (await (await control('purchases', { headers: key })).json()) as Array<{ metadata: string }>;
    expect(purchases.map((p) => p.metadata)).toEqual(['ord_controls']);
  });

  it('EasyPost converts a bought label to ZPL on request: label_zpl_url, a 203 dpi ^XA…^XZ with its tracking number', async () => {
    const server = await start();
    const base = server.baseUrls.easypost;
    const headers = { Authorization: `Basic ${btoa('EZTK0123456789abcdef:')}`, 'content-type': 'application/json' };
    const ep = (path: string, init: RequestInit = {}) => fetch(`${base}/v2${path}`, { headers, ...init });
    const created = (await (
      await ep('/shipments', {
        method: 'POST',
        body: JSON.stringify({
          shipment: { from_address: place('10001'), to_address: place('94105'), parcel: { weight: 32 } },
        }),
      })
    ).json()) as { id: string; rates: Array<{ id: string; service: string; carrier: string }> };
    const rate = created.rates.find((r) => r.carrier === 'UPS' && r.service === 'Ground');
    // Nothing bought yet: nothing to convert.
    expect((await ep(`/shipments/${created.id}/label?file_format=ZPL`)).status).toBe(422);
    const bought = (await (
      await ep(`/shipments/${created.id}/buy`, { method: 'POST', body: JSON.stringify({ rate: { id: rate?.id } }) })
    ).json()) as { tracking_code: string; postage_label: { label_zpl_url: string | null } };
    expect(bought.postage_label.label_zpl_url).toBeNull();
    expect((await fetch(`${base}/files/postage_label/${created.id}.zpl`)).status).toBe(404);
    expect((await ep(`/shipments/${created.id}/label?file_format=EPL9`)).status).toBe(422);

    const converted = (await (await ep(`/shipments/${created.id}/label?file_format=ZPL`)).json()) as {
      postage_label: { label_zpl_url: string };
    };
    expect(converted.postage_label.label_zpl_url).toBe(`${base}/files/postage_label/${created.id}.zpl`);
    const file = await fetch(converted.postage_label.label_zpl_url);
    expect(file.headers.get('content-type')).toBe('application/zpl');
    const zpl = (await file.text()).trim();
    expect(zpl.startsWith('^XA') && zpl.endsWith('^XZ')).toBe(true);
    expect(zpl).toContain('^PW812');
    expect(zpl).toContain(`^FD${bought.tracking_code}^FS`);
  });
});

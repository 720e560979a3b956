import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tiers } from '../src/index';
import {
  client,
  HOUR,
  type LabelBody,
  labelRequest,
  movableClock,
  type ServiceBody,
  sandboxes,
  type TrackingBody,
  tempDir,
} from './helpers';

const running = sandboxes();
const dirs: Array<{ remove(): void }> = [];
afterEach(async () => {
  await running.closeAll();
  for (const d of dirs.splice(0)) d.remove();
});

describe('a data dir', () => {
  it('keeps labels, tracking, idempotency keys, API keys and service changes across a restart', async () => {
    const data = tempDir();
    dirs.push(data);
    const clock = movableClock('2026-03-02T10:00:00Z');

    const first = await running.start({ dataDir: data.dir, clock });
    const alphaKey = first.catalogues.alpha?.apiKey ?? '';
    const betaKey = first.catalogues.beta?.apiKey ?? '';
    const a1 = client(first.catalogues.alpha?.baseUrl ?? '', alphaKey);
    const body = labelRequest('usps_priority_mail', 2);
    const bought = (await a1.post<LabelBody>('/v1/labels', body, { 'Idempotency-Key': 'persist-1' })).body;
    const voided = (await a1.post<LabelBody>('/v1/labels', labelRequest('ups_ground'))).body;
    await a1.post(`/v1/labels/${voided.labelId}/void`);
    first.catalogues.alpha?.retireService('fedex_2day');
    first.catalogues.alpha?.setServiceStatus('ups_ground', 'inactive');
    first.catalogues.beta?.addService({
      carrier: 'FEDEX',
      name: 'FedEx Express Saver',
      serviceCode: 'fedex_express_saver',
      weightUnit: 'lbs',
      maxWeight: 50,
      tiers: tiers([[50, 21.5]]),
      transitDays: { min: 3, max: 3 },
    });
    clock.advance(20 * HOUR); // within the 24 h an Idempotency-Key is kept
    const before = (await a1.get<TrackingBody>(`/v1/tracking/${bought.trackingNumber}`)).body;
    await first.close();

    const second = await running.start({ dataDir: data.dir, clock });
    expect(second.catalogues.alpha?.apiKey).toBe(alphaKey);
    expect(second.catalogues.beta?.apiKey).toBe(betaKey);
    const a2 = client(second.catalogues.alpha?.baseUrl ?? '', alphaKey);
    const b2 = client(second.catalogues.beta?.baseUrl ?? '', betaKey);

    expect((await a2.get<LabelBody>(`/v1/labels/${bought.labelId}`)).body).toMatchObject({
      labelId: bought.labelId,
      trackingNumber: bought.trackingNumber,
      price: bought.price,
      status: 'created',
    });
    expect((await a2.get<LabelBody>(`/v1/labels/${voided.labelId}`)).body.status).toBe('voided');
    expect((await a2.get<TrackingBody>(`/v1/tracking/${bought.trackingNumber}`)).body).toEqual({
      ...before,
      checkedAt: expect.any(String),
    });
    const replay = await a2.post<LabelBody>('/v1/labels', body, { 'Idempotency-Key': 'persist-1' });
    expect(replay.status).toBe(200);
    expect(replay.body.labelId).toBe(bought.labelId);
    expect((await a2.get<ServiceBody>('/v1/services/ups_ground')).body.status).toBe('inactive');
    expect((await a2.get('/v1/services/fedex_2day')).status).toBe(404);
    expect((await b2.get<ServiceBody>('/v1/services/fedex_express_saver')).body.prices).toEqual([
      { fromWeight: 0, toWeight: 50, price: 21.5 },
    ]);
    const pdf = await fetch(bought.labelUrl.replace(first.url, second.url), { headers: { 'X-Api-Key': alphaKey } });
    expect(pdf.status).toBe(200);
  });

  it('writes one JSON file per catalogue and no leftovers', async () => {
    const data = tempDir();
    dirs.push(data);
    const s = await running.start({ dataDir: data.dir });
    const c = client(s.catalogues.alpha?.baseUrl ?? '', s.catalogues.alpha?.apiKey ?? '');
    await Promise.all(Array.from({ length: 10 }, () => c.post('/v1/labels', labelRequest('ups_ground'))));
    expect(readdirSync(data.dir).sort()).toEqual(['carrier-alpha.json', 'carrier-beta.json']);
    const saved = JSON.parse(readFileSync(join(data.dir, 'carrier-alpha.json'), 'utf8'));
    expect(saved.labels).toHaveLength(10);
    expect(saved.apiKey).toBe(s.catalogues.alpha?.apiKey);
  });

  it('lets an API key given in the options win over the stored one', async () => {
    const data = tempDir();
    dirs.push(data);
    const generated = await running.start({ dataDir: data.dir });
    const old = generated.catalogues.alpha?.apiKey;
    await generated.close();
    const { alphaCatalogue, betaCatalogue } = await import('../src/index');
    const s = await running.start({
      dataDir: data.dir,
      catalogues: [{ ...alphaCatalogue(), apiKey: 'sk_fixed_alpha' }, betaCatalogue()],
    });
    expect(s.catalogues.alpha?.apiKey).toBe('sk_fixed_alpha');
    expect((await client(s.catalogues.alpha?.baseUrl ?? '', old ?? '').get('/v1/services')).status).toBe(401);
    expect((await client(s.catalogues.alpha?.baseUrl ?? '', 'sk_fixed_alpha').get('/v1/services')).status).toBe(200);
  });

  it('refuses to start on a damaged state file instead of losing it', async () => {
    const data = tempDir();
    dirs.push(data);
    writeFileSync(join(data.dir, 'carrier-alpha.json'), '{"version":1,"labels":[');
    await expect(running.start({ dataDir: data.dir })).rejects.toThrow(/carrier-alpha.json is not valid JSON/);
  });
});

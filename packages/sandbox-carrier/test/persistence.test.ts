import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tiers } from '../src/index';
import { type CatalogueState, fileStore } from '../src/store';
import type { LabelRecord } from '../src/types';
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

  it('appends label changes to a journal without rewriting the snapshot, and folds them in on restart', async () => {
    const data = tempDir();
    dirs.push(data);
    const s = await running.start({ dataDir: data.dir });
    const snapshot = join(data.dir, 'carrier-alpha.json');
    const journal = join(data.dir, 'carrier-alpha.journal');
    const before = readFileSync(snapshot, 'utf8');
    const c = client(s.catalogues.alpha?.baseUrl ?? '', s.catalogues.alpha?.apiKey ?? '');
    const bought = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        c.post<LabelBody>('/v1/labels', labelRequest('ups_ground'), { 'Idempotency-Key': `journal-${i}` }),
      ),
    );
    const voided = bought[3]?.body.labelId ?? '';
    await c.post(`/v1/labels/${voided}/void`);

    // Each purchase appended its label and its key; the void appended the changed label. The snapshot is untouched.
    expect(readFileSync(snapshot, 'utf8')).toBe(before);
    const lines = readFileSync(journal, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.filter((l) => l.kind === 'label')).toHaveLength(11);
    expect(lines.filter((l) => l.kind === 'idempotency')).toHaveLength(10);
    expect(readdirSync(data.dir).sort()).toEqual(['carrier-alpha.journal', 'carrier-alpha.json', 'carrier-beta.json']);
    await s.close();

    const again = await running.start({ dataDir: data.dir });
    expect(readdirSync(data.dir).sort()).toEqual(['carrier-alpha.json', 'carrier-beta.json']);
    const saved = JSON.parse(readFileSync(snapshot, 'utf8'));
    expect(saved.labels).toHaveLength(10);
    expect(saved.idempotency).toHaveLength(10);
    expect(saved.labels.find((l: LabelBody) => l.labelId === voided)?.status).toBe('voided');
    const c2 = client(again.catalogues.alpha?.baseUrl ?? '', again.catalogues.alpha?.apiKey ?? '');
    expect((await c2.get<LabelBody>(`/v1/labels/${voided}`)).body.status).toBe('voided');
    const replay = await c2.post<LabelBody>('/v1/labels', labelRequest('ups_ground'), {
      'Idempotency-Key': 'journal-0',
    });
    expect(replay.status).toBe(200);
    expect(replay.body.labelId).toBe(bought[0]?.body.labelId);
  });

  it('a key used again after it expired replays its newer label after a restart', async () => {
    const data = tempDir();
    dirs.push(data);
    const clock = movableClock('2026-03-02T10:00:00Z');
    const first = await running.start({ dataDir: data.dir, clock });
    const apiKey = first.catalogues.alpha?.apiKey ?? '';
    const a1 = client(first.catalogues.alpha?.baseUrl ?? '', apiKey);
    const body = labelRequest('ups_ground', 2);
    const older = (await a1.post<LabelBody>('/v1/labels', body, { 'Idempotency-Key': 'reused-key' })).body;
    clock.advance(25 * HOUR);
    const newer = await a1.post<LabelBody>('/v1/labels', body, { 'Idempotency-Key': 'reused-key' });
    expect(newer.status).toBe(201);
    expect(newer.body.labelId).not.toBe(older.labelId);
    await first.close();

    const second = await running.start({ dataDir: data.dir, clock });
    const a2 = client(second.catalogues.alpha?.baseUrl ?? '', apiKey);
    const replay = await a2.post<LabelBody>('/v1/labels', body, { 'Idempotency-Key': 'reused-key' });
    expect(replay.status).toBe(200);
    expect(replay.body.labelId).toBe(newer.body.labelId);
  });

  it('drops a last journal line cut short by a crash, and refuses a damaged line before the end', async () => {
    const data = tempDir();
    dirs.push(data);
    const s = await running.start({ dataDir: data.dir });
    const c = client(s.catalogues.alpha?.baseUrl ?? '', s.catalogues.alpha?.apiKey ?? '');
    const kept = (await c.post<LabelBody>('/v1/labels', labelRequest('ups_ground'))).body;
    await s.close();
    const journal = join(data.dir, 'carrier-alpha.journal');
    const whole = readFileSync(journal, 'utf8');
    writeFileSync(journal, `${whole}{"kind":"label","label":{"labelId":"lbl_cut`);

    const again = await running.start({ dataDir: data.dir });
    const c2 = client(again.catalogues.alpha?.baseUrl ?? '', again.catalogues.alpha?.apiKey ?? '');
    expect((await c2.get<LabelBody>(`/v1/labels/${kept.labelId}`)).status).toBe(200);
    await again.close();

    writeFileSync(journal, `{"kind":"label",\n${whole}`);
    await expect(running.start({ dataDir: data.dir })).rejects.toThrow(
      /carrier-alpha.journal line 1 is not valid JSON/,
    );
    writeFileSync(journal, `{"kind":"label","label":{}}\n${whole}`);
    await expect(running.start({ dataDir: data.dir })).rejects.toThrow(
      /carrier-alpha.journal line 1 is not a label change/,
    );
  });

  it('folds the journal into the snapshot once it holds enough changes', () => {
    const data = tempDir();
    dirs.push(data);
    const store = fileStore(data.dir, 'alpha', { compactAfter: 3 });
    const state: CatalogueState = {
      version: 1,
      epoch: '2026-03-02T10:00:00.000Z',
      apiKey: 'sk_test',
      labels: [],
      idempotency: [],
      overrides: { added: [], retired: [], status: {} },
    };
    store.save(state);
    const journal = join(data.dir, 'carrier-alpha.journal');
    const record = (n: number) => {
      const label = { labelId: `lbl_${n}` } as LabelRecord;
      state.labels.push(label);
      store.record(state, [{ kind: 'label', label }]);
    };
    for (const n of [1, 2, 3]) record(n);
    expect(readFileSync(journal, 'utf8').trim().split('\n')).toHaveLength(3);
    record(4);
    expect(existsSync(journal)).toBe(false);
    expect(JSON.parse(readFileSync(join(data.dir, 'carrier-alpha.json'), 'utf8')).labels).toHaveLength(4);
    record(5);
    expect(store.load()?.labels.map((l) => l.labelId)).toEqual(['lbl_1', 'lbl_2', 'lbl_3', 'lbl_4', 'lbl_5']);
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

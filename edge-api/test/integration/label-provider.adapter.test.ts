import { type CarrierSandbox, createCarrierSandbox, isValidTrackingNumber } from '@labeldesk/sandbox-carrier';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { httpLabelProvider, type ProviderFetch } from '../../src/adapters/label-provider/http-label-provider';
import { PROVIDER_ERROR_MESSAGES } from '../../src/ports/label-provider';
import { countingFetch, failure, labelInput, noSleep, TRANSPORTS, to } from './label-provider-support';

/** The provider adapter against the real carrier sandbox over HTTP, with each transport it runs on. */
describe.each(TRANSPORTS)('http label provider against the carrier sandbox (%s)', (_name, transport) => {
  let sandbox: CarrierSandbox;
  let alpha: { baseUrl: string; apiKey: string; fetch: ProviderFetch };

  beforeAll(async () => {
    sandbox = await createCarrierSandbox({ rateLimit: false, seed: 1 });
    const handle = sandbox.catalogues.alpha;
    if (!handle) throw new Error('no alpha catalogue');
    alpha = { baseUrl: handle.baseUrl, apiKey: handle.apiKey, fetch: transport };
  });
  afterAll(() => sandbox.close());
  afterEach(() => {
    sandbox.setDown(false);
    sandbox.setFailureRate(0);
    sandbox.setLatency(0);
  });

  it('lists the catalogue with prices in cents and units from the provider', async () => {
    const services = await httpLabelProvider(alpha).listServices();
    const codes = services.map((s) => s.serviceCode);
    expect(codes).toContain('ups_ground');
    expect(codes).not.toContain('ups_ground_saver'); // appears only after 24 h
    expect(services).toHaveLength(18);
    const oz = services.find((s) => s.serviceCode === 'usps_ground_advantage_15oz');
    expect(oz).toMatchObject({
      carrier: 'USPS',
      name: 'USPS Ground Advantage 15 oz',
      status: 'active',
      maxWeight: 15,
      weightUnit: 'oz',
    });
    expect(oz?.prices.map((p) => p.priceCents)).toEqual([395, 455, 530, 625]);
    expect(oz?.templates[0]).toBe('BASIC');
    expect(services.find((s) => s.serviceCode === 'ups_next_day_air_early')?.status).toBe('inactive');
  });

  it('quotes by tier', async () => {
    const quote = await httpLabelProvider(alpha).quote({
      serviceCode: 'usps_priority_mail',
      fromZip: '10001',
      toZip: '94105',
      weight: 3,
      weightUnit: 'lbs',
    });
    expect(quote).toMatchObject({ priceCents: 1320, carrier: 'USPS', serviceName: 'USPS Priority Mail' });
  });

  it('buys a label with its 4x6 PDF, replays it for the same idempotency key, tracks and voids it', async () => {
    const provider = httpLabelProvider(alpha);
    const label = await provider.createLabel(labelInput({ idempotencyKey: 'order-1' }));
    expect(label.status).toBe('created');
    expect(label.priceCents).toBe(1320);
    expect(isValidTrackingNumber('USPS', label.trackingNumber)).toBe(true);
    expect(new TextDecoder().decode(label.pdf.slice(0, 5))).toBe('%PDF-');
    expect(label.replayed).toBe(false);

    const again = await provider.createLabel(labelInput({ idempotencyKey: 'order-1' }));
    expect(again.labelId).toBe(label.labelId);
    expect(again.replayed).toBe(true);

    const pdf = await provider.getLabelPdf(label.labelId);
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');

    const tracking = await provider.getTracking(label.trackingNumber);
    expect(tracking.trackingNumber).toBe(label.trackingNumber);
    expect(tracking.events[0]?.status).toBe('pre_transit');

    const voided = await provider.voidLabel(label.labelId);
    expect(voided.status).toBe('voided');
    expect((await provider.voidLabel(label.labelId)).status).toBe('voided');
  });

  it('an answer that may hide a label is outcomeUnknown (with the id it names); the key finds the label', async () => {
    const provider = httpLabelProvider({ ...alpha, sleep: noSleep });
    const cases = [
      ['non_json', false],
      ['wrong_shape', true],
      ['no_pdf', true],
      ['bad_pdf', true],
      ['oversized', false],
      ['server_error', false],
    ] as const;
    for (const [answer, named] of cases) {
      sandbox.setLabelAnswer(answer);
      const key = `unknown-${answer}`;
      const err = await failure(provider.createLabel(labelInput({ idempotencyKey: key })));
      sandbox.setLabelAnswer('normal');
      expect(err.code, answer).toBe('upstream_error');
      expect(err.message).toBe(PROVIDER_ERROR_MESSAGES.rejected);
      const found = await provider.findLabelByIdempotencyKey(key);
      expect(found, answer).toMatchObject({ labelId: expect.stringMatching(/^lbl_/), status: 'created' });
      expect(err.outcomeUnknown, answer).toEqual({ labelId: named ? found?.labelId : undefined });
    }
    // A refusal made nothing and says so: no unknown outcome, and the key finds nothing.
    const refused = await failure(
      provider.createLabel(labelInput({ idempotencyKey: 'refused-1', serviceCode: 'nope' })),
    );
    expect(refused.code).toBe('invalid_input');
    expect(refused.outcomeUnknown).toBeUndefined();
    expect(await provider.findLabelByIdempotencyKey('refused-1')).toBeNull();
  });

  it('maps refusals to our taxonomy with our own text (never the provider text)', async () => {
    const provider = httpLabelProvider(alpha);
    const heavy = await failure(
      provider.quote({
        serviceCode: 'usps_ground_advantage_15oz',
        fromZip: '1',
        toZip: '2',
        weight: 16,
        weightUnit: 'oz',
      }),
    );
    expect(heavy.code).toBe('invalid_input');
    expect(heavy.message).toBe('Weight exceeds the maximum allowed for this service');
    expect(heavy.maxWeight).toEqual({ value: 15, unit: 'oz' });
    expect(heavy.providerCode).toBe('weight_exceeds_max');
    expect(heavy.logMessage).toContain('weight_exceeds_max');

    const inactive = await failure(provider.createLabel(labelInput({ serviceCode: 'ups_next_day_air_early' })));
    expect(inactive).toMatchObject({ code: 'invalid_input', message: 'Service currently unavailable' });

    const badZip = await failure(provider.createLabel(labelInput({ to: { ...to, zip: 'nope' } })));
    expect(badZip.code).toBe('invalid_input');
    expect(badZip.message).toBe(
      'The shipping provider refused the shipment details. Please check the addresses and package.',
    );
    expect(badZip.details).toEqual([{ path: 'to.zip', message: 'is invalid' }]);

    const unknownTracking = await failure(provider.getTracking('1Z0000000000000000'));
    expect(unknownTracking).toMatchObject({
      code: 'not_found',
      message: 'Tracking number not found at the shipping provider',
    });

    const wrongKey = await failure(httpLabelProvider({ ...alpha, apiKey: 'sk_wrong' }).listServices());
    expect(wrongKey.code).toBe('upstream_error');
    expect(wrongKey.message).toBe('The shipping provider could not handle the request. Please try again later.');
    expect(wrongKey.message).not.toContain('Invalid API key');
    expect(wrongKey.logMessage).toContain('401');

    const wrongCatalogue = await failure(
      httpLabelProvider({ baseUrl: `${sandbox.url}/catalogues/nope`, apiKey: alpha.apiKey }).listServices(),
    );
    expect(wrongCatalogue.code).toBe('upstream_error');
  });

  it('a provider that is down fails fast as upstream_unavailable (Retry-After 30 is not waited for)', async () => {
    sandbox.catalogues.alpha?.setDown(true);
    try {
      const counter = countingFetch(transport);
      const started = performance.now();
      const err = await failure(httpLabelProvider({ ...alpha, fetch: counter.fetch }).listServices());
      expect(err.code).toBe('upstream_unavailable');
      expect(err.retryAfterSeconds).toBe(30);
      expect(err.message).toBe('The shipping provider is temporarily unavailable. Please try again later.');
      expect(counter.calls).toHaveLength(1);
      expect(performance.now() - started).toBeLessThan(5_000); // far below the 30 s it was told to wait
    } finally {
      sandbox.catalogues.alpha?.setDown(false);
    }
  });

  it('retries random 503s on safe calls with backoff until they pass', async () => {
    sandbox.setFailureRate(0.5);
    const counter = countingFetch(transport);
    const waits: number[] = [];
    const provider = httpLabelProvider({
      ...alpha,
      fetch: counter.fetch,
      maxAttempts: 10,
      retryBaseMs: 10,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    for (let i = 0; i < 8; i++) expect(await provider.listServices()).toHaveLength(18);
    // Some of the 8 calls met a 503 and were repeated: more requests than calls, one wait per repeat.
    expect(counter.calls.length).toBeGreaterThan(8);
    expect(waits).toHaveLength(counter.calls.length - 8);
    // Retry-After: 1 (the injected failures) is honoured as 1 s.
    expect(waits.every((ms) => ms === 1000)).toBe(true);
  });

  it('never retries a purchase without an idempotency key; retries one with a key and buys once', async () => {
    sandbox.setFailureRate(1);
    const counter = countingFetch(transport);
    const provider = httpLabelProvider({ ...alpha, fetch: counter.fetch, sleep: noSleep, maxAttempts: 3 });
    const once = await failure(provider.createLabel(labelInput()));
    expect(once.code).toBe('upstream_unavailable');
    expect(counter.calls).toHaveLength(1);

    const keyed = await failure(provider.createLabel(labelInput({ idempotencyKey: 'order-2' })));
    expect(keyed.code).toBe('upstream_unavailable');
    expect(counter.calls).toHaveLength(4);

    // With the provider back, the retried purchase goes through exactly once.
    sandbox.setFailureRate(0);
    const bought = await provider.createLabel(labelInput({ idempotencyKey: 'order-2' }));
    const replay = await provider.createLabel(labelInput({ idempotencyKey: 'order-2' }));
    expect(replay.labelId).toBe(bought.labelId);
    expect(replay.replayed).toBe(true);
  });

  it('gives up on a slow provider after the timeout, per attempt', async () => {
    // Both attempts together take less than one answer of this provider: each was cut off at 100 ms. (The margin is
    // wide so a loaded CI machine cannot fail it; waiting out even one answer would take 1.5 s.)
    sandbox.setLatency(1_500);
    const counter = countingFetch(transport);
    const started = performance.now();
    const err = await failure(
      httpLabelProvider({
        ...alpha,
        fetch: counter.fetch,
        timeoutMs: 100,
        maxAttempts: 2,
        sleep: noSleep,
      }).listServices(),
    );
    expect(err.code).toBe('upstream_unavailable');
    expect(err.logMessage).toContain('did not answer within 100 ms');
    expect(counter.calls).toHaveLength(2);
    expect(performance.now() - started).toBeLessThan(1_400);

    // Within the timeout a slow answer is fine.
    sandbox.setLatency(400);
    expect(await httpLabelProvider({ ...alpha, timeoutMs: 2_000 }).listServices()).toHaveLength(18);
  });

  it('answers 429 as upstream_unavailable without waiting out a long window', async () => {
    // The sandbox's windows are fixed (aligned to the clock): a stopped clock mid-window keeps the second call inside
    // the first one's window, wherever the wall clock is (near a minute boundary, Retry-After would be short enough
    // for the adapter to wait it out and succeed).
    const midWindow = new Date('2026-01-01T00:00:30.000Z');
    const limited = await createCarrierSandbox({
      rateLimit: { limit: 1, windowMs: 60_000 },
      clock: { now: () => midWindow },
    });
    try {
      const c = limited.catalogues.alpha;
      if (!c) throw new Error('no alpha');
      const counter = countingFetch(transport);
      const provider = httpLabelProvider({ baseUrl: c.baseUrl, apiKey: c.apiKey, fetch: counter.fetch });
      await provider.listServices();
      const err = await failure(provider.listServices());
      expect(err.code).toBe('upstream_unavailable');
      expect(err.providerCode).toBe('rate_limited');
      expect(counter.calls).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });
});

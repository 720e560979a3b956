import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CarrierSandbox, LABEL_ANSWERS, OVERSIZED_ANSWER_BYTES } from '../src/index';
import { client, DAY, type ErrorBody, type LabelBody, labelRequest, movableClock, sandboxes } from './helpers';

const running = sandboxes();
const clock = movableClock('2026-03-02T10:00:00Z');
const CONTROL_KEY = 'control-key-for-unusable-answers';
let s: CarrierSandbox;
let alpha: ReturnType<typeof client>;

beforeAll(async () => {
  s = await running.start({ clock, controlKey: CONTROL_KEY });
  alpha = client(s.catalogues.alpha?.baseUrl ?? '', s.catalogues.alpha?.apiKey ?? '');
});
afterAll(() => running.closeAll());

const control = (method: string, path: string, body?: unknown) =>
  fetch(`${s.url}/_sandbox${path}`, {
    method,
    headers: { 'X-Sandbox-Key': CONTROL_KEY, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

interface LabelsControl {
  count: number;
  voided: number;
  labels: Array<{ labelId: string; reference: string | null; status: string; voidedAt: string | null }>;
}
const labelsOf = async (reference: string) =>
  ((await (await control('GET', '/catalogues/alpha/labels')).json()) as LabelsControl).labels.filter(
    (l) => l.reference === reference,
  );

/** POST /v1/labels with an Idempotency-Key, read raw: status, content type, size and the text. */
async function buyRaw(reference: string, key: string) {
  const res = await fetch(`${s.catalogues.alpha?.baseUrl}/v1/labels`, {
    method: 'POST',
    headers: {
      'X-Api-Key': s.catalogues.alpha?.apiKey ?? '',
      'Content-Type': 'application/json',
      'Idempotency-Key': key,
    },
    body: JSON.stringify({ ...labelRequest('ups_ground'), reference, includePdf: true }),
  });
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type') ?? '', size: text.length, text };
}

describe('GET /v1/labels?idempotencyKey=', () => {
  it('finds the label a key bought, and answers an empty list for a key that bought nothing', async () => {
    const bought = await alpha.post<LabelBody>('/v1/labels', labelRequest('ups_ground'), {
      'Idempotency-Key': 'lookup-1',
    });
    expect(bought.status).toBe(201);
    const found = await alpha.get<{ labels: LabelBody[] }>('/v1/labels?idempotencyKey=lookup-1');
    expect(found.status).toBe(200);
    expect(found.body.labels).toEqual([bought.body]);

    expect((await alpha.get<{ labels: LabelBody[] }>('/v1/labels?idempotencyKey=never-used')).body).toEqual({
      labels: [],
    });
    // A refused purchase does not consume its key: nothing to find.
    await alpha.post('/v1/labels', { ...labelRequest('ups_ground'), serviceCode: 'nope' }, { 'Idempotency-Key': 'x1' });
    expect((await alpha.get<{ labels: LabelBody[] }>('/v1/labels?idempotencyKey=x1')).body.labels).toEqual([]);

    // A voided label is found voided.
    await alpha.post(`/v1/labels/${bought.body.labelId}/void`);
    const after = await alpha.get<{ labels: LabelBody[] }>('/v1/labels?idempotencyKey=lookup-1');
    expect(after.body.labels.map((l) => l.status)).toEqual(['voided']);

    const missing = await alpha.get<ErrorBody>('/v1/labels');
    expect(missing.status).toBe(400);
    expect(missing.body.error.details?.[0]?.field).toBe('idempotencyKey');
  });

  it('forgets the key after 24 hours, as the purchase replay does', async () => {
    await alpha.post('/v1/labels', labelRequest('ups_ground'), { 'Idempotency-Key': 'lookup-old' });
    clock.advance(DAY + 1);
    expect((await alpha.get<{ labels: LabelBody[] }>('/v1/labels?idempotencyKey=lookup-old')).body.labels).toEqual([]);
  });
});

describe('PUT /_sandbox/label-answer', () => {
  it('answers each unusable way while the label is bought and billed all the same', async () => {
    const seen: Record<string, { status: number; type: string; size: number; text: string }> = {};
    for (const answer of LABEL_ANSWERS.filter((a) => a !== 'normal')) {
      expect((await control('PUT', '/label-answer', { answer, count: 1 })).status).toBe(200);
      const reference = `ref-${answer}`;
      seen[answer] = await buyRaw(reference, `key-${answer}`);
      // Bought, not voided: the provider billed it.
      expect(await labelsOf(reference), answer).toEqual([
        { labelId: expect.stringMatching(/^lbl_/), reference, status: 'created', voidedAt: null },
      ]);
    }
    expect(seen.non_json).toMatchObject({ status: 201, type: expect.stringContaining('text/html') });
    expect(() => JSON.parse(seen.non_json?.text ?? '')).toThrow();

    const wrong = JSON.parse(seen.wrong_shape?.text ?? '{}') as Record<string, unknown>;
    expect(seen.wrong_shape?.status).toBe(201);
    expect(wrong.labelId).toBe((await labelsOf('ref-wrong_shape'))[0]?.labelId);
    expect(wrong).not.toHaveProperty('trackingNumber');
    expect(typeof wrong.price).toBe('string');

    const noPdf = JSON.parse(seen.no_pdf?.text ?? '{}') as Record<string, unknown>;
    expect(noPdf).toMatchObject({ labelId: expect.any(String), trackingNumber: expect.any(String) });
    expect(noPdf).not.toHaveProperty('labelPdf');

    const badPdf = JSON.parse(seen.bad_pdf?.text ?? '{}') as { labelPdf: string };
    expect(Buffer.from(badPdf.labelPdf, 'base64').subarray(0, 4).toString()).not.toBe('%PDF');

    expect(seen.oversized?.status).toBe(201);
    expect(seen.oversized?.size).toBeGreaterThanOrEqual(OVERSIZED_ANSWER_BYTES);

    expect(seen.server_error?.status).toBe(500);
    expect(JSON.parse(seen.server_error?.text ?? '{}')).toEqual({
      error: { code: 'internal_error', message: 'Internal error' },
    });
  });

  it('a replay with the same key is answered the same unusable way until the count runs out, buying nothing more', async () => {
    expect((await control('PUT', '/label-answer', { answer: 'no_pdf', count: 2 })).status).toBe(200);
    const first = await buyRaw('ref-replay', 'key-replay');
    const second = await buyRaw('ref-replay', 'key-replay');
    const third = await buyRaw('ref-replay', 'key-replay');
    expect([first.status, second.status, third.status]).toEqual([201, 200, 200]);
    expect(JSON.parse(first.text)).not.toHaveProperty('labelPdf');
    expect(JSON.parse(second.text)).not.toHaveProperty('labelPdf');
    expect(JSON.parse(third.text)).toHaveProperty('labelPdf');
    expect(await labelsOf('ref-replay')).toHaveLength(1);
  });

  it('without a count it lasts until set back to normal; bad bodies are refused', async () => {
    await control('PUT', '/label-answer', { answer: 'server_error' });
    expect((await buyRaw('ref-long-1', 'k-long-1')).status).toBe(500);
    expect((await buyRaw('ref-long-2', 'k-long-2')).status).toBe(500);
    expect(await (await control('PUT', '/label-answer', { answer: 'normal' })).json()).toEqual({
      answer: 'normal',
      remaining: null,
    });
    expect((await buyRaw('ref-long-1', 'k-long-1')).status).toBe(200);

    for (const body of [{ answer: 'garbage' }, { answer: 'non_json', count: 0 }, {}]) {
      expect((await control('PUT', '/label-answer', body)).status, JSON.stringify(body)).toBe(400);
    }
    const noKey = await fetch(`${s.url}/_sandbox/label-answer`, {
      method: 'PUT',
      body: JSON.stringify({ answer: 'non_json' }),
    });
    expect(noKey.status).toBe(401);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { client, type ErrorBody, sandboxes } from './helpers';

const running = sandboxes();
afterEach(() => running.closeAll());

describe('API keys', () => {
  it('refuses requests without a key, with a wrong key, and with the other catalogue’s key', async () => {
    const s = await running.start();
    const { alpha, beta } = s.catalogues;
    if (!alpha || !beta) throw new Error('default catalogues missing');

    const anonymous = await client(alpha.baseUrl, null).get<ErrorBody>('/v1/services');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toEqual({ code: 'unauthorized', message: 'Missing X-Api-Key header' });

    const wrong = await client(alpha.baseUrl, 'sk_sandbox_alpha_nope').get<ErrorBody>('/v1/services');
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toBe('Invalid API key');

    const crossed = await client(alpha.baseUrl, beta.apiKey).get<ErrorBody>('/v1/services');
    expect(crossed.status).toBe(401);

    const bearer = await client(alpha.baseUrl, null).get<ErrorBody>('/v1/services', {
      Authorization: `Bearer ${alpha.apiKey}`,
    });
    expect(bearer.status).toBe(401);

    const ok = await client(alpha.baseUrl, alpha.apiKey).get('/v1/services');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{16}$/);
  });

  it('guards every protocol endpoint, not only the list', async () => {
    const s = await running.start();
    const base = s.catalogues.alpha?.baseUrl ?? '';
    const anon = client(base, null);
    const answers = await Promise.all([
      anon.get('/v1/services/ups_ground'),
      anon.post('/v1/rates', {}),
      anon.post('/v1/labels', {}),
      anon.get('/v1/labels/lbl_x'),
      anon.get('/v1/labels/lbl_x/pdf'),
      anon.post('/v1/labels/lbl_x/void'),
      anon.get('/v1/tracking/1Z0000000000000000'),
    ]);
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 401, 401]);
  });

  it('answers unknown catalogues and routes with not_found', async () => {
    const s = await running.start();
    const key = s.catalogues.alpha?.apiKey ?? '';
    const noCatalogue = await client(`${s.url}/catalogues/gamma`, key).get<ErrorBody>('/v1/services');
    expect(noCatalogue.status).toBe(404);
    expect(noCatalogue.body.error.code).toBe('not_found');
    const noRoute = await client(s.catalogues.alpha?.baseUrl ?? '', key).get<ErrorBody>('/v2/services');
    expect(noRoute.status).toBe(404);
  });
});

describe('controls', () => {
  it('are off without a control key and need the key when on', async () => {
    const off = await running.start();
    const r1 = await client(off.url, null).get<ErrorBody>('/_sandbox/state', { 'X-Sandbox-Key': 'anything' });
    expect(r1.status).toBe(404);

    const on = await running.start({ controlKey: 'ctl-secret' });
    expect((await client(on.url, null).get('/_sandbox/state')).status).toBe(401);
    expect((await client(on.url, null).get('/_sandbox/state', { 'X-Sandbox-Key': 'wrong' })).status).toBe(401);
    const state = await client(on.url, null).get<{
      catalogues: Array<{ id: string; apiKey: string; baseUrl: string }>;
    }>('/_sandbox/state', { 'X-Sandbox-Key': 'ctl-secret' });
    expect(state.status).toBe(200);
    expect(state.body.catalogues.map((c) => c.id)).toEqual(['alpha', 'beta']);
    expect(state.body.catalogues[0]?.apiKey).toBe(on.catalogues.alpha?.apiKey);
    expect(state.body.catalogues[0]?.baseUrl).toBe(on.catalogues.alpha?.baseUrl);
  });
});

import { exports } from 'cloudflare:workers';
import type { ErrorBody } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../src/lib/json-depth';
import { json } from './support/http';

/** workerd's stack is smaller than Node's: a deep body must be refused there before anything walks it. */
describe('input limits inside workerd', () => {
  it('an anonymous login body nested 500,000 deep answers 400 invalid_input, not 500', async () => {
    const depth = 500_000;
    const body = `{"email":${'['.repeat(depth)}${']'.repeat(depth)},"password":"whatever-it-is"}`;
    const res = await exports.default.fetch(
      new Request('https://api.labeldesk.test/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': '198.51.100.77' },
        body,
      }),
    );
    expect(res.status).toBe(400);
    const message = `JSON nesting is deeper than ${MAX_JSON_DEPTH} levels`;
    expect((await json<ErrorBody>(res)).error).toEqual({
      code: 'invalid_input',
      message,
      details: [{ path: '', message }],
    });
  });
});

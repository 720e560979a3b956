import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startTestServer, type TestServer } from './helpers';

/**
 * The interactive API reference on the Node server (the Workers build serves the same route from its static-assets
 * binding: test/workers/public-api.test.ts): the page, its files from our own origin, and its strict policy.
 */
const swaggerUiDist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

async function get(server: TestServer, path: string) {
  const res = await fetch(`${server.url}${path}`);
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** The policy's directives as a map: `script-src` → [`'self'`]. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

describe('GET /api/v1/reference', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('serves the page under a strict policy: this origin only, no inline script or style, no eval, not framable', async () => {
    const { res, bytes } = await get(server, '/api/v1/reference');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const csp = directives(res.headers.get('content-security-policy') ?? '');
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'none'"]);
    expect(res.headers.get('content-security-policy')).not.toMatch(/unsafe|\*|https?:/);

    // Every script and stylesheet is a file of this origin: no inline code (the policy would refuse it anyway).
    const html = text(bytes);
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(2);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\ssrc="\/api\/v1\/reference\/[\w.-]+\.js"/);
      expect(body?.trim()).toBe('');
    }
    expect(html).not.toMatch(/<style\b|\sstyle=|\son[a-z]+=/i);
    const stylesheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]);
    expect(stylesheets).toEqual(['/api/v1/reference/swagger-ui.css', '/api/v1/reference/reference.css']);
    expect(html).not.toMatch(/https?:\/\//);
  });

  it("serves Swagger UI's files from our origin, byte for byte the installed swagger-ui-dist, with their types", async () => {
    for (const [file, type] of [
      ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
      ['swagger-ui.css', 'text/css; charset=utf-8'],
    ] as const) {
      const { res, bytes } = await get(server, `/api/v1/reference/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(Buffer.from(bytes).equals(await readFile(join(swaggerUiDist, file))), file).toBe(true);
    }
  });

  it('starts Swagger UI on our own OpenAPI document (fixed URL, no query config, no validator call-out)', async () => {
    const script = await get(server, '/api/v1/reference/reference.js');
    expect(script.res.status).toBe(200);
    expect(script.res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const source = text(script.bytes);
    expect(source).toContain('SwaggerUIBundle({');
    expect(source).toContain('url: "/api/v1/openapi.json"');
    expect(source).toContain('queryConfigEnabled: false');
    expect(source).toContain('validatorUrl: null');
    expect(source).not.toMatch(/https?:\/\//);

    const styles = await get(server, '/api/v1/reference/reference.css');
    expect(styles.res.status).toBe(200);
    expect(styles.res.headers.get('content-type')).toBe('text/css; charset=utf-8');

    // The document it loads is there, public, and declares the x-api-key scheme try-it-out sends.
    const doc = await get(server, '/api/v1/openapi.json');
    expect(doc.res.status).toBe(200);
    const openapi = JSON.parse(text(doc.bytes)) as { components: { securitySchemes: Record<string, unknown> } };
    expect(openapi.components.securitySchemes.apiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
    });
  });

  it('needs no key and is not counted against any limit; anything but its four files is 404', async () => {
    const answers = await Promise.all(Array.from({ length: 120 }, () => get(server, '/api/v1/reference')));
    expect(answers.map((a) => a.res.status)).toEqual(Array(120).fill(200));
    expect(answers[0]?.res.headers.get('x-ratelimit-limit')).toBeNull();

    for (const path of [
      '/api/v1/reference/index.html',
      '/api/v1/reference/package.json',
      '/api/v1/reference/swagger-ui-bundle.js.map',
      '/api/v1/reference/..%2Fpackage.json',
      '/api/v1/reference/%2e%2e%2f%2e%2e%2fpackage.json',
    ]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(404);
      const body = { status: res.status, headers: res.headers, text: await res.text(), body: undefined as unknown };
      body.body = JSON.parse(body.text);
      expect(errorOf(body).error.code, path).toBe('not_found');
    }
  });
});

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { REFERENCE_CSP } from '../../src/routes/api-reference/reference-page';
import { call } from './support/http';

/**
 * The interactive API reference inside workerd: the page from the Worker, Swagger UI's files from the static-assets
 * binding (wrangler.jsonc `assets`, the installed swagger-ui-dist folder), every answer under the reference's policy.
 */
describe('API reference on Workers', () => {
  it('serves the page and its files from the Worker, with their types and the strict policy', async () => {
    const page = await call('/api/v1/reference');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(page.headers.get('content-security-policy')).toBe(REFERENCE_CSP);
    const html = await page.text();
    expect(html).toContain('<script src="/api/v1/reference/swagger-ui-bundle.js" defer></script>');

    for (const [file, type, marker] of [
      ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8', 'SwaggerUIBundle'],
      ['swagger-ui.css', 'text/css; charset=utf-8', '.swagger-ui'],
      ['reference.js', 'text/javascript; charset=utf-8', '"/api/v1/openapi.json"'],
    ] as const) {
      const res = await call(`/api/v1/reference/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type'), file).toBe(type);
      expect(res.headers.get('content-security-policy'), file).toBe(REFERENCE_CSP);
      const body = await res.text();
      expect(body, file).toContain(marker);
      if (file === 'swagger-ui-bundle.js') {
        // The very file the binding holds (the installed package), not a fallback page.
        const direct = await env.ASSETS.fetch('https://assets.invalid/swagger-ui-bundle.js');
        expect(body.length).toBeGreaterThan(1_000_000);
        expect(body).toBe(await direct.text());
      }
    }
  });

  it("exposes none of the folder's other files, and no file by its path outside the route", async () => {
    for (const path of ['/api/v1/reference/index.html', '/api/v1/reference/package.json', '/swagger-ui-bundle.js']) {
      const res = await call(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain('SwaggerUIBundle');
    }
  });
});

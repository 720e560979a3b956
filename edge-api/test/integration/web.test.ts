import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from './helpers';

async function write(path: string, text: string) {
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, text);
}

describe('web: the embedded default serves the front-ends', () => {
  let root: string;
  let server: TestServer;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'labeldesk-web-'));
    await write(join(root, 'shell/dist/index.html'), '<!doctype html><title>Shell</title>');
    await write(join(root, 'shell/dist/assets/index-AbCdEf12.js'), 'console.log("shell")');
    await write(join(root, 'shell/dist/favicon.svg'), '<svg/>');
    // Federation builds put remoteEntry.js and its chunks side by side at the dist root.
    await write(join(root, 'mfe-customer/dist/remoteEntry.js'), 'export const customer = 1;');
    await write(join(root, 'mfe-customer/dist/Dashboard-Zx9Yw8Vu.js'), 'export default 1;');
    // mfe-admin and mfe-amazon are deliberately not built.
    server = await startTestServer({
      rootDir: root,
      remoteAmazonUrl: 'https://cdn.example.com/amazon/remoteEntry.js',
    });
  });
  afterAll(async () => {
    await server.stop();
    await rm(root, { recursive: true, force: true });
  });

  it('serves the shell at / and falls back to index.html for page paths', async () => {
    for (const path of ['/', '/dashboard', '/admin/faqs', '/auth/login?next=%2Fdashboard']) {
      const res = await call(server, 'GET', path);
      expect(res.status, path).toBe(200);
      expect(res.text).toBe('<!doctype html><title>Shell</title>');
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('sends the Content-Security-Policy (remote origins allowed) and Referrer-Policy on pages and files', async () => {
    for (const path of ['/', '/dashboard', '/assets/index-AbCdEf12.js', '/remotes/customer/remoteEntry.js']) {
      const res = await call(server, 'GET', path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("script-src 'self' https://cdn.example.com;");
      expect(csp, path).toContain("object-src 'none'; base-uri 'none'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
    }
  });

  it('gives hashed assets a long immutable cache and missing files a 404, not the page', async () => {
    const asset = await call(server, 'GET', '/assets/index-AbCdEf12.js');
    expect(asset.status).toBe(200);
    expect(asset.text).toBe('console.log("shell")');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await call(server, 'GET', '/favicon.svg')).headers.get('cache-control')).toBe('no-cache');
    expect((await call(server, 'GET', '/assets/missing-12345678.js')).status).toBe(404);
    expect((await call(server, 'GET', '/logo.png')).status).toBe(404);
  });

  it('serves a built remote under /remotes/<name>/ with remoteEntry.js never cached stale', async () => {
    const entry = await call(server, 'GET', '/remotes/customer/remoteEntry.js');
    expect(entry.status).toBe(200);
    expect(entry.text).toBe('export const customer = 1;');
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    expect(entry.headers.get('content-type')).toMatch(/javascript/);
    const chunk = await call(server, 'GET', '/remotes/customer/Dashboard-Zx9Yw8Vu.js');
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await call(server, 'GET', '/remotes/customer/nope-12345678.js')).status).toBe(404);
    expect((await call(server, 'GET', '/remotes/customer/../../shell/dist/index.html')).text).not.toContain('Shell');
  });

  it('answers 503 with a clear text for a remote that is not built', async () => {
    const res = await call(server, 'GET', '/remotes/admin/remoteEntry.js');
    expect(res.status).toBe(503);
    expect(res.text).toContain('The admin micro-frontend is not built yet');
    expect(res.text).toContain('pnpm build');
  });

  it('answers /app-config.json with the remote URLs (defaults and env overrides)', async () => {
    const res = await call(server, 'GET', '/app-config.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.body).toEqual({
      apiBase: '',
      remotes: {
        customer: '/remotes/customer/remoteEntry.js',
        admin: '/remotes/admin/remoteEntry.js',
        amazon: 'https://cdn.example.com/amazon/remoteEntry.js',
      },
      // The embedded default serves the marketplace sandbox: /amazon-confirm links to its sign-in page.
      marketplaceSandbox: { signInUrl: '/sandbox/marketplace/signin' },
    });
    const signIn = await call(server, 'GET', '/sandbox/marketplace/signin');
    expect(signIn.status).toBe(200);
    expect(signIn.text).toContain('Sign in as the sandbox seller');
  });

  it('names no marketplace sandbox in /app-config.json when MARKETPLACE_URL points at a real marketplace', async () => {
    const real = await startTestServer({ rootDir: root, marketplaceUrl: 'https://sellercentral.example.com' });
    try {
      const res = await call(real, 'GET', '/app-config.json');
      expect(res.body).not.toHaveProperty('marketplaceSandbox');
      expect((await call(real, 'GET', '/sandbox/marketplace/signin')).text).not.toContain('sandbox seller');
    } finally {
      await real.stop();
    }
  });

  it('never answers API paths with the page', async () => {
    const res = await call(server, 'GET', '/api/unknown');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: { code: 'not_found' } });
  });

  it('keeps the API up and answers 503 for UI paths when the shell is not built', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'labeldesk-web-empty-'));
    const bare = await startTestServer({ rootDir: empty });
    try {
      const page = await call(bare, 'GET', '/dashboard');
      expect(page.status).toBe(503);
      expect(page.text).toContain('The web UI is not built yet');
      expect((await call(bare, 'GET', '/')).status).toBe(503);
      expect((await call(bare, 'GET', '/api/health')).status).toBe(200);
    } finally {
      await bare.stop();
      await rm(empty, { recursive: true, force: true });
    }
  });
});

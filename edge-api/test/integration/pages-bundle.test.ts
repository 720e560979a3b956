import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../scripts/pages-bundle';

const run = promisify(execFile);

async function write(path: string, text: string) {
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, text);
}

/** Pages' half of a request: the binding that serves the site's files (index.html for page paths). */
interface Binding {
  fetch(request: Request): Promise<Response>;
}
type PagesWorker = { fetch(request: Request, env: { API?: Binding; ASSETS: Binding }): Promise<Response> };

/**
 * `pnpm build:pages` run as the operator runs it (the package.json script's command), on dist folders shaped like
 * Vite's output: the shell at the root, remotes under /remotes/<name>/, app-config.json and the CSP from the
 * environment, and /api/* routed to the API Worker instead of the SPA fallback.
 */
describe('build:pages: the Cloudflare Pages bundle', () => {
  let root: string;
  let out: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'labeldesk-pages-'));
    out = join(root, 'out');
    const viteHeaders = '/*\n  X-Frame-Options: DENY\n';
    await write(join(root, 'shell/dist/index.html'), '<!doctype html><title>Shell</title>');
    await write(join(root, 'shell/dist/assets/index-AbCdEf12.js'), 'console.log("shell")');
    await write(join(root, 'shell/dist/_headers'), viteHeaders);
    for (const name of ['customer', 'admin']) {
      await write(join(root, `mfe-${name}/dist/remoteEntry.js`), `export const ${name} = 1;`);
      await write(join(root, `mfe-${name}/dist/_headers`), viteHeaders);
    }
    // mfe-amazon is not built: REMOTE_AMAZON_URL puts it on another origin.
    const script = JSON.parse(await readFile(join(REPO_ROOT, 'package.json'), 'utf8')).scripts['build:pages'];
    expect(script).toBe('tsx edge-api/scripts/pages-bundle.ts');
    const tsx = join(REPO_ROOT, 'node_modules/.bin/tsx');
    await run(tsx, ['edge-api/scripts/pages-bundle.ts', '--root', root, '--out', out, '--no-web-build'], {
      cwd: REPO_ROOT,
      env: { ...process.env, REMOTE_AMAZON_URL: 'https://cdn.example.com/amazon/remoteEntry.js' },
    });
  }, 120_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('puts the shell at the root and each bundled remote under /remotes/<name>/', async () => {
    expect((await readdir(out)).sort()).toEqual(
      ['_headers', '_routes.json', '_worker.js', 'app-config.json', 'assets', 'index.html', 'remotes'].sort(),
    );
    expect(await readFile(join(out, 'index.html'), 'utf8')).toContain('<title>Shell</title>');
    expect(await readFile(join(out, 'remotes/customer/remoteEntry.js'), 'utf8')).toBe('export const customer = 1;');
    expect(await readdir(join(out, 'remotes'))).toEqual(['admin', 'customer']);
    // Pages reads only the root's _headers: the remotes' copies are gone.
    expect(await readdir(join(out, 'remotes/admin'))).toEqual(['remoteEntry.js']);
  });

  it('writes app-config.json from the environment', async () => {
    expect(JSON.parse(await readFile(join(out, 'app-config.json'), 'utf8'))).toEqual({
      apiBase: '',
      remotes: {
        customer: '/remotes/customer/remoteEntry.js',
        admin: '/remotes/admin/remoteEntry.js',
        amazon: 'https://cdn.example.com/amazon/remoteEntry.js',
      },
    });
  });

  it('writes _headers with the CSP allowing the configured remote origin, for every path', async () => {
    const headers = await readFile(join(out, '_headers'), 'utf8');
    const csp = /^ {2}Content-Security-Policy: (.+)$/m.exec(headers)?.[1] ?? '';
    expect(headers.split('\n')).toContain('/*');
    expect(csp).toContain("script-src 'self' https://cdn.example.com;");
    expect(csp).toContain("connect-src 'self' https://cdn.example.com;");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers).toContain('  Referrer-Policy: no-referrer');
  });

  it('routes /api/* to the Worker, never to the SPA fallback', async () => {
    expect(JSON.parse(await readFile(join(out, '_routes.json'), 'utf8'))).toEqual({
      version: 1,
      include: ['/api', '/api/*'],
      exclude: [],
    });
    const worker = (await import(pathToFileURL(join(out, '_worker.js')).href)).default as PagesWorker;
    const seen: string[] = [];
    const API: Binding = {
      fetch: async (request) => {
        seen.push(`${request.method} ${new URL(request.url).pathname} ${request.headers.get('cf-connecting-ip')}`);
        return Response.json({ status: 'ok', runtime: 'workers' });
      },
    };
    const ASSETS: Binding = { fetch: async () => new Response('<!doctype html><title>Shell</title>') };
    const health = await worker.fetch(
      new Request('https://labeldesk.example/api/health', { headers: { 'cf-connecting-ip': '203.0.113.9' } }),
      { API, ASSETS },
    );
    expect(await health.json()).toEqual({ status: 'ok', runtime: 'workers' });
    const post = await worker.fetch(new Request('https://labeldesk.example/api/auth/login', { method: 'POST' }), {
      API,
      ASSETS,
    });
    expect(post.status).toBe(200);
    expect(seen).toEqual(['GET /api/health 203.0.113.9', 'POST /api/auth/login null']);

    // Without the Service binding: a 503 in the API's error shape, not the app's HTML with 200.
    const unbound = await worker.fetch(new Request('https://labeldesk.example/api/health'), { ASSETS });
    expect(unbound.status).toBe(503);
    expect(unbound.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await unbound.json()) as { error: { code: string } }).error.code).toBe('upstream_unavailable');
    // A page path is the site's, had _routes.json ever sent one here.
    expect(await (await worker.fetch(new Request('https://labeldesk.example/dashboard'), { API, ASSETS })).text()).toBe(
      '<!doctype html><title>Shell</title>',
    );
  });

  it('refuses to assemble without the builds it needs, naming them', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'labeldesk-pages-empty-'));
    try {
      const tsx = join(REPO_ROOT, 'node_modules/.bin/tsx');
      const failed = await run(tsx, ['edge-api/scripts/pages-bundle.ts', '--root', empty, '--no-web-build'], {
        cwd: REPO_ROOT,
      }).then(
        () => '',
        (err: { stderr: string }) => err.stderr,
      );
      expect(failed).toContain('not built: shell/dist/index.html, mfe-customer/dist/remoteEntry.js');
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});

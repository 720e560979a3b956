import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { remoteOriginsOf, webSecurityHeaders } from '../../../../security-headers.config';

export const REMOTE_NAMES = ['customer', 'admin', 'amazon'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export interface WebAppOptions {
  /** Repository root: shell/dist and mfe-<name>/dist are found under it. */
  rootDir: string;
  /** What GET /app-config.json answers for each remote's entry URL. */
  remotes: Record<RemoteName, string>;
  /** The embedded marketplace sandbox's sign-in page (MARKETPLACE_URL unset), which /amazon-confirm links to. */
  marketplaceSandboxSignInUrl?: string;
}

/** The JSON the shell reads at start-up to find the API and its remotes. */
export interface AppConfigJson {
  apiBase: string;
  remotes: Record<RemoteName, string>;
  /**
   * Present only when this server serves the marketplace sandbox (the embedded default): where a person signs in as
   * the sandbox seller to get a CSRF token and a cookies file. Absent on any other host (Pages, a real marketplace).
   */
  marketplaceSandbox?: { signInUrl: string };
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Vite's content-hashed build output, e.g. assets/index-BkK4Qf1x.js or DashboardPage-BuzRvED4.js (8-character hash
 * with a digit or capital in it); never remoteEntry.js or index.html, which must always be revalidated.
 */
function isHashedAsset(fsPath: string): boolean {
  const name = fsPath.split(/[\\/]/).pop() ?? '';
  if (name === 'remoteEntry.js' || name === 'index.html') return false;
  const hash = /-([A-Za-z0-9_-]{8})\.[a-z0-9]+$/i.exec(name)?.[1];
  return hash !== undefined && /[A-Z0-9]/.test(hash);
}

const setCacheHeaders = (fsPath: string, c: Context) => {
  c.header('Cache-Control', isHashedAsset(fsPath) ? IMMUTABLE : REVALIDATE);
};

/** A request for a file (has an extension, or lives under /assets/) gets a 404, never the SPA page. */
function looksLikeAsset(path: string): boolean {
  const last = path.split('/').pop() ?? '';
  return path.startsWith('/assets/') || /\.[A-Za-z0-9]{1,8}$/.test(last);
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function notBuilt(c: Context, what: string): Response {
  c.header('Cache-Control', 'no-store');
  c.header('Retry-After', '30');
  return c.text(
    `${what} is not built yet. Run \`pnpm build\` at the repository root, then reload. The API is available under /api.`,
    503,
  );
}

/**
 * The front-ends of the embedded default: the shell at `/` (SPA fallback to index.html for page paths), each remote
 * under `/remotes/<name>/`, and `/app-config.json`. A missing dist folder answers 503 with a clear text for UI paths
 * and never affects the API. Dist folders are looked up per request, so a build after start-up is picked up.
 */
export function createWebApp(opts: WebAppOptions): Hono {
  const shellDist = join(opts.rootDir, 'shell', 'dist');
  const remoteDist = (name: RemoteName) => join(opts.rootDir, `mfe-${name}`, 'dist');

  // serveStatic warns at creation when its root is missing, so each is created on first use after the build exists.
  const cache = new Map<string, MiddlewareHandler>();
  const lazy = (key: string, make: () => MiddlewareHandler): MiddlewareHandler => {
    let handler = cache.get(key);
    if (!handler) {
      handler = make();
      cache.set(key, handler);
    }
    return handler;
  };

  // The CSP, Referrer-Policy and friends of security-headers.config.ts (the same as the static hosts' `_headers`), with
  // the remotes' origins allowed when REMOTE_*_URL puts them on another origin.
  const headers = webSecurityHeaders({ remoteOrigins: remoteOriginsOf(Object.values(opts.remotes)) });
  const app = new Hono();
  // Outermost, so these win over secureHeaders' defaults for the same names.
  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  });
  app.use('*', secureHeaders({ crossOriginResourcePolicy: false, crossOriginOpenerPolicy: false }));

  app.get('/app-config.json', (c) => {
    const body: AppConfigJson = {
      apiBase: '',
      remotes: opts.remotes,
      ...(opts.marketplaceSandboxSignInUrl
        ? { marketplaceSandbox: { signInUrl: opts.marketplaceSandboxSignInUrl } }
        : {}),
    };
    c.header('Cache-Control', REVALIDATE);
    return c.json(body);
  });

  for (const name of REMOTE_NAMES) {
    const prefix = `/remotes/${name}`;
    app.on(['GET', 'HEAD'], `${prefix}/*`, async (c, next) => {
      const root = remoteDist(name);
      if (!isDir(root)) return notBuilt(c, `The ${name} micro-frontend`);
      // Remotes may be loaded by a shell on another origin (REMOTE_*_URL); their files are public.
      c.header('Access-Control-Allow-Origin', '*');
      const serve = lazy(`remote:${name}`, () =>
        serveStatic({
          root,
          rewriteRequestPath: (p) => p.slice(prefix.length) || '/',
          onFound: setCacheHeaders,
        }),
      );
      return serve(c, next);
    });
  }

  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    if (c.req.path.startsWith('/remotes/')) return next();
    if (!isDir(shellDist)) return notBuilt(c, 'The web UI');
    const serve = lazy('shell', () => serveStatic({ root: shellDist, onFound: setCacheHeaders }));
    return serve(c, next);
  });

  // SPA fallback: page paths get index.html so the client router can take over.
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    if (looksLikeAsset(c.req.path) || c.req.path.startsWith('/remotes/')) return next();
    if (!existsSync(join(shellDist, 'index.html'))) return notBuilt(c, 'The web UI');
    const serve = lazy('spa', () => serveStatic({ root: shellDist, path: 'index.html', onFound: setCacheHeaders }));
    return serve(c, next);
  });

  app.notFound((c) => c.text('Not found', 404));
  return app;
}

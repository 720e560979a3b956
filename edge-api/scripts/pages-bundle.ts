// `pnpm build:pages`: the Cloudflare Pages folder of the web UI, assembled from the Vite builds (built first when
// stale, as `pnpm start` does) and the environment:
//
//   <out>/                    the shell (shell/dist): index.html, assets/, favicon, zod-jitless.js
//   <out>/remotes/<name>/     each remote's dist (mfe-<name>/dist), unless REMOTE_<NAME>_URL puts it elsewhere
//   <out>/app-config.json     { apiBase: "", remotes } from REMOTE_CUSTOMER_URL / REMOTE_ADMIN_URL / REMOTE_AMAZON_URL
//   <out>/_headers            the CSP and security headers of security-headers.config.ts, the remotes' origins allowed
//   <out>/_routes.json        Pages invokes _worker.js for /api and /api/* only
//   <out>/_worker.js          forwards /api/* to the API Worker through the Service binding API (scripts/pages/_worker.js)
//
// Options: --out DIR (default dist/pages at the repository root), --no-web-build (use the dist folders as they are),
// --root DIR (where shell/dist and mfe-*/dist are; default the repository root).
// Deploy: `pnpm exec wrangler pages deploy dist/pages --project-name labeldesk` (README, "Front-ends on Cloudflare Pages").
import { cp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { remoteOriginsOf, staticHostingHeadersFile } from '../../security-headers.config';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const REMOTE_NAMES = ['customer', 'admin', 'amazon'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** The paths Pages hands to _worker.js; everything else never invokes it (static files, then the SPA fallback). */
export const PAGES_ROUTES = { version: 1, include: ['/api', '/api/*'], exclude: [] as string[] };

export interface PagesBundleOptions {
  /** Where shell/dist and mfe-<name>/dist are (the repository root). */
  rootDir: string;
  outDir: string;
  /** REMOTE_*_URL and friends; default process.env. */
  env?: Record<string, string | undefined>;
}

export interface PagesBundle {
  outDir: string;
  appConfig: { apiBase: string; remotes: Record<RemoteName, string> };
  /** The remotes copied under /remotes/<name>/ (those not configured to live elsewhere). */
  bundledRemotes: RemoteName[];
}

const ENV_OF: Record<RemoteName, string> = {
  customer: 'REMOTE_CUSTOMER_URL',
  admin: 'REMOTE_ADMIN_URL',
  amazon: 'REMOTE_AMAZON_URL',
};
const defaultUrl = (name: RemoteName) => `/remotes/${name}/remoteEntry.js`;

/** A remote's entry URL from the environment: a same-origin path or an absolute http(s) URL, else an error naming it. */
function remoteUrl(name: RemoteName, env: Record<string, string | undefined>): string {
  const raw = env[ENV_OF[name]]?.trim();
  if (!raw) return defaultUrl(name);
  const absolute = /^https?:\/\//i.test(raw) && URL.canParse(raw);
  if (!absolute && !(raw.startsWith('/') && !raw.startsWith('//'))) {
    throw new Error(`${ENV_OF[name]} must be an http(s) URL or a path starting with /, not "${raw}"`);
  }
  return raw;
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isFile(),
    () => false,
  );
}

/** Cache and CORS rules added after the security headers (Pages merges the rules that match a path). */
const EXTRA_RULES = `
# app-config.json and the remotes' entries change with every deploy: always revalidate them.
/app-config.json
  Cache-Control: no-cache
/remotes/*
  Access-Control-Allow-Origin: *
`;

/** Assembles the Pages folder from existing dist folders (see the file comment). Throws naming what is missing. */
export async function assemblePagesBundle(opts: PagesBundleOptions): Promise<PagesBundle> {
  const env = opts.env ?? process.env;
  const remotes = Object.fromEntries(REMOTE_NAMES.map((n) => [n, remoteUrl(n, env)])) as Record<RemoteName, string>;
  const bundledRemotes = REMOTE_NAMES.filter((n) => remotes[n] === defaultUrl(n));
  const shellDist = join(opts.rootDir, 'shell', 'dist');
  const missing = [
    ...((await isFile(join(shellDist, 'index.html'))) ? [] : ['shell/dist/index.html']),
    ...(
      await Promise.all(
        bundledRemotes.map(async (n) =>
          (await isFile(join(opts.rootDir, `mfe-${n}`, 'dist', 'remoteEntry.js')))
            ? []
            : [`mfe-${n}/dist/remoteEntry.js`],
        ),
      )
    ).flat(),
  ];
  if (missing.length > 0) throw new Error(`build:pages: not built: ${missing.join(', ')} (run pnpm build)`);

  await rm(opts.outDir, { recursive: true, force: true });
  await mkdir(opts.outDir, { recursive: true });
  await cp(shellDist, opts.outDir, { recursive: true });
  for (const name of bundledRemotes) {
    const target = join(opts.outDir, 'remotes', name);
    await cp(join(opts.rootDir, `mfe-${name}`, 'dist'), target, { recursive: true });
    // Pages reads only the site root's _headers; a remote's own copy would just be served as a file.
    await rm(join(target, '_headers'), { force: true });
  }

  const appConfig = { apiBase: '', remotes };
  await writeFile(join(opts.outDir, 'app-config.json'), `${JSON.stringify(appConfig, null, 2)}\n`);
  const headers = staticHostingHeadersFile({ remoteOrigins: remoteOriginsOf(Object.values(remotes)) });
  await writeFile(join(opts.outDir, '_headers'), `${headers}${EXTRA_RULES}`);
  await writeFile(join(opts.outDir, '_routes.json'), `${JSON.stringify(PAGES_ROUTES, null, 2)}\n`);
  const worker = await readFile(new URL('./pages/_worker.js', import.meta.url), 'utf8');
  await writeFile(join(opts.outDir, '_worker.js'), worker);
  return { outDir: opts.outDir, appConfig, bundledRemotes };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      out: { type: 'string', default: join(REPO_ROOT, 'dist', 'pages') },
      root: { type: 'string', default: REPO_ROOT },
      'no-web-build': { type: 'boolean' },
    },
  });
  if (!values['no-web-build']) {
    const { buildWeb } = (await import(String(new URL('./build-web.mjs', import.meta.url)))) as {
      buildWeb: () => Promise<string[]>;
    };
    await buildWeb();
  }
  const bundle = await assemblePagesBundle({ rootDir: resolve(values.root), outDir: resolve(values.out) });
  console.log(
    `[labeldesk] Pages bundle in ${bundle.outDir}: shell, remotes ${bundle.bundledRemotes.join(', ') || '(none: all elsewhere)'}, app-config.json, _headers, _routes.json (/api/* → _worker.js → Service binding API)`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}

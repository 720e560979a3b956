// Builds the shell and the three remotes when any of their sources is newer than the last build (or a build is
// missing), so `pnpm start` serves current front-ends without rebuilding on every start.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const APPS = [
  { dir: 'shell', output: 'dist/index.html' },
  { dir: 'mfe-customer', output: 'dist/remoteEntry.js' },
  { dir: 'mfe-admin', output: 'dist/remoteEntry.js' },
  { dir: 'mfe-amazon', output: 'dist/remoteEntry.js' },
];
// Sources every app build depends on besides its own folder.
const SHARED_SOURCES = ['packages', 'federation.config.ts', 'tsconfig.base.json', 'pnpm-lock.yaml'];
const SKIP = new Set(['node_modules', 'dist', '.data', 'test-fixtures', 'e2e']);

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (SKIP.has(entry)) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function run(command, args, cwd) {
  return new Promise((resolve, reject) => {
    // Always a production build: Vite honours an inherited NODE_ENV (vitest sets it to "test"), which would otherwise
    // ship React's development build to everyone who later runs `pnpm start` on these files.
    const env = { ...process.env, NODE_ENV: 'production' };
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} in ${cwd} exited with ${code}`)),
    );
  });
}

/** Returns the apps that were (re)built. `force` rebuilds all. */
export async function buildWeb({ force = false, log = console.log } = {}) {
  const shared = Math.max(...SHARED_SOURCES.map((p) => newestMtime(join(REPO_ROOT, p))));
  const stale = APPS.filter(({ dir, output }) => {
    const out = join(REPO_ROOT, dir, output);
    if (force || !existsSync(out)) return true;
    const built = statSync(out).mtimeMs;
    return Math.max(shared, newestMtime(join(REPO_ROOT, dir))) > built;
  });
  if (stale.length === 0) return [];
  log(`[labeldesk] Building front-ends: ${stale.map((a) => a.dir).join(', ')}`);
  // Two at a time: four parallel Vite builds thrash a 2-core machine.
  const queue = [...stale];
  const worker = async () => {
    for (let app = queue.shift(); app; app = queue.shift()) {
      const appDir = join(REPO_ROOT, app.dir);
      const vitePkg = createRequire(join(appDir, 'package.json')).resolve('vite/package.json');
      await run(process.execPath, [join(dirname(vitePkg), 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], appDir);
    }
  };
  await Promise.all([worker(), worker()]);
  return stale.map((a) => a.dir);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildWeb({ force: process.argv.includes('--force') });
}

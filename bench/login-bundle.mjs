// Login screen budget: gzipped JavaScript the browser downloads to show /auth/login (target <= 150 KiB), measured in
// headless Chromium against the embedded default, plus each remote's entry and chunks (what its first page loads and
// what its build contains). Run: node bench/login-bundle.mjs
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { kib, launchChromium, ROOT, startEmbedded } from './support.mjs';

const BUDGET = 150 * 1024;
const gz = (buf) => gzipSync(buf, { level: 9 }).length;

async function jsLoadedBy(browser, url, prepare) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const files = new Map();
  page.on('response', async (res) => {
    const type = res.headers()['content-type'] ?? '';
    if (!type.includes('javascript')) return;
    const body = await res.body().catch(() => null);
    if (body) files.set(new URL(res.url()).pathname, { raw: body.length, gzip: gz(body) });
  });
  if (prepare) await prepare(page);
  await page.goto(url, { waitUntil: 'networkidle' });
  await context.close();
  return files;
}

function distSizes(dir) {
  let raw = 0;
  let gzip = 0;
  let count = 0;
  for (const name of readdirSync(dir, { recursive: true })) {
    const path = join(dir, String(name));
    if (!statSync(path).isFile() || !path.endsWith('.js')) continue;
    const buf = readFileSync(path);
    raw += buf.length;
    gzip += gz(buf);
    count += 1;
  }
  return { raw, gzip, count };
}

const server = await startEmbedded();
const browser = await launchChromium();
try {
  const login = await jsLoadedBy(browser, `${server.url}/auth/login`);
  const total = [...login.values()].reduce((a, f) => ({ raw: a.raw + f.raw, gzip: a.gzip + f.gzip }), {
    raw: 0,
    gzip: 0,
  });
  console.log(
    `Login screen: ${login.size} JS files, ${kib(total.raw)} raw, ${kib(total.gzip)} gzipped (budget ${kib(BUDGET)})`,
  );
  for (const [path, f] of [...login.entries()].sort((a, b) => b[1].gzip - a[1].gzip)) {
    console.log(`  ${kib(f.gzip).padStart(10)}  ${path}`);
  }

  // A signed-in session, so the remotes' pages can be opened.
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'admin@bench.test', password: 'bench-admin-password' }),
  });
  const session = await res.json();
  const signIn = async (page) => {
    await page.goto(`${server.url}/auth/login`);
    await page.evaluate(
      ([t, u]) => {
        localStorage.setItem('token', t);
        localStorage.setItem('user', u);
      },
      [session.token, JSON.stringify(session.user)],
    );
  };
  console.log('\nRemotes (first page opened after the shell; build output):');
  for (const [remote, path] of [
    ['customer', '/faqs'],
    ['admin', '/admin/faqs'],
    ['amazon', '/amazon-convert'],
  ]) {
    const files = await jsLoadedBy(browser, `${server.url}${path}`, signIn);
    const own = [...files.entries()].filter(([p]) => p.startsWith(`/remotes/${remote}/`));
    const entry = own.find(([p]) => p.endsWith('/remoteEntry.js'));
    const loaded = own.reduce((a, [, f]) => a + f.gzip, 0);
    const dist = distSizes(join(ROOT, `mfe-${remote}`, 'dist'));
    console.log(
      `  ${remote.padEnd(9)} remoteEntry ${kib(entry?.[1].gzip ?? 0)}, ${own.length} files loaded for ${path} = ${kib(loaded)} gz; ` +
        `build: ${dist.count} files, ${kib(dist.gzip)} gz (shared fallbacks included, loaded only without a host)`,
    );
  }
  console.log(
    `\nresult: login ${kib(total.gzip)} gzipped JS, ${total.gzip <= BUDGET ? 'within' : 'OVER'} the ${kib(BUDGET)} budget`,
  );
  process.exitCode = total.gzip <= BUDGET ? 0 : 1;
} finally {
  await browser.close();
  await server.stop();
}

// `pnpm --filter edge-api run dev:worker:sandboxes`: the Worker under `wrangler dev` (offline) with the three upstream
// sandboxes, seeded the way the Node entry seeds itself on a fresh DATA_DIR:
//   1. starts the carrier (label provider) sandbox and the BTCPay sandbox on loopback ports, state under --state-dir,
//      the EasyPost- and Shippo-protocol sandboxes on one more (--kinds-port; /sandbox/easypost, /sandbox/shippo:
//      add them as APIs of those kinds, keys EZTK… and shippo_test_…), and the marketplace (Amazon) sandbox on a free
//      port of its own (in memory: a restart signs its sellers out);
//   2. keeps the Worker's local secrets (those .dev.vars.example sets — JWT_SECRET, PROVIDER_KEY_SECRET, API_KEY_SECRET,
//      ADMIN_BOOTSTRAP_TOKEN — and the sandbox store's BTCPay API key and webhook secret) in --state-dir/worker.env (generated once, mode 0600) and passes the vars that point the Worker at
//      the sandboxes (BTCPAY_URL, BTCPAY_STORE_ID, MARKETPLACE_URL, ALLOW_PRIVATE_PROVIDER_URLS, PUBLIC_URL) with --var;
//   3. applies the D1 migrations to the local database (wrangler d1 migrations apply --local);
//   4. runs `wrangler dev --test-scheduled` on --port (default 8789: `pnpm start` has 8787, the standalone carrier
//      sandbox 8788);
//   5. on the first start, creates the first admin through POST /api/auth/bootstrap-admin (ADMIN_EMAIL/ADMIN_PASSWORD,
//      else admin@labeldesk.local with a generated password, printed and kept in --state-dir/admin.json) and, through
//      the admin API, "API 1" (catalogue alpha, default) and "API 2" (beta) with every service their sandbox lists.
// Later starts reuse the state (local D1, R2, queues and both sandboxes' data) and seed nothing. --fresh starts over.
// Options: --port N, --carrier-port N (8790), --btcpay-port N (8791), --kinds-port N (8793),
// --marketplace-port N (0: a free port),
// --state-dir DIR (edge-api/.wrangler/dev-sandboxes), --fresh. The carrier sandbox's /_sandbox controls are on when
// CARRIER_SANDBOX_CONTROL_KEY is set, the marketplace sandbox's when MARKETPLACE_SANDBOX_CONTROL_KEY is (16+ characters
// each). A seller signs in to the marketplace sandbox in a browser at <its URL>/signin (printed at start).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';

const EDGE_API = fileURLToPath(new URL('../', import.meta.url));
const LOOPBACK = '127.0.0.1';
const STORE_ID = 'labeldesk-sandbox';
const SEEDED_APIS = [
  { name: 'API 1', catalogueId: 'alpha', isDefault: true },
  { name: 'API 2', catalogueId: 'beta', isDefault: false },
];

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '8789' },
    'carrier-port': { type: 'string', default: '8790' },
    'btcpay-port': { type: 'string', default: '8791' },
    'kinds-port': { type: 'string', default: '8793' },
    'marketplace-port': { type: 'string', default: '0' },
    'state-dir': { type: 'string', default: join(EDGE_API, '.wrangler', 'dev-sandboxes') },
    fresh: { type: 'boolean', default: false },
  },
});
const port = portArg('port');
const carrierPort = portArg('carrier-port');
const btcpayPort = portArg('btcpay-port');
const kindsPort = portArg('kinds-port');
const marketplacePort = portArg('marketplace-port', { allowZero: true });
const stateDir = resolve(args['state-dir']);
const workerUrl = `http://${LOOPBACK}:${port}`;

function portArg(name, { allowZero = false } = {}) {
  const n = Number(args[name]);
  if (!Number.isInteger(n) || n < (allowZero ? 0 : 1) || n > 65535) {
    fail(`--${name} must be a port number, got "${args[name]}"`);
  }
  return n;
}

function log(line) {
  console.log(`[dev-worker] ${line}`);
}

function fail(message) {
  console.error(`[dev-worker] ${message}`);
  process.exit(1);
}

/** Refuses a taken port up front: otherwise another server there (pnpm start, a second dev-worker) would be seeded. */
function assertPortFree(portNumber, option) {
  return new Promise((resolvePort) => {
    const probe = createServer();
    probe.once('error', () =>
      fail(`port ${portNumber} (${option}) is in use (pnpm start? another dev-worker?): stop it or pass ${option} N`),
    );
    probe.listen(portNumber, LOOPBACK, () => probe.close(() => resolvePort()));
  });
}

async function writePrivate(path, text) {
  await writeFile(path, text, { mode: 0o600 });
  await chmod(path, 0o600);
}

async function readJson(path) {
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch (err) {
    if (err.code === 'ENOENT') return undefined;
    throw new Error(`${path} is unreadable (${err.message}); delete it or start with --fresh`);
  }
}

/**
 * The Worker's local secrets, generated on the first start and kept (sealed provider keys need the same secret): every
 * secret .dev.vars.example sets (so a secret added there is generated here too), plus the sandbox store's BTCPay ones.
 */
async function loadSecrets() {
  const path = join(stateDir, 'secrets.json');
  const secret = () => randomBytes(36).toString('base64url');
  const stored = (await readJson(path)) ?? {};
  const example = await readFile(join(EDGE_API, '.dev.vars.example'), 'utf8');
  const names = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
  const secrets = {};
  for (const name of [...names, 'BTCPAY_API_KEY', 'BTCPAY_WEBHOOK_SECRET']) secrets[name] = stored[name] ?? secret();
  await writePrivate(path, `${JSON.stringify(secrets, null, 2)}\n`);
  // What wrangler reads (--env-file): one NAME=value a line.
  await writePrivate(
    join(stateDir, 'worker.env'),
    `${Object.entries(secrets)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n')}\n`,
  );
  return secrets;
}

const wranglerBin = join(
  dirname(createRequire(join(EDGE_API, 'package.json')).resolve('wrangler/package.json')),
  'bin',
  'wrangler.js',
);
const wranglerEnv = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };

/** The one-shot wrangler commands running now (the migrations): stop() ends them too, or they outlive this script. */
const oneShots = new Set();

function runWrangler(argv) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, [wranglerBin, ...argv], {
      cwd: EDGE_API,
      env: wranglerEnv,
      stdio: 'inherit',
    });
    oneShots.add(child);
    child.once('error', reject);
    child.once('exit', (code) => {
      oneShots.delete(child);
      return code === 0
        ? resolveRun()
        : reject(new Error(`wrangler ${argv.slice(0, 3).join(' ')} exited with ${code}`));
    });
  });
}

async function api(method, path, { token, json } = {}) {
  const headers = { accept: 'application/json' };
  if (json !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${workerUrl}${path}`, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await res.text();
  let body;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, body, text };
}

async function waitForWorker(child, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode} before it answered`);
    try {
      const res = await fetch(`${workerUrl}/api/health`);
      const text = await res.text();
      // Our Worker, not whatever else might answer on the port.
      if (res.ok && text.includes('"runtime":"workers"')) return;
      if (res.status === 500 && text.includes('misconfigured')) {
        throw new Error('the Worker is misconfigured: its log above names the missing or invalid settings');
      }
    } catch (err) {
      if (err instanceof Error && err.message.startsWith('the Worker is misconfigured')) throw err;
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the Worker did not answer on ${workerUrl} within ${timeoutMs / 1000} s`);
}

/** The first admin, through the bootstrap route (the Workers way); later starts log in with the kept credentials. */
async function ensureAdmin(secrets) {
  const path = join(stateDir, 'admin.json');
  const kept = await readJson(path);
  const email = (process.env.ADMIN_EMAIL || kept?.email || 'admin@labeldesk.local').trim().toLowerCase();
  const password = process.env.ADMIN_PASSWORD || kept?.password || randomBytes(18).toString('base64url');
  const created = await api('POST', '/api/auth/bootstrap-admin', {
    json: { bootstrapToken: secrets.ADMIN_BOOTSTRAP_TOKEN, name: 'Administrator', email, password },
  });
  if (created.status === 201) {
    await writePrivate(path, `${JSON.stringify({ email, password }, null, 2)}\n`);
    log(`created the first admin ${email} (password: ${password}; kept in ${path})`);
    return created.body.token;
  }
  if (created.status !== 409) throw new Error(`bootstrap-admin answered ${created.status}: ${created.text}`);
  const login = await api('POST', '/api/auth/login', { json: { email, password } });
  if (login.status !== 200) {
    throw new Error(
      `an admin exists but ${email} cannot log in with the kept password (${login.status}); set ADMIN_EMAIL/ADMIN_PASSWORD or start with --fresh`,
    );
  }
  log(`admin ${email} (password in ${path})`);
  return login.body.token;
}

/** "API 1" and "API 2" with every service their catalogue lists, once (a seed record marks it done). */
async function seedApis(adminToken, carrier) {
  const path = join(stateDir, 'seed.json');
  if (await readJson(path)) return;
  const existing = await api('GET', '/api/admin/config/apis', { token: adminToken });
  if (existing.status !== 200) throw new Error(`list APIs: ${existing.status} ${existing.text}`);
  const configs = existing.body.apis ?? existing.body;
  if (Array.isArray(configs) && configs.length > 0) {
    log('shipping APIs already configured: not seeding the sandbox ones');
    await writePrivate(path, `${JSON.stringify({ seededAt: new Date().toISOString(), apis: [] })}\n`);
    return;
  }
  const seeded = [];
  for (const plan of SEEDED_APIS) {
    const catalogue = carrier.catalogues[plan.catalogueId];
    const created = await api('POST', '/api/admin/config/apis', {
      token: adminToken,
      json: { name: plan.name, key: catalogue.apiKey, baseUrl: catalogue.baseUrl, isDefault: plan.isDefault },
    });
    if (created.status !== 201) throw new Error(`create ${plan.name}: ${created.status} ${created.text}`);
    const apiId = created.body.api._id;
    const report = await api('POST', '/api/admin/services/check-updates', {
      token: adminToken,
      json: { apis: [{ id: apiId }] },
    });
    const listing = report.body?.[apiId];
    if (report.status !== 200 || !listing?.carriers) throw new Error(`check-updates ${plan.name}: ${report.text}`);
    const services = Object.entries(listing.carriers).flatMap(([carrierName, list]) =>
      list.map((service) => ({ apiId, carrier: carrierName, service: { serviceCode: service.serviceCode } })),
    );
    const added = await api('POST', '/api/admin/services/add-services', { token: adminToken, json: { services } });
    if (added.status !== 200) throw new Error(`add services to ${plan.name}: ${added.status} ${added.text}`);
    seeded.push({ apiId, catalogueId: plan.catalogueId, baseUrl: catalogue.baseUrl });
    log(`seeded "${plan.name}" (catalogue ${plan.catalogueId}, ${added.body.addedCount} services)`);
  }
  await writePrivate(path, `${JSON.stringify({ seededAt: new Date().toISOString(), apis: seeded }, null, 2)}\n`);
}

async function main() {
  await assertPortFree(port, '--port');
  await assertPortFree(carrierPort, '--carrier-port');
  await assertPortFree(btcpayPort, '--btcpay-port');
  await assertPortFree(kindsPort, '--kinds-port');
  if (marketplacePort !== 0) await assertPortFree(marketplacePort, '--marketplace-port');
  if (args.fresh) await rm(stateDir, { recursive: true, force: true });
  await mkdir(join(stateDir, 'carrier'), { recursive: true, mode: 0o700 });
  await mkdir(join(stateDir, 'btcpay'), { recursive: true, mode: 0o700 });
  await mkdir(join(stateDir, 'kinds'), { recursive: true, mode: 0o700 });
  const persistTo = join(stateDir, 'wrangler');
  const secrets = await loadSecrets();

  register();
  const { createCarrierSandbox, serveKindSandboxes } = await import('@labeldesk/sandbox-carrier');
  const { createBtcpaySandbox } = await import('@labeldesk/sandbox-btcpay');
  const { createMarketplaceSandbox } = await import('@labeldesk/sandbox-marketplace');
  const controlKey = process.env.CARRIER_SANDBOX_CONTROL_KEY;
  const carrier = await createCarrierSandbox({
    port: carrierPort,
    host: LOOPBACK,
    dataDir: join(stateDir, 'carrier'),
    ...(controlKey ? { controlKey } : {}),
    log: (line) => console.error(`[carrier-sandbox] ${line}`),
  });
  const btcpay = await createBtcpaySandbox({
    port: btcpayPort,
    hostname: LOOPBACK,
    storeId: STORE_ID,
    apiKey: secrets.BTCPAY_API_KEY,
    webhookUrl: `${workerUrl}/api/crypto/webhook`,
    webhookSecret: secrets.BTCPAY_WEBHOOK_SECRET,
    dataDir: join(stateDir, 'btcpay'),
    log: (line) => console.log(`[btcpay-sandbox] ${line}`),
  });
  const kinds = await serveKindSandboxes({ port: kindsPort, host: LOOPBACK, dataDir: join(stateDir, 'kinds') });
  const marketplaceKey = process.env.MARKETPLACE_SANDBOX_CONTROL_KEY;
  const marketplace = await createMarketplaceSandbox({
    port: marketplacePort,
    host: LOOPBACK,
    ...(marketplaceKey ? { controlKey: marketplaceKey } : {}),
  });
  log(`carrier sandbox on ${carrier.url}, BTCPay sandbox on ${btcpay.url} (state in ${stateDir})`);
  log(`marketplace sandbox on ${marketplace.url}: sign in as the seller at ${marketplace.url}/signin`);
  log(`EasyPost sandbox: add an API of kind EasyPost, base URL ${kinds.baseUrls.easypost}, any key starting EZTK`);
  log(`Shippo sandbox: add an API of kind Shippo, base URL ${kinds.baseUrls.shippo}, any key starting shippo_test_`);

  let wrangler;
  let stopping = false;
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    // Stopped while the migrations ran (a test's start-up deadline): wrangler's own child process went on applying them.
    for (const child of oneShots) child.kill('SIGTERM');
    if (wrangler && wrangler.exitCode === null) {
      const exited = new Promise((r) => wrangler.once('exit', r));
      try {
        process.kill(-wrangler.pid, 'SIGTERM');
      } catch {
        wrangler.kill('SIGTERM');
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-wrangler.pid, 'SIGKILL');
        } catch {}
      }, 5_000);
      await exited;
      clearTimeout(timer);
    }
    await Promise.allSettled([carrier.close(), btcpay.close(), kinds.close(), marketplace.close()]);
    process.exit(code);
  };
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));

  try {
    await runWrangler(['d1', 'migrations', 'apply', 'labeldesk', '--local', '--persist-to', persistTo]);
    const vars = {
      BTCPAY_URL: btcpay.url,
      BTCPAY_STORE_ID: STORE_ID,
      MARKETPLACE_URL: marketplace.url,
      ALLOW_PRIVATE_PROVIDER_URLS: 'true',
      PUBLIC_URL: workerUrl,
    };
    wrangler = spawn(
      process.execPath,
      [
        wranglerBin,
        'dev',
        '--ip',
        LOOPBACK,
        '--port',
        String(port),
        '--persist-to',
        persistTo,
        '--env-file',
        join(stateDir, 'worker.env'),
        ...Object.entries(vars).flatMap(([k, v]) => ['--var', `${k}:${v}`]),
        '--test-scheduled',
        '--show-interactive-dev-session=false',
      ],
      // Its own process group, so stopping takes workerd with it.
      { cwd: EDGE_API, env: wranglerEnv, stdio: 'inherit', detached: true },
    );
    wrangler.once('exit', (code) => {
      if (!stopping) {
        console.error(`[dev-worker] wrangler dev exited (${code})`);
        stop(code ?? 1);
      }
    });
    await waitForWorker(wrangler);
    const adminToken = await ensureAdmin(secrets);
    await seedApis(adminToken, carrier);
    log(`ready: the Worker on ${workerUrl}`);
    log(`  cron:   curl "${workerUrl}/__scheduled?cron=*/5+*+*+*+*"`);
    log(`  health: curl ${workerUrl}/api/health`);
    log(`  marketplace sign-in (CSRF token + cookies file for Amazon confirmations): ${marketplace.url}/signin`);
  } catch (err) {
    console.error(`[dev-worker] ${err instanceof Error ? err.message : String(err)}`);
    await stop(1);
  }
}

if (!existsSync(wranglerBin)) fail(`wrangler is not installed (${wranglerBin}); run pnpm install`);
await main();

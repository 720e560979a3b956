// `pnpm test`: every test layer, in two lanes side by side (mainLane and e2eLane below). Installs what the layers
// need that npm cannot (Debian's Chromium for the e2e layer). Prints one closing line "tests: N passed, N failed"
// and exits non-zero on any failure.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const RESULTS = join(ROOT, '.ci', 'results');
const pnpm = process.env.npm_execpath; // set by pnpm when it runs this script
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };

/**
 * The CPUs this run may really use. os.availableParallelism() sees the CPUs the process may be scheduled on, not a
 * container's CPU quota (cgroup cpu.max / cfs_quota_us): a 2-CPU quota on a 32-core host would otherwise start 31
 * test forks, each with its own servers, and blow every timeout. Vitest's default is this number minus one.
 */
function cpuBudget() {
  let cpus = availableParallelism();
  const quota = (text) => {
    const [max, period] = text.trim().split(/\s+/).map(Number);
    if (max > 0 && period > 0) cpus = Math.min(cpus, Math.max(1, Math.floor(max / period)));
  };
  try {
    quota(readFileSync('/sys/fs/cgroup/cpu.max', 'utf8'));
  } catch {
    try {
      const max = readFileSync('/sys/fs/cgroup/cpu/cpu.cfs_quota_us', 'utf8').trim();
      quota(`${max} ${readFileSync('/sys/fs/cgroup/cpu/cpu.cfs_period_us', 'utf8')}`);
    } catch {
      // No cgroup limit readable: the scheduler's count stands.
    }
  }
  return cpus;
}
/** Test files run at once per layer (the layers themselves run one after another). */
const maxWorkers = `--maxWorkers=${Math.max(1, cpuBudget() - 1)}`;

/** Seconds each command took, by label, for the summary (issue 20 asks for the layer times). */
const seconds = new Map();

/**
 * Runs one command; resolves true when it exits 0. With `prefix`, its output is piped and printed line by line behind
 * the prefix (the e2e lane runs beside the others, and its lines would otherwise be mixed in with theirs unmarked).
 */
function sh(label, command, args, { prefix } = {}) {
  const say = (line) => console.log(prefix ? `${prefix}${line}` : line);
  say(`\n=== ${label} ===`);
  say(`$ ${[command, ...args].join(' ')}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (prefix) {
      for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on('line', say);
    }
    child.on('error', (err) => {
      say(`${label}: ${err.message}`);
      resolve(false);
    });
    child.on('close', (code) => {
      seconds.set(label, (seconds.get(label) ?? 0) + (Date.now() - started) / 1000);
      resolve(code === 0);
    });
  });
}

function pnpmRun(label, args, opts) {
  return pnpm ? sh(label, process.execPath, [pnpm, ...args], opts) : sh(label, 'pnpm', args, opts);
}

/**
 * Debian packages the layers use: Chromium for e2e (required), and poppler-utils + zbar-tools so the carrier sandbox's
 * printed-label barcode scan runs rather than skips.
 */
function ensureSystemPackages() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const missing = [
    ['chromium', chromium],
    ['poppler-utils', '/usr/bin/pdftoppm'],
    ['zbar-tools', '/usr/bin/zbarimg'],
  ].filter(([, bin]) => !existsSync(bin));
  if (missing.length === 0) return true;
  const names = missing.map(([name]) => name).join(' ');
  if (process.getuid?.() !== 0) {
    console.error(
      `Missing Debian packages: ${names} (apt-get install -y ${names}); CHROMIUM_PATH may name another Chromium.`,
    );
  } else {
    console.log(`\n=== install ${names} (Debian packages) ===`);
    spawnSync('bash', ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${names}`], {
      cwd: ROOT,
      stdio: 'inherit',
      env,
    });
  }
  return existsSync(chromium);
}

const counts = { passed: 0, failed: 0 };
/** What failed, one line each, printed again under the summary: CI may keep only the end of the output. */
const failures = [];
const firstLine = (text) =>
  String(text ?? '')
    .trim()
    .split('\n')[0]
    .slice(0, 300);
function addResults(file, layerName) {
  if (!existsSync(file)) return false;
  const json = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += json.numPassedTests ?? 0;
  counts.failed += json.numFailedTests ?? 0;
  for (const result of json.testResults ?? []) {
    const path = String(result.name ?? '').replace(ROOT, '');
    const failedTests = (result.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failedTests)
      failures.push(`${layerName}: ${path} > ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
    // A file that failed without a failing test: it did not load, or a hook or an unhandled error failed it.
    if (result.status === 'failed' && failedTests.length === 0) {
      failures.push(`${layerName}: ${path}: ${firstLine(result.message) || 'failed'}`);
    }
  }
  return json.success !== false && (json.numTotalTests ?? 0) > 0;
}

rmSync(RESULTS, { recursive: true, force: true });
const systemReady = ensureSystemPackages();
mkdirSync(RESULTS, { recursive: true });

/** A vitest run of `projects` with a JSON report; passes when every test in it passed and there was at least one. */
async function vitestLayer(lane, name, label, args, opts) {
  const out = join(RESULTS, `${name}.json`);
  const ok = await pnpmRun(label, [...args, '--reporter=default', '--reporter=json', `--outputFile=${out}`], opts);
  lane.push({ name, ok: addResults(out, name) && ok });
}

/**
 * Two lanes run side by side, each one step after another: the e2e lane (build the four front-ends, then Chromium
 * against the embedded default) and every other layer. Each lane keeps about one of the machine's two cores busy (the
 * vitest layers run one file at a time, the e2e layer one Chromium), so one after the other left a core idle for most
 * of the run. Nothing is shared between them: every server picks a free port and a data dir of its own, and the
 * integration tests that look at front-end builds make their own in a temporary folder.
 */
async function mainLane() {
  const lane = [];
  lane.push({ name: 'lint (biome)', ok: await pnpmRun('lint', ['exec', 'biome', 'check', '.']) });
  lane.push({ name: 'lint (openapi)', ok: await pnpmRun('lint:openapi', ['run', 'lint:openapi']) });
  // The shell's typecheck covers the three micro-frontends in one program (shell/tsconfig.all-frontends.json), so
  // they are not checked again on their own.
  lane.push({ name: 'typecheck', ok: await pnpmRun('typecheck', ['-r', '--filter', '!mfe-*', 'run', 'typecheck']) });
  // The unit layer is two vitest projects: unit (*.test.ts, shared module cache) and components (*.test.tsx, isolated).
  await vitestLayer(lane, 'unit', 'unit', [
    'exec',
    'vitest',
    'run',
    '--project',
    'unit',
    '--project',
    'components',
    maxWorkers,
  ]);
  await vitestLayer(lane, 'integration', 'integration', [
    'exec',
    'vitest',
    'run',
    '--project',
    'integration',
    maxWorkers,
  ]);
  await vitestLayer(lane, 'workers', 'workers (vitest pool, workerd)', [
    '--filter',
    'edge-api',
    'exec',
    'vitest',
    'run',
    '--config',
    'vitest.workers.config.ts',
    maxWorkers,
  ]);
  // The Worker under `wrangler dev` with both sandboxes, driven over HTTP (edge-api/scripts/dev-worker.mjs).
  await vitestLayer(lane, 'workers-http', 'workers-http (wrangler dev with the sandboxes, over HTTP)', [
    'exec',
    'vitest',
    'run',
    '--project',
    'workers-http',
  ]);
  return lane;
}

async function e2eLane() {
  const opts = { prefix: '[e2e] ' };
  if (!systemReady) return [{ name: 'e2e', ok: false }];
  // Built here, beside the typecheck, rather than by the e2e setup once the other layers are done.
  const built = await sh('build the front-ends (for e2e)', process.execPath, ['edge-api/scripts/build-web.mjs'], opts);
  if (!built) return [{ name: 'e2e', ok: false }];
  const lane = [];
  await vitestLayer(
    lane,
    'e2e',
    'e2e (Chromium against the embedded default)',
    ['exec', 'vitest', 'run', '--project', 'e2e'],
    opts,
  );
  return lane;
}

const wallStarted = Date.now();
const layers = (await Promise.all([mainLane(), e2eLane()])).flat();
const wallSeconds = (Date.now() - wallStarted) / 1000;

console.log('\n=== summary ===');
for (const { name, ok } of layers) console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}`);
console.log('\ntime per step:');
for (const [label, s] of seconds) console.log(`  ${String(Math.round(s)).padStart(5)} s  ${label}`);
console.log(
  `  ${String(Math.round(wallSeconds)).padStart(5)} s  in all (wall clock: the e2e lane runs beside the others)`,
);
for (const { name, ok } of layers) {
  if (!ok && !failures.some((f) => f.startsWith(`${name}:`)))
    failures.push(`${name}: failed (no failing test named in a report); see its output above`);
}
if (failures.length > 0) console.log(`\nfailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
// A layer that failed without a failing test (lint, typecheck, a crash, no tests run) counts as one failure.
const failedLayers = layers.filter((l) => !l.ok).length;
const failed = Math.max(counts.failed, failedLayers);
console.log(`tests: ${counts.passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

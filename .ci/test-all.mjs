// `pnpm test`: every test layer, in order, on this machine. Installs what the layers need that npm cannot (Debian's
// Chromium for the e2e layer). Prints one closing line "tests: N passed, N failed" and exits non-zero on any failure.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
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
/**
 * Integration files at once: one per CPU. A file mostly waits on its own server's I/O and timers (about one core busy
 * in all, beside the 10,000-row file's 1.6), so on 2 cores two files at once used the idle one (issue 20: 747/747 in
 * 769 s wall and 516 CPU s at load 9-14). The unit layer stays at CPUs - 1: it is CPU-bound (2 workers: 128 against
 * 103 CPU s, and slower).
 */
const integrationWorkers = `--maxWorkers=${Math.max(1, cpuBudget())}`;

/** Seconds each command took, by label, for the summary (issue 20 asks for the layer times). */
const seconds = new Map();

function sh(label, command, args, opts = {}) {
  console.log(`\n=== ${label} ===\n$ ${[command, ...args].join(' ')}`);
  const started = Date.now();
  const r = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env, ...opts });
  seconds.set(label, (seconds.get(label) ?? 0) + (Date.now() - started) / 1000);
  return r.status === 0;
}

function pnpmRun(label, args, opts) {
  return pnpm ? sh(label, process.execPath, [pnpm, ...args], opts) : sh(label, 'pnpm', args, opts);
}

/** `[command, args]` running pnpm with `args`. */
const pnpmCommand = (args) => (pnpm ? [process.execPath, [pnpm, ...args]] : ['pnpm', args]);

/** Runs the commands side by side under one label (and one time); true when every one exits 0. */
async function shTogether(label, commands) {
  console.log(`\n=== ${label} ===\n${commands.map(([c, args]) => `$ ${[c, ...args].join(' ')}`).join('\n')}`);
  const started = Date.now();
  const codes = await Promise.all(
    commands.map(
      ([command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env });
          child.on('error', () => resolve(1));
          child.on('exit', (code) => resolve(code ?? 1));
        }),
    ),
  );
  seconds.set(label, (seconds.get(label) ?? 0) + (Date.now() - started) / 1000);
  return codes.every((code) => code === 0);
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
    sh(`install ${names} (Debian packages)`, 'bash', [
      '-c',
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${names}`,
    ]);
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
const layers = [];
const layer = (name, ok) => layers.push({ name, ok });

layer('lint (biome)', pnpmRun('lint', ['exec', 'biome', 'check', '.']));
layer('lint (openapi)', pnpmRun('lint:openapi', ['run', 'lint:openapi']));
// The shell's typecheck covers the three micro-frontends in one program (shell/tsconfig.all-frontends.json), so they
// are not checked again on their own; and the e2e suite (shell/tsconfig.e2e.json).
// The layers run one after another. Tried (issue 20): the front-end build and e2e as a second lane beside the others.
// This 2-core machine is CPU-bound: the unit layer took 334 s beside e2e instead of 217 s, and the run was no shorter,
// with more timing pressure on every test. Time has to come from doing less work.
// packages/* are checked by .ci/typecheck-packages.mjs: one program per set of identical compiler options, not one per
// package (issue 20: 96 -> 60 CPU s for the eleven packages), beside the edge-api and shell programs as pnpm -r ran
// every package's program side by side before.
layer(
  'typecheck',
  await shTogether('typecheck', [
    pnpmCommand(['-r', '--filter', '!mfe-*', '--filter', '!./packages/**', 'run', 'typecheck']),
    [process.execPath, ['.ci/typecheck-packages.mjs']],
  ]),
);
// The unit layer is two vitest projects: unit (*.test.ts) and components (*.test.tsx), each sharing its module cache.
for (const [name, projects, workers] of [
  ['unit', ['unit', 'components'], maxWorkers],
  ['integration', ['integration'], integrationWorkers],
]) {
  const out = join(RESULTS, `${name}.json`);
  const ok = pnpmRun(name, [
    'exec',
    'vitest',
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    workers,
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${out}`,
  ]);
  layer(name, addResults(out, name) && ok);
}
{
  const out = join(RESULTS, 'workers.json');
  const ok = pnpmRun('workers (vitest pool, workerd)', [
    '--filter',
    'edge-api',
    'exec',
    'vitest',
    'run',
    '--config',
    'vitest.workers.config.ts',
    maxWorkers,
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${out}`,
  ]);
  layer('workers', addResults(out, 'workers') && ok);
}
{
  // The Worker under `wrangler dev` with both sandboxes, driven over HTTP (edge-api/scripts/dev-worker.mjs).
  const out = join(RESULTS, 'workers-http.json');
  const ok = pnpmRun('workers-http (wrangler dev with the sandboxes, over HTTP)', [
    'exec',
    'vitest',
    'run',
    '--project',
    'workers-http',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${out}`,
  ]);
  layer('workers-http', addResults(out, 'workers-http') && ok);
}
{
  const out = join(RESULTS, 'e2e.json');
  const ok =
    systemReady &&
    pnpmRun('e2e (Chromium against the embedded default)', [
      'exec',
      'vitest',
      'run',
      '--project',
      'e2e',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${out}`,
    ]);
  layer('e2e', addResults(out, 'e2e') && ok);
}

console.log('\n=== summary ===');
for (const { name, ok } of layers) console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}`);
console.log('\ntime per step:');
for (const [label, s] of seconds) console.log(`  ${String(Math.round(s)).padStart(5)} s  ${label}`);
console.log(`  ${String(Math.round([...seconds.values()].reduce((a, b) => a + b, 0))).padStart(5)} s  in all`);
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

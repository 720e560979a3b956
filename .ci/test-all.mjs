// `pnpm test`: every test layer, in order, on this machine. Installs what the layers need that npm cannot (Debian's
// Chromium for the e2e layer). Prints one closing line "tests: N passed, N failed" and exits non-zero on any failure.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
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

/** `[command, args]` running pnpm with `args`. */
const pnpmCommand = (args) => (pnpm ? [process.execPath, [pnpm, ...args]] : ['pnpm', args]);

/**
 * Runs the commands side by side under one label (and one time); true when every one exits 0. `buffered` keeps their
 * output and prints it whole, under the label, when the last one ends: another step runs at the same time, and
 * interleaved lines of two vitest runs cannot be read.
 */
async function step(label, commands, { buffered = false } = {}) {
  const header = `\n=== ${label} ===\n${commands.map(([c, args]) => `$ ${[c, ...args].join(' ')}`).join('\n')}`;
  if (buffered) console.log(`\n--- started: ${label} (its output follows when it ends)`);
  else console.log(header);
  const started = Date.now();
  const output = [];
  const codes = await Promise.all(
    commands.map(
      ([command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, {
            cwd: ROOT,
            stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
            env,
          });
          if (buffered) {
            child.stdout.on('data', (chunk) => output.push(chunk));
            child.stderr.on('data', (chunk) => output.push(chunk));
          }
          child.on('error', (err) => {
            output.push(Buffer.from(`${err.message}\n`));
            resolve(1);
          });
          child.on('close', (code) => resolve(code ?? 1));
          // A process it left behind may hold the output pipe open, and then 'close' never comes: the exit code
          // stands after a short wait for the rest of the output.
          child.on('exit', (code) => setTimeout(() => resolve(code ?? 1), 5_000).unref());
        }),
    ),
  );
  const took = (Date.now() - started) / 1000;
  seconds.set(label, (seconds.get(label) ?? 0) + took);
  if (buffered) {
    console.log(header);
    process.stdout.write(Buffer.concat(output));
    console.log(`--- ${label}: ${Math.round(took)} s`);
  }
  return codes.every((code) => code === 0);
}

/**
 * CPU seconds used by this process's finished children and their waited-for descendants (Linux /proc; null elsewhere):
 * a figure the machine's load does not change much, printed per stage beside the wall time.
 */
function childCpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 16 and 17 of stat (cutime, cstime), counted from the state field (3): indexes 13 and 14 here.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
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

/** A vitest run writing its JSON report to .ci/results/<name>.json; the layer passes when every test in it passed. */
function vitestLayer(name, label, args) {
  const out = join(RESULTS, `${name}.json`);
  return {
    label,
    commands: [pnpmCommand([...args, '--reporter=default', '--reporter=json', `--outputFile=${out}`])],
    result: (ok) => layer(name, addResults(out, name) && ok),
  };
}

// The shell's typecheck covers the three micro-frontends in one program (shell/tsconfig.all-frontends.json), so they
// are not checked again on their own; and the e2e suite (shell/tsconfig.e2e.json).
// packages/* are checked by .ci/typecheck-packages.mjs: one program per set of identical compiler options, not one per
// package (issue 20: 96 -> 60 CPU s for the eleven packages), beside the edge-api and shell programs as pnpm -r ran
// every package's program side by side before.
// TypeScript 7 (the native compiler), each program on one thread (--singleThreaded in the scripts): the same programs
// and options took 20 CPU s instead of TypeScript 5.9's 137 (issue 20, measured at load 9-19); its default of several
// checkers per program spent twice the CPU of one for the same result, beside the other steps of this stage.
const typecheck = {
  label: 'typecheck',
  commands: [
    pnpmCommand(['-r', '--filter', '!mfe-*', '--filter', '!./packages/**', 'run', 'typecheck']),
    [process.execPath, ['.ci/typecheck-packages.mjs']],
  ],
  result: (ok) => layer('typecheck', ok),
};
const lint = {
  label: 'lint',
  commands: [pnpmCommand(['exec', 'biome', 'check', '.'])],
  result: (ok) => layer('lint (biome)', ok),
};
const lintOpenapi = {
  label: 'lint:openapi',
  commands: [pnpmCommand(['run', 'lint:openapi'])],
  result: (ok) => layer('lint (openapi)', ok),
};
// The unit layer is two vitest projects: unit (*.test.ts) and components (*.test.tsx), each sharing its module cache.
const unit = vitestLayer('unit', 'unit', [
  'exec',
  'vitest',
  'run',
  '--project',
  'unit',
  '--project',
  'components',
  maxWorkers,
]);
const integration = vitestLayer('integration', 'integration', [
  'exec',
  'vitest',
  'run',
  '--project',
  'integration',
  integrationWorkers,
]);
const workers = vitestLayer('workers', 'workers (vitest pool, workerd)', [
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
const workersHttp = vitestLayer('workers-http', 'workers-http (wrangler dev with the sandboxes, over HTTP)', [
  'exec',
  'vitest',
  'run',
  '--project',
  'workers-http',
]);
// The four front-ends the e2e layer serves, built as its global setup would (it finds them fresh and skips the build).
const frontEnds = {
  label: 'front-end build (for e2e)',
  commands: [[process.execPath, ['edge-api/scripts/build-web.mjs']]],
  result: (ok) => layer('front-end build', ok),
};
const e2e = vitestLayer('e2e', 'e2e (Chromium against the embedded default)', [
  'exec',
  'vitest',
  'run',
  '--project',
  'e2e',
]);

/**
 * Stages run one after another; the steps of a stage run side by side (their output buffered, printed whole when each
 * ends). Measured for issue 20 (CPU seconds at load 20-30, beside the stop-31 quiet run's wall times):
 * - typecheck is CPU-bound (3 tsc chains, ~250 CPU s for 98 s of quiet wall under TypeScript 5.9, ~20 CPU s under 7)
 *   and so is the four front-ends' build (~120 CPU s, 65 s): neither waits on a clock, so they share stage 1 (with
 *   lint) and the e2e setup later finds the builds fresh.
 * - unit runs one worker (84 s, ~1 core: two workers were slower); the workers layer (workerd pool) waits on its timers
 *   and queues (~80 CPU s for 118 s); workers-http waits on wrangler dev and the sandboxes (66 s). Stage 2 runs unit
 *   then workers-http beside workers (a lane written [a, b] runs a, then b): wrangler dev's start-up (29 migrations
 *   applied one by one, ~23 s quiet, a 150 s limit) then shares the machine with the workers layer alone. Tried:
 *   workers-http beside typecheck, and beside unit + workers, at load 25-30: both files missed that limit.
 * - integration (2 workers, ~500 CPU s in 254 s) and e2e (E2E_LANES files at once) each run alone.
 * Tried before: the whole e2e layer beside unit: unit took 334 s instead of 217 s and the run was no shorter.
 */
const stages = [[lint, lintOpenapi, typecheck, frontEnds], [[unit, workersHttp], workers], [integration], [e2e]];

const runStarted = Date.now();
/** Wall and CPU seconds per stage, for the summary. */
const stageTimes = [];
for (const stage of stages) {
  const cpuBefore = childCpuSeconds();
  const started = Date.now();
  // A lane of a stage is one step, or several run one after another.
  const lanes = stage
    .map((lane) => (Array.isArray(lane) ? lane : [lane]).filter((s) => s !== e2e || systemReady))
    .filter((lane) => lane.length > 0);
  if (!systemReady && stage.flat().includes(e2e)) layer('e2e', false);
  const buffered = lanes.length > 1;
  await Promise.all(
    lanes.map(async (lane) => {
      for (const s of lane) s.result(await step(s.label, s.commands, { buffered }));
    }),
  );
  const cpuAfter = childCpuSeconds();
  stageTimes.push({
    labels: lanes.map((lane) => lane.map((s) => s.label).join(' then ')),
    wall: (Date.now() - started) / 1000,
    cpu: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
  });
}

console.log('\n=== summary ===');
for (const { name, ok } of layers) console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}`);
console.log('\ntime per step:');
for (const [label, s] of seconds) console.log(`  ${String(Math.round(s)).padStart(5)} s  ${label}`);
console.log(
  `  ${String(Math.round([...seconds.values()].reduce((a, b) => a + b, 0))).padStart(5)} s  in all, one after another`,
);
console.log('\ntime per stage (steps of a stage side by side; CPU s: every process of the stage, load-independent):');
for (const { labels, wall, cpu } of stageTimes) {
  const cpuText = cpu === null ? '' : `, ${String(Math.round(cpu)).padStart(5)} CPU s`;
  console.log(`  ${String(Math.round(wall)).padStart(5)} s${cpuText}  ${labels.join(' + ')}`);
}
console.log(
  `  ${String(Math.round((Date.now() - runStarted) / 1000)).padStart(5)} s  wall, the whole run (${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} load at the end)`,
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

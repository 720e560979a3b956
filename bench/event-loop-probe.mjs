// Preloaded into a server a bench starts (node --import <this file>; see support.mjs `eventLoopProbe`): it
// measures the server's event-loop delay (perf_hooks.monitorEventLoopDelay, 10 ms resolution) and, on each SIGUSR2,
// writes what it measured since the previous signal to `${BENCH_EVENT_LOOP_FILE}.${n}` (n = 1, 2, …) and starts
// again. The delay is how long a ready callback (a request's, a job's) waits for the loop: it does not depend on how
// busy the rest of the machine is in the way wall times do. With BENCH_CPU_PROF=<dir>, each period is also CPU-profiled
// (node:inspector; `--cpu-prof` is not allowed in NODE_OPTIONS) into <dir>/period-<n>.cpuprofile.
// It also counts the server's libSQL statements on the event loop's thread (run/all/get of every prepared statement and
// exec, by their first word: SELECT, INSERT, UPDATE, BEGIN, COMMIT, …) and the time the thread spent inside them, both
// load-independent work figures: `statements`, `statementMs`, `byKind` in each period's stats.
// Worker threads of the server (its job thread) load it too: each counts its own statements (and CPU-profiles itself into
// <dir>/period-<n>-thread-<id>.cpuprofile), and answers the main thread's period end over a BroadcastChannel, so each
// period's stats also hold `threads`: the statements the other threads ran, by kind, and the time inside them.
// Nothing in the product loads this file.
import { renameSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { BroadcastChannel, isMainThread, threadId } from 'node:worker_threads';

const out = process.env.BENCH_EVENT_LOOP_FILE;
const profileDir = process.env.BENCH_CPU_PROF;
/** Statements run on this thread since the last period, by kind, and the ms spent inside them. */
let counts = { statements: 0, statementNs: 0n, byKind: {}, bySql: new Map() };
function countStatements() {
  // The libsql package @libsql/client runs on (its Node implementation calls Statement#run/all/get and Database#exec).
  const fromEdgeApi = createRequire(new URL('../edge-api/package.json', import.meta.url));
  const Database = createRequire(fromEdgeApi.resolve('@libsql/client'))('libsql');
  const scratch = new Database(':memory:');
  const statementProto = Object.getPrototypeOf(scratch.prepare('SELECT 1'));
  scratch.close();
  const SQL = Symbol('sql');
  const kindOf = (text) => /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? '?';
  const counted = (fn, textOf) =>
    function (...args) {
      const t = process.hrtime.bigint();
      try {
        return fn.apply(this, args);
      } finally {
        const ns = process.hrtime.bigint() - t;
        counts.statementNs += ns;
        counts.statements += 1;
        const text = textOf(this, args);
        const kind = kindOf(text);
        counts.byKind[kind] = (counts.byKind[kind] ?? 0) + 1;
        const one = counts.bySql.get(text) ?? { n: 0, ns: 0n };
        one.n += 1;
        one.ns += ns;
        counts.bySql.set(text, one);
      }
    };
  const prepare = Database.prototype.prepare;
  Database.prototype.prepare = function (text) {
    const stmt = prepare.call(this, text);
    stmt[SQL] = text;
    return stmt;
  };
  Database.prototype.exec = counted(Database.prototype.exec, (_db, args) => String(args[0]));
  for (const name of ['run', 'all', 'get']) {
    statementProto[name] = counted(statementProto[name], (stmt) => stmt[SQL] ?? '?');
  }
}

/** The main thread asks the others for their period over this channel; they answer on it. */
const CHANNEL = 'bench-event-loop-probe';

/** The statements that took the longest in all, with how often they ran (their text cut short). */
const topStatements = (bySql) =>
  [...bySql]
    .sort((a, b) => (b[1].ns > a[1].ns ? 1 : -1))
    .slice(0, 25)
    .map(([text, { n, ns }]) => ({ n, ms: Number(ns / 1000n) / 1000, sql: text.replace(/\s+/g, ' ').slice(0, 160) }));

function takeCounts() {
  const taken = counts;
  counts = { statements: 0, statementNs: 0n, byKind: {}, bySql: new Map() };
  return {
    statements: taken.statements,
    statementMs: Number(taken.statementNs / 1000n) / 1000,
    byKind: taken.byKind,
    topStatements: topStatements(taken.bySql),
  };
}

async function startProfile() {
  if (!profileDir) return undefined;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return session;
}

async function writeProfile(session, name) {
  if (!session) return;
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(join(profileDir, `${name}.cpuprofile`), JSON.stringify(profile));
  await session.post('Profiler.start');
}

if (out && !isMainThread) {
  countStatements();
  const session = await startProfile();
  const channel = new BroadcastChannel(CHANNEL);
  channel.unref();
  channel.onmessage = async ({ data }) => {
    if (data.type !== 'take') return;
    // Counts first: the main thread waits for them, not for the profile.
    channel.postMessage({ type: 'counts', n: data.n, threadId, ...takeCounts() });
    await writeProfile(session, `period-${data.n}-thread-${threadId}`);
  };
}

/** Asks the other threads for their period `n`; what answered within `waitMs`, summed. */
async function otherThreads(channel, n, waitMs = 1_000) {
  const sum = { threads: 0, statements: 0, statementMs: 0, byKind: {}, topStatements: [] };
  const done = new Promise((resolve) => setTimeout(resolve, waitMs));
  channel.onmessage = ({ data }) => {
    if (data.type !== 'counts' || data.n !== n) return;
    sum.threads += 1;
    sum.statements += data.statements;
    sum.statementMs += data.statementMs;
    for (const [kind, k] of Object.entries(data.byKind)) sum.byKind[kind] = (sum.byKind[kind] ?? 0) + k;
    sum.topStatements.push(...data.topStatements.map((s) => ({ threadId: data.threadId, ...s })));
  };
  channel.postMessage({ type: 'take', n });
  await done;
  channel.onmessage = null;
  return sum;
}

if (out && isMainThread) {
  countStatements();
  const channel = new BroadcastChannel(CHANNEL);
  channel.unref();
  const RESOLUTION_MS = 10;
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let n = 0;
  // The histogram holds the time between two ticks of its 10 ms timer: the delay is what exceeds the 10 ms.
  const ms = (ns) => Math.max(0, Math.round((ns / 1e6 - RESOLUTION_MS) * 100) / 100);
  const session = await startProfile();
  process.on('SIGUSR2', async () => {
    n += 1;
    const threads = otherThreads(channel, n);
    const stats = {
      samples: histogram.count,
      meanMs: ms(histogram.mean),
      p50Ms: ms(histogram.percentile(50)),
      p95Ms: ms(histogram.percentile(95)),
      p99Ms: ms(histogram.percentile(99)),
      maxMs: ms(histogram.max),
      statements: counts.statements,
      statementMs: Number(counts.statementNs / 1000n) / 1000,
      byKind: counts.byKind,
      topStatements: topStatements(counts.bySql),
    };
    histogram.reset();
    counts = { statements: 0, statementNs: 0n, byKind: {}, bySql: new Map() };
    await writeProfile(session, `period-${n}`);
    stats.threads = await threads;
    // Written whole, then renamed: the bench never reads half a file.
    writeFileSync(`${out}.${n}.tmp`, JSON.stringify(stats));
    renameSync(`${out}.${n}.tmp`, `${out}.${n}`);
  });
}

// Ledger throughput: 50 concurrent buyers debiting (and some crediting) one embedded database file through the ledger
// use-case (applyBalanceChange, the batch every purchase, refund, admin change and top-up goes through), then the same
// load over HTTP (admin add / set-lower, each one ledger row). Reports balance changes per second (target >= 500/s),
// SQLITE_BUSY errors (target 0) and the ledger invariant at the end (balance = Σ completed credits − debits >= 0).
//
// Run: node bench/ledger-throughput.mjs [buyers=50] [opsPerBuyer=200] [threads=4]
//   phase 1: one connection, 50 buyers interleaved in one process;
//   phase 2: the same buyers split over `threads` worker threads, each with its own connection to the same file
//            (writers contend for SQLite's write lock: this is where SQLITE_BUSY would show);
//   phase 3: 50 HTTP clients against the real Node server (auth, validation, ledger batch) on that file.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();

const TARGET_PER_SECOND = 500;
const API = new URL('../edge-api/src/', import.meta.url);
const load = (path) => import(new URL(path, API).href);

function isBusy(err) {
  for (let e = err, depth = 0; e && depth < 6; e = e.cause, depth++) {
    const text = `${e.code ?? ''} ${e.message ?? ''}`;
    if (text.includes('SQLITE_BUSY') || text.includes('database is locked')) return true;
  }
  return false;
}

/** Runs the Node entry in its own process and waits until it listens. */
async function startServerProcess(env) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/entries/node/main.ts'], {
    cwd: fileURLToPath(new URL('../edge-api/', import.meta.url)),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    const check = () => {
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', check);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** Deterministic pseudo-random numbers per buyer, so runs are comparable. */
function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4_294_967_296;
  };
}

/** One buyer: `ops` balance changes, ~80 % label purchases (debits), ~20 % refunds (credits). */
async function buyer({ services, applyBalanceChange, ApiError }, userId, ops, seed, stats) {
  const random = rng(seed);
  for (let i = 0; i < ops; i++) {
    const credit = random() < 0.2;
    const amountCents = 50 + Math.floor(random() * 450);
    try {
      await applyBalanceChange(services, {
        userId,
        change: { kind: 'amount', type: credit ? 'credit' : 'debit', amountCents },
        method: credit ? 'label_refund' : 'label_purchase',
        description: credit ? 'Label refund (bench)' : 'Label purchase (bench)',
        reference: `ord_bench_${seed}_${i}`,
      });
      stats.applied += 1;
    } catch (err) {
      if (err instanceof ApiError && err.code === 'insufficient_funds') stats.refused += 1;
      else if (isBusy(err)) stats.busy += 1;
      else {
        stats.other += 1;
        stats.lastError = String(err?.message ?? err);
      }
    }
  }
}

async function openServices(dataDir) {
  const { openLibsqlDb } = await load('adapters/node/libsql-db.ts');
  const { libsqlJobQueue } = await load('adapters/node/libsql-job-queue.ts');
  const { fsBlobStore } = await load('adapters/node/fs-blob-store.ts');
  const { systemClock } = await load('ports/clock.ts');
  const { noopRateLimiter } = await load('ports/rate-limiter.ts');
  const { unconfiguredPaymentProcessor } = await load('ports/payment-processor.ts');
  const database = await openLibsqlDb({ dataDir });
  const services = {
    config: {
      runtime: 'node',
      jwtSecret: 'x'.repeat(32),
      jwtTtlSeconds: 3600,
      supportEmail: 's@x',
      publicUrl: 'http://x',
    },
    db: database.db,
    queue: libsqlJobQueue(database.db, systemClock),
    rateLimiter: noopRateLimiter,
    blobs: fsBlobStore(dataDir),
    clock: systemClock,
    payments: unconfiguredPaymentProcessor,
  };
  return { services, database };
}

async function runBuyers(dataDir, userIds, ops, seedBase) {
  const { services, database } = await openServices(dataDir);
  const { applyBalanceChange } = await load('use-cases/ledger/apply-balance-change.ts');
  const { ApiError } = await load('errors.ts');
  const stats = { applied: 0, refused: 0, busy: 0, other: 0, lastError: undefined };
  try {
    await Promise.all(
      userIds.map((id, i) => buyer({ services, applyBalanceChange, ApiError }, id, ops, seedBase + i + 1, stats)),
    );
  } finally {
    await database.close();
  }
  return stats;
}

if (!isMainThread) {
  const { dataDir, userIds, ops, seedBase } = workerData;
  parentPort.postMessage(await runBuyers(dataDir, userIds, ops, seedBase));
} else {
  const buyers = Number(process.argv[2] ?? 50);
  const opsPerBuyer = Number(process.argv[3] ?? 200);
  const threads = Number(process.argv[4] ?? 4);
  const dataDir = mkdtempSync(join(tmpdir(), 'labeldesk-ledger-bench-'));
  const line = (s) => console.log(s);
  const report = (name, stats, ms) => {
    const changes = stats.applied;
    const perSecond = changes / (ms / 1000);
    line(
      `${name}: ${changes} balance changes in ${(ms / 1000).toFixed(2)} s = ${perSecond.toFixed(0)}/s ` +
        `(target >= ${TARGET_PER_SECOND}/s: ${perSecond >= TARGET_PER_SECOND ? 'met' : 'MISSED'}); ` +
        `refused for insufficient funds: ${stats.refused}; SQLITE_BUSY: ${stats.busy}; other errors: ${stats.other}` +
        (stats.lastError ? ` (last: ${stats.lastError})` : ''),
    );
    return perSecond;
  };

  try {
    const { services, database } = await openServices(dataDir);
    const { insertTestUser } = await load('adapters/node/test-support.ts');
    const { applyBalanceChange } = await load('use-cases/ledger/apply-balance-change.ts');
    const { checkLedgerInvariant } = await load('use-cases/ledger/check-ledger-invariant.ts');
    const admin = await insertTestUser(services, { isAdmin: true, email: 'admin@bench.test' });
    const userIds = [];
    for (let i = 0; i < buyers; i++) {
      const user = await insertTestUser(services, { email: `buyer${i}@bench.test` });
      // Each buyer starts with $500 from an admin: most purchases go through, a few run dry near the end.
      await applyBalanceChange(services, {
        userId: user.id,
        change: { kind: 'amount', type: 'credit', amountCents: 50_000 },
        method: 'admin_adjustment',
        description: 'Bench funding',
        adminId: admin.id,
      });
      userIds.push(user.id);
    }
    line(`database: ${database.path}`);
    line(`${buyers} buyers × ${opsPerBuyer} balance changes each (80 % debits, 20 % credits)`);
    await database.close();

    // Phase 1: one process, one connection.
    let started = performance.now();
    const single = await runBuyers(dataDir, userIds, opsPerBuyer, 1000);
    const singleRate = report('phase 1, use-case, 1 connection', single, performance.now() - started);

    // Phase 2: worker threads, one connection each, all writing the same file (buyers funded again first).
    {
      const again = await openServices(dataDir);
      for (const id of userIds) {
        await applyBalanceChange(again.services, {
          userId: id,
          change: { kind: 'amount', type: 'credit', amountCents: 50_000 },
          method: 'admin_adjustment',
          description: 'Bench funding',
          adminId: admin.id,
        });
      }
      await again.database.close();
    }
    const chunks = Array.from({ length: threads }, (_, t) => userIds.filter((_, i) => i % threads === t));
    started = performance.now();
    const results = await Promise.all(
      chunks.map(
        (ids, t) =>
          new Promise((resolve, reject) => {
            const worker = new Worker(new URL(import.meta.url), {
              workerData: { dataDir, userIds: ids, ops: opsPerBuyer, seedBase: 2000 + t * 1000 },
            });
            worker.once('message', resolve);
            worker.once('error', reject);
          }),
      ),
    );
    const multi = results.reduce(
      (a, r) => ({
        applied: a.applied + r.applied,
        refused: a.refused + r.refused,
        busy: a.busy + r.busy,
        other: a.other + r.other,
        lastError: r.lastError ?? a.lastError,
      }),
      { applied: 0, refused: 0, busy: 0, other: 0, lastError: undefined },
    );
    const multiRate = report(
      `phase 2, use-case, ${threads} threads × own connection`,
      multi,
      performance.now() - started,
    );

    // Phase 3: over HTTP, through the real server (its own process, as `pnpm start:node` runs it) on the same file:
    // admin add and set-lower, one ledger row each.
    const JWT_SECRET = 'bench-jwt-secret-0123456789abcdefghijkl';
    const server = await startServerProcess({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET,
      // A processor that is never called here; set so no embedded sandbox starts.
      BTCPAY_URL: 'http://127.0.0.1:9',
      BTCPAY_STORE_ID: 'none',
      BTCPAY_API_KEY: 'none',
      BTCPAY_WEBHOOK_SECRET: 'bench-webhook-secret-0123',
    });
    // A session row in the database file (the server checks it) and a token naming it, signed with the server's key.
    const { issueSession } = await load('use-cases/auth/issue-session.ts');
    const opened = await openServices(dataDir);
    const { token } = await issueSession(
      { ...opened.services, config: { ...opened.services.config, jwtSecret: JWT_SECRET } },
      admin,
    );
    await opened.database.close();
    const http = { applied: 0, refused: 0, busy: 0, other: 0, lastError: undefined };
    const httpOps = Math.max(1, Math.floor(opsPerBuyer / 5));
    started = performance.now();
    await Promise.all(
      userIds.map(async (id, i) => {
        const random = rng(9000 + i);
        for (let k = 0; k < httpOps; k++) {
          const add = random() < 0.5;
          const cents = 100 + Math.floor(random() * 5000);
          const body = add ? { mode: 'add', amount: cents / 100 } : { mode: 'set', balance: cents / 100 };
          const res = await fetch(`${server.url}/api/admin/users/${id}/balance`, {
            method: 'PATCH',
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
            body: JSON.stringify(body),
          });
          const text = await res.text();
          if (res.status === 200) http.applied += JSON.parse(text).transaction ? 1 : 0;
          else if (text.includes('SQLITE_BUSY')) http.busy += 1;
          else {
            http.other += 1;
            http.lastError = `${res.status} ${text.slice(0, 200)}`;
          }
        }
      }),
    );
    const httpRate = report(`phase 3, HTTP, ${buyers} clients`, http, performance.now() - started);
    await server.stop();

    // The invariant, straight from the file.
    const check = await openServices(dataDir);
    const audit = await checkLedgerInvariant(check.services);
    const [totals] = await check.database.client
      .execute(`SELECT COUNT(*) AS rows, SUM(balance_cents) AS balances,
        (SELECT SUM(CASE type WHEN 'credit' THEN amount_cents ELSE -amount_cents END) FROM ledger_entries
          WHERE status = 'completed') AS ledger,
        (SELECT COUNT(*) FROM ledger_entries WHERE balance_after_cents < 0) AS negative
        FROM users`)
      .then((r) => r.rows);
    await check.database.close();
    line(
      `invariant: ${audit.users} users, ${audit.mismatches.length} mismatches; Σ balances ${totals.balances} = ` +
        `Σ ledger ${totals.ledger}: ${Number(totals.balances) === Number(totals.ledger) ? 'yes' : 'NO'}; ` +
        `rows with a negative balance after: ${totals.negative}`,
    );
    const ok =
      audit.mismatches.length === 0 &&
      Number(totals.balances) === Number(totals.ledger) &&
      single.busy + multi.busy + http.busy === 0 &&
      single.other + multi.other + http.other === 0;
    line(
      `summary: ${Math.round(singleRate)}/s (1 connection), ${Math.round(multiRate)}/s (${threads} connections), ` +
        `${Math.round(httpRate)}/s (HTTP); SQLITE_BUSY ${single.busy + multi.busy + http.busy}; invariant ${ok ? 'holds' : 'BROKEN'}`,
    );
    process.exitCode = ok ? 0 : 1;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { Worker } from 'node:worker_threads';
import type { Client } from '@libsql/client';
import { createLogger } from '../../lib/logger';
import { backgroundThread } from './background-thread';

/**
 * Checkpoints libSQL files' write-ahead logs on a thread of their own.
 *
 * In WAL mode SQLite copies the log back into the database file (a checkpoint) from inside the commit that takes the
 * log past 1,000 pages: on Node that commit runs on the event loop, and under steady purchases it stalled every
 * request for 10–14 ms about once a second (the purchase bench's worst waits). A second connection on another thread
 * can do the same copy without holding up writers (PASSIVE), so here one does, every CHECKPOINT_INTERVAL_MS, and the
 * event loop's connection only checkpoints itself past SELF_CHECKPOINT_PAGES: a bound on the log should the thread
 * fall behind, and a cheap one, since by then the thread has copied almost everything. Once a database's thread
 * connection is gone (stopped, or the thread died), its connection goes back to SQLite's default.
 *
 * One thread per process serves every database opened in it (tests open hundreds; starting a thread costs ~80 ms),
 * with one connection per database. It never keeps the process alive, and a thread that died is started anew by the
 * next database opened (see backgroundThread).
 */

/**
 * How often the thread checkpoints each database. A bulk order rewrites the same hot pages (the jobs queue, the orders
 * and their indexes) in every commit, ~20 pages a row, and a checkpoint copies each page once however often it changed
 * since the last one: every 100 ms, the thread copied and fsynced the same pages up to ten times a second (measured
 * over a 10,000-row bulk order, bench/bulk-throughput.mjs: its CPU 1.44 s at 100 ms, 0.39 s at 1 s). At 16 rows in
 * flight the log grows ~2,100 pages a second, under SELF_CHECKPOINT_PAGES. A checkpoint with nothing to copy costs
 * the thread ~0.2 ms.
 */
export const CHECKPOINT_INTERVAL_MS = 1_000;
/** A connection's own checkpoint threshold (pages) while the thread serves its database; 4,000 pages ≈ 16 MB. */
export const SELF_CHECKPOINT_PAGES = 4_000;
/** SQLite's default threshold, set back when the thread no longer serves the database. */
export const DEFAULT_CHECKPOINT_PAGES = 1_000;

/**
 * The thread's module: it imports the parent's @libsql/client by URL. 'open' starts checkpointing a file on a timer
 * over a connection of its own (failed if that connection cannot be opened), 'close' stops and closes it. A failed
 * checkpoint is reported as an event, once per distinct message.
 */
const CHECKPOINTER_SOURCE = `
import { parentPort, workerData } from 'node:worker_threads';
const { createClient } = await import(workerData.clientUrl);
const dbs = new Map();
function open(db, path, intervalMs) {
  const served = { client: createClient({ url: 'file:' + path }), running: false, lastError: '' };
  served.timer = setInterval(async () => {
    if (served.running) return;
    served.running = true;
    try {
      await served.client.execute('PRAGMA wal_checkpoint(PASSIVE)');
      served.lastError = '';
    } catch (err) {
      const message = String(err && err.message);
      if (message !== served.lastError) parentPort.postMessage({ event: 'checkpoint failed', message });
      served.lastError = message;
    } finally {
      served.running = false;
    }
  }, intervalMs);
  dbs.set(db, served);
}
parentPort.on('message', ({ id, type, db, path, intervalMs }) => {
  try {
    if (type === 'open') open(db, path, intervalMs);
    if (type === 'close' && dbs.has(db)) {
      clearInterval(dbs.get(db).timer);
      dbs.get(db).client.close();
      dbs.delete(db);
    }
    parentPort.postMessage({ id });
  } catch (err) {
    parentPort.postMessage({ id, error: { message: String(err && err.message) } });
  }
});
`;

async function setSelfCheckpoint(client: Client, pages: number): Promise<void> {
  await client.execute(`PRAGMA wal_autocheckpoint = ${pages}`);
}

/** Back to checkpointing itself; a connection closed meanwhile has nothing left to checkpoint. */
function selfCheckpointAgain(client: Client): Promise<void> {
  return setSelfCheckpoint(client, DEFAULT_CHECKPOINT_PAGES).catch(() => {});
}

/** The thread is the process's, not a request's or a job's: its lines carry only the component. */
const log = createLogger({ bindings: { component: 'db' } });

/** The connections the thread serves, by database id. */
const served = new Map<number, Client>();
let nextDb = 1;

const thread = backgroundThread({
  name: 'WAL checkpointer',
  threadName: 'ld-wal-ckpt',
  source: CHECKPOINTER_SOURCE,
  workerData: { clientUrl: pathToFileURL(createRequire(import.meta.url).resolve('@libsql/client')).href },
  onEvent: (event) => log.warn('db.wal_checkpoint_failed', { detail: String(event.message) }),
  onExit: (code) => {
    if (served.size === 0) return;
    log.warn('db.wal_checkpointer_stopped', { exitCode: code, fallback: 'connections checkpoint themselves' });
    for (const client of served.values()) void selfCheckpointAgain(client);
    served.clear();
  },
});

/** The process's checkpointer thread, while it runs (tests end it to show what happens when it dies). */
export function checkpointerThread(): Worker | undefined {
  return thread.worker;
}

export interface WalCheckpointer {
  /** Settles once the thread checkpoints the database, or once the database was handed back to its connection. */
  readonly ready: Promise<void>;
  /** The thread closes its connection to the database; the database's connection checkpoints itself again. */
  stop(): Promise<void>;
}

/**
 * Has the process's checkpointer thread (started if need be) checkpoint `path`, a database in WAL mode, and raises
 * `client`'s own checkpoint threshold to SELF_CHECKPOINT_PAGES.
 */
export async function startWalCheckpointer(
  client: Client,
  path: string,
  opts: { intervalMs?: number } = {},
): Promise<WalCheckpointer> {
  await setSelfCheckpoint(client, SELF_CHECKPOINT_PAGES);
  const db = nextDb++;
  served.set(db, client);
  const ready = thread.request({ type: 'open', db, path, intervalMs: opts.intervalMs ?? CHECKPOINT_INTERVAL_MS }).then(
    () => {},
    async (err: Error) => {
      // Not in `served` any more: the thread died, and its exit handed every database back already.
      if (!served.delete(db)) return;
      log.warn('db.wal_checkpointer_open_failed', { err, fallback: 'the connection checkpoints itself' });
      await selfCheckpointAgain(client);
    },
  );

  let stopped: Promise<void> | undefined;
  return {
    ready,
    stop() {
      stopped ??= (async () => {
        // A thread that died meanwhile closed its connection with it.
        if (served.delete(db)) await thread.request({ type: 'close', db }).catch(() => {});
        await selfCheckpointAgain(client);
      })();
      return stopped;
    },
  };
}

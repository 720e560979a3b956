import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Client } from '@libsql/client';

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
 * next database opened.
 */

/** How often the thread checkpoints each database (a checkpoint with nothing to copy costs it ~0.2 ms). */
export const CHECKPOINT_INTERVAL_MS = 100;
/** The event loop connection's own checkpoint threshold (pages) while the thread serves it; 4,000 pages ≈ 16 MB. */
export const SELF_CHECKPOINT_PAGES = 4_000;
/** SQLite's default threshold, set back when the thread no longer serves the database. */
export const DEFAULT_CHECKPOINT_PAGES = 1_000;

/**
 * The thread: an ES module from a data: URL (no file of its own, whatever started the parent) that imports the
 * parent's @libsql/client by URL. 'open' starts checkpointing a file on a timer over a connection of its own ('refused'
 * if that connection cannot be opened), 'close' stops and closes it; each is answered with its id. A failed
 * checkpoint is reported once per distinct message.
 */
const CHECKPOINTER_SOURCE = `
import { parentPort, workerData } from 'node:worker_threads';
const { createClient } = await import(workerData.clientUrl);
const dbs = new Map();
function open(id, path, intervalMs) {
  const db = { client: createClient({ url: 'file:' + path }), running: false, lastError: '' };
  db.timer = setInterval(async () => {
    if (db.running) return;
    db.running = true;
    try {
      await db.client.execute('PRAGMA wal_checkpoint(PASSIVE)');
      db.lastError = '';
    } catch (err) {
      const message = String(err && err.message);
      if (message !== db.lastError) parentPort.postMessage({ type: 'error', id, message });
      db.lastError = message;
    } finally {
      db.running = false;
    }
  }, intervalMs);
  dbs.set(id, db);
}
parentPort.on('message', ({ type, id, path, intervalMs }) => {
  if (type === 'open') {
    try {
      open(id, path, intervalMs);
      parentPort.postMessage({ type: 'opened', id });
    } catch (err) {
      parentPort.postMessage({ type: 'refused', id, message: String(err && err.message) });
    }
  } else if (type === 'close') {
    const db = dbs.get(id);
    if (db) {
      clearInterval(db.timer);
      db.client.close();
      dbs.delete(id);
    }
    parentPort.postMessage({ type: 'closed', id });
  }
});
`;

interface Served {
  client: Client;
  opened: () => void;
  closed?: () => void;
}

interface CheckpointerThread {
  worker: Worker;
  served: Map<number, Served>;
  /** How many stops await the thread's answer: the thread is referenced while any do, so the answer can arrive. */
  stopping: number;
}

let thread: CheckpointerThread | undefined;
let nextId = 1;

async function setSelfCheckpoint(client: Client, pages: number): Promise<void> {
  await client.execute(`PRAGMA wal_autocheckpoint = ${pages}`);
}

/** Back to checkpointing itself; a connection closed meanwhile has nothing left to checkpoint. */
function selfCheckpointAgain(client: Client): Promise<void> {
  return setSelfCheckpoint(client, DEFAULT_CHECKPOINT_PAGES).catch(() => {});
}

function startThread(): CheckpointerThread {
  const clientUrl = pathToFileURL(createRequire(import.meta.url).resolve('@libsql/client')).href;
  const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(CHECKPOINTER_SOURCE)}`), {
    workerData: { clientUrl },
  });
  worker.unref();
  const started: CheckpointerThread = { worker, served: new Map(), stopping: 0 };
  worker.on('message', (message: { type: 'opened' | 'refused' | 'closed' | 'error'; id: number; message?: string }) => {
    const db = started.served.get(message.id);
    if (message.type === 'opened') db?.opened();
    if (message.type === 'closed') db?.closed?.();
    if (message.type === 'error') console.warn(`[db] WAL checkpoint failed: ${message.message}`);
    if (message.type === 'refused' && db) {
      console.warn(`[db] the WAL checkpointer cannot open the database (${message.message}); it checkpoints itself`);
      started.served.delete(message.id);
      selfCheckpointAgain(db.client).finally(db.opened);
    }
  });
  worker.on('error', (err) => console.warn(`[db] the WAL checkpointer thread failed: ${err.message}`));
  worker.once('exit', (code) => {
    if (thread === started) thread = undefined;
    if (started.served.size === 0) return;
    console.warn(`[db] the WAL checkpointer thread stopped (exit code ${code}); connections checkpoint themselves`);
    for (const db of started.served.values()) {
      selfCheckpointAgain(db.client).finally(() => {
        db.opened();
        db.closed?.();
      });
    }
    started.served.clear();
  });
  return started;
}

/** The process's checkpointer thread (tests end it to show what happens when it dies). */
export function checkpointerThread(): Worker | undefined {
  return thread?.worker;
}

export interface WalCheckpointer {
  /** Resolves once the thread checkpoints the database (or, should it have died, once the connection does again). */
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
  thread ??= startThread();
  const current = thread;
  const id = nextId++;
  const ready = new Promise<void>((opened) => {
    current.served.set(id, { client, opened });
  });
  current.worker.postMessage({ type: 'open', id, path, intervalMs: opts.intervalMs ?? CHECKPOINT_INTERVAL_MS });

  let stopped: Promise<void> | undefined;
  return {
    ready,
    stop() {
      stopped ??= (async () => {
        const db = current.served.get(id);
        if (db) {
          // Answered by the thread, or settled by its exit handler should it die first.
          if (current.stopping++ === 0) current.worker.ref();
          await new Promise<void>((closed) => {
            db.closed = closed;
            current.worker.postMessage({ type: 'close', id });
          });
          if (--current.stopping === 0) current.worker.unref();
          current.served.delete(id);
        }
        await selfCheckpointAgain(client);
      })();
      return stopped;
    },
  };
}

import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Client, createClient } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import * as schema from '../../db/schema';
import { ensurePrivateDir, ensurePrivateFile, restrictIfExists } from './private-files';
import { SELF_CHECKPOINT_PAGES, startWalCheckpointer } from './wal-checkpointer';

/** edge-api/migrations: the one drizzle-kit folder, shared with `wrangler d1 migrations apply`. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../migrations', import.meta.url));
export const DB_FILE_NAME = 'labeldesk.db';

export interface LibsqlDb {
  db: LibSQLDatabase<typeof schema>;
  client: Client;
  /** Absolute path of the database file. */
  path: string;
  /** Stops the WAL checkpointer thread, then closes the connection (which checkpoints what is left). */
  close(): Promise<void>;
}

export interface OpenLibsqlDbOptions {
  dataDir: string;
  fileName?: string;
  migrationsFolder?: string;
  /** ms a statement waits for another writer's lock before failing with SQLITE_BUSY. */
  busyTimeoutMs?: number;
  /**
   * A second connection to a database another connection of this process opened (the job thread's): it neither
   * migrates nor starts a checkpointer (the first one does both), and checkpoints itself only past
   * SELF_CHECKPOINT_PAGES.
   */
  secondary?: boolean;
}

type Batch = Client['batch'];

/**
 * A batch that writes begins IMMEDIATE, one that only reads DEFERRED. libSQL begins every batch DEFERRED by default:
 * with two connections to the file (the server's and the job thread's), a batch that reads and then writes would
 * take its snapshot with the read, and if the other connection committed meanwhile, its first write fails at once
 * with SQLITE_BUSY_SNAPSHOT (the busy timeout cannot help: the snapshot is stale). IMMEDIATE takes the write lock
 * first, waiting up to the busy timeout for it, so the batch reads what it then writes over.
 */
export function immediateWriteBatches(batch: Batch): Batch {
  return (stmts, mode) => batch(stmts, mode ?? (stmts.every(readsOnly) ? 'deferred' : 'write'));
}

function readsOnly(stmt: Parameters<Batch>[0][number]): boolean {
  const text = typeof stmt === 'string' ? stmt : Array.isArray(stmt) ? stmt[0] : stmt.sql;
  return /^\s*SELECT\b/i.test(text);
}

/**
 * The database port on Node: a libSQL file under DATA_DIR, in WAL mode with a busy timeout, migrated to the latest
 * schema before it is handed out. Its write-ahead log is checkpointed by a thread of its own (see wal-checkpointer).
 */
export async function openLibsqlDb(opts: OpenLibsqlDbOptions): Promise<LibsqlDb> {
  const dataDir = resolve(opts.dataDir);
  ensurePrivateDir(dataDir);
  const path = join(dataDir, opts.fileName ?? DB_FILE_NAME);
  // Owner-only whatever the umask: the database file is created 0600 before libSQL opens it (its -wal and -shm files
  // then get the same mode), and files an earlier version left wider are narrowed.
  ensurePrivateFile(path);
  restrictIfExists(`${path}-wal`);
  restrictIfExists(`${path}-shm`);
  // One connection: every libSQL call is synchronous underneath, and per-connection PRAGMAs then hold everywhere.
  const client = createClient({ url: `file:${path}`, timeout: opts.busyTimeoutMs ?? 5_000, concurrency: 1 });
  client.batch = immediateWriteBatches(client.batch.bind(client));
  try {
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute('PRAGMA foreign_keys = ON');
    await client.execute('PRAGMA synchronous = NORMAL');
    const db = drizzle(client, { schema });
    if (opts.secondary) {
      // The first connection's checkpointer thread copies the log back (see wal-checkpointer): this one, like the
      // first, only checkpoints itself past SELF_CHECKPOINT_PAGES. At SQLite's default (1,000 pages) the job thread,
      // which makes nearly every write of a bulk order (~20 pages a row), would checkpoint inside its own commits,
      // fsyncs included, whenever the log passed 1,000 pages between two of the thread's checkpoints.
      await client.execute(`PRAGMA wal_autocheckpoint = ${SELF_CHECKPOINT_PAGES}`);
      return { db, client, path, close: async () => client.close() };
    }
    await migrate(db, { migrationsFolder: opts.migrationsFolder ?? MIGRATIONS_DIR });
    const checkpointer = await startWalCheckpointer(client, path);
    return {
      db,
      client,
      path,
      async close() {
        await checkpointer.stop();
        client.close();
      },
    };
  } catch (err) {
    client.close();
    throw err;
  }
}

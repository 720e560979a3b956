import { statSync } from 'node:fs';
import { join } from 'node:path';
import { type Client, createClient } from '@libsql/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from './test-support';
import {
  checkpointerThread,
  DEFAULT_CHECKPOINT_PAGES,
  SELF_CHECKPOINT_PAGES,
  startWalCheckpointer,
  type WalCheckpointer,
} from './wal-checkpointer';

const PAGE = 4096;

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const selfCheckpointPages = async (client: Client) =>
  Number((await client.execute('PRAGMA wal_autocheckpoint')).rows[0]?.[0]);

describe('startWalCheckpointer', { timeout: 15_000 }, () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let path: string;
  let client: Client;
  const started: WalCheckpointer[] = [];
  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir());
    path = join(dir, 'wal.db');
    client = createClient({ url: `file:${path}` });
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute('CREATE TABLE t (body BLOB NOT NULL)');
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((c) => c.stop()));
    client.close();
    await cleanup();
    vi.restoreAllMocks();
  });
  const start = async () => {
    const checkpointer = await startWalCheckpointer(client, path, { intervalMs: 20 });
    started.push(checkpointer);
    await checkpointer.ready;
    return checkpointer;
  };
  /** ~1,500 pages of log: past SQLite's own threshold, below the one the connection keeps while the thread runs. */
  const write1500Pages = async (to: Client = client) => {
    for (let i = 0; i < 15; i++) {
      await to.batch(
        Array.from({ length: 100 }, () => ({ sql: 'INSERT INTO t (body) VALUES (zeroblob(?))', args: [PAGE - 200] })),
        'write',
      );
    }
  };

  it('copies the log into the database file from its own thread; the connection no longer checkpoints itself', async () => {
    await start();
    expect(await selfCheckpointPages(client)).toBe(SELF_CHECKPOINT_PAGES);
    const before = statSync(path).size;
    await write1500Pages();
    // Nothing on this thread checkpoints below SELF_CHECKPOINT_PAGES, so only the thread can have grown the file.
    await until(() => statSync(path).size >= before + 1500 * PAGE);
    expect((await client.execute('SELECT count(*) AS n FROM t')).rows[0]?.n).toBe(1500);
  });

  it('hands checkpoints back to the connections when the thread dies', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await start();
    await checkpointerThread()?.terminate();
    await until(async () => (await selfCheckpointPages(client)) === DEFAULT_CHECKPOINT_PAGES);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"msg":"db.wal_checkpointer_stopped"'));
    // And the connection does: past 1,000 pages its own commit copies the log back.
    const before = statSync(path).size;
    await write1500Pages();
    expect(statSync(path).size).toBeGreaterThan(before + 900 * PAGE);
  });

  it('a database the thread cannot open checkpoints itself, and the thread serves the others', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await start();
    const thread = checkpointerThread();
    const other = createClient({ url: `file:${join(dir, 'other.db')}` });
    try {
      const unreachable = await startWalCheckpointer(other, join(dir, 'no-such-dir', 'other.db'));
      started.push(unreachable);
      await unreachable.ready;
      expect(await selfCheckpointPages(other)).toBe(DEFAULT_CHECKPOINT_PAGES);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('"msg":"db.wal_checkpointer_open_failed"'));
      expect(checkpointerThread()).toBe(thread);
      expect(await selfCheckpointPages(client)).toBe(SELF_CHECKPOINT_PAGES);
    } finally {
      other.close();
    }
  });

  it('one thread serves every database of the process, a new one once the last died', async () => {
    await start();
    const first = checkpointerThread();
    const otherPath = join(dir, 'other.db');
    const other = createClient({ url: `file:${otherPath}` });
    try {
      await other.execute('PRAGMA journal_mode = WAL');
      await other.execute('CREATE TABLE t (body BLOB NOT NULL)');
      const checkpointer = await startWalCheckpointer(other, otherPath, { intervalMs: 20 });
      started.push(checkpointer);
      await checkpointer.ready;
      expect(checkpointerThread()).toBe(first);
      const before = statSync(otherPath).size;
      await write1500Pages(other);
      await until(() => statSync(otherPath).size >= before + 1500 * PAGE);
      await checkpointer.stop();
    } finally {
      other.close();
    }

    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await first?.terminate();
    await start();
    expect(checkpointerThread()).toBeDefined();
    expect(checkpointerThread()).not.toBe(first);
    expect(await selfCheckpointPages(client)).toBe(SELF_CHECKPOINT_PAGES);
  });

  it("stop ends the thread's connection and gives checkpoints back to the connection, with every write kept", async () => {
    const checkpointer = await start();
    await write1500Pages();
    await checkpointer.stop();
    expect(await selfCheckpointPages(client)).toBe(DEFAULT_CHECKPOINT_PAGES);
    client.close();
    client = createClient({ url: `file:${path}` });
    expect((await client.execute('SELECT count(*) AS n FROM t')).rows[0]?.n).toBe(1500);
  });
});

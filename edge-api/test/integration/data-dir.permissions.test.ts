import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin, type TestServer } from './helpers';
import { buyLabel, newCustomer, startOrdersServer, upsGround } from './orders-support';
import { seededApis } from './providers-support';

/** Every directory and file under `root` with its permission bits, e.g. ['blobs/data', 0o700]. */
function modesUnder(root: string): Array<[string, number, 'dir' | 'file']> {
  const out: Array<[string, number, 'dir' | 'file']> = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const mode = statSync(path).mode & 0o777;
      out.push([relative(root, path), mode, entry.isDirectory() ? 'dir' : 'file']);
      if (entry.isDirectory()) walk(path);
    }
  };
  walk(root);
  return out;
}

const modeOf = (path: string) => statSync(path).mode & 0o777;

/**
 * DATA_DIR holds the database (balances, password hashes), label PDFs and the generated secrets: owner-only whatever
 * the umask. The server runs in this test's process, so setting the process umask to 000 is what an operator with a
 * careless shell profile would give it.
 */
describe('DATA_DIR: owner-only files whatever the umask', () => {
  let server: TestServer;
  let previousUmask: number;
  const parent = mkdtempSync(join(tmpdir(), 'labeldesk-modes-'));

  beforeAll(async () => {
    previousUmask = process.umask(0o000);
    // A DATA_DIR that does not exist yet: the server creates it.
    server = await startOrdersServer({ dataDir: join(parent, 'data') });
  });
  afterAll(async () => {
    await server?.stop();
    process.umask(previousUmask);
    rmSync(parent, { recursive: true, force: true });
  });

  it('creates DATA_DIR 0700, the database with its WAL and SHM 0600, and the label files 0600', async () => {
    const admin = (await loginAdmin(server)).token;
    const { api1 } = await seededApis(server, admin);
    const buyer = await newCustomer(server, admin, 50);
    const order = await buyLabel(server, buyer.token, upsGround(api1));
    const pdf = join(server.dataDir, 'blobs', 'data', 'labels', `${order._id}.pdf`);
    // The PDF is written after the purchase answers.
    await expect
      .poll(() => readdirSync(join(server.dataDir, 'blobs', 'data', 'labels')), { timeout: 5_000 })
      .toContain(`${order._id}.pdf`);

    expect(modeOf(server.dataDir)).toBe(0o700);
    expect(modeOf(join(server.dataDir, 'labeldesk.db'))).toBe(0o600);
    expect(modeOf(join(server.dataDir, 'labeldesk.db-wal'))).toBe(0o600);
    expect(modeOf(join(server.dataDir, 'labeldesk.db-shm'))).toBe(0o600);
    expect(modeOf(join(server.dataDir, 'provider-key-secret'))).toBe(0o600);
    expect(modeOf(pdf)).toBe(0o600);

    // Nothing anywhere under DATA_DIR is open to the group or to others.
    const open = modesUnder(server.dataDir).filter(([, mode]) => (mode & 0o077) !== 0);
    expect(open.map(([path, mode, kind]) => `${kind} ${path} ${mode.toString(8)}`)).toEqual([]);
  });
});

import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openLibsqlDb } from './libsql-db';

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('private files: what an earlier version left open is narrowed on open', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('an existing DATA_DIR and database made 0755/0644 become 0700/0600; the WAL and SHM follow', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'labeldesk-private-'));
    dirs.push(dir);
    const first = await openLibsqlDb({ dataDir: dir });
    await first.close();
    chmodSync(dir, 0o755);
    chmodSync(join(dir, 'labeldesk.db'), 0o644);

    const again = await openLibsqlDb({ dataDir: dir });
    try {
      expect(modeOf(dir)).toBe(0o700);
      expect(modeOf(join(dir, 'labeldesk.db'))).toBe(0o600);
      expect(modeOf(join(dir, 'labeldesk.db-wal'))).toBe(0o600);
      expect(modeOf(join(dir, 'labeldesk.db-shm'))).toBe(0o600);
    } finally {
      await again.close();
    }
  });
});

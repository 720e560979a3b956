import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Services } from '../../env';
import { type Clock, fixedClock } from '../../ports/clock';
import { noopRateLimiter } from '../../ports/rate-limiter';
import { fsBlobStore } from './fs-blob-store';
import { type LibsqlDb, openLibsqlDb } from './libsql-db';
import { libsqlJobQueue } from './libsql-job-queue';

/** A fresh temp directory, removed by `cleanup`. */
export async function tempDir(prefix = 'labeldesk-unit-'): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export interface TestServices {
  services: Services;
  database: LibsqlDb;
  clock: ReturnType<typeof fixedClock>;
  dir: string;
  cleanup(): Promise<void>;
}

/** Real Node adapters on a migrated temp database, with a clock the test moves by hand. */
export async function testServices(start = new Date('2026-01-01T00:00:00.000Z')): Promise<TestServices> {
  const { dir, cleanup } = await tempDir();
  const database = await openLibsqlDb({ dataDir: dir });
  const clock = fixedClock(start);
  const services: Services = {
    config: {
      runtime: 'node',
      jwtSecret: 'unit-test-secret-0123456789abcdefghijkl',
      jwtTtlSeconds: 3600,
      supportEmail: 's@x',
    },
    db: database.db,
    queue: libsqlJobQueue(database.db, clock as Clock),
    rateLimiter: noopRateLimiter,
    blobs: fsBlobStore(dir),
    clock,
  };
  return {
    services,
    database,
    clock,
    dir,
    async cleanup() {
      database.close();
      await cleanup();
    },
  };
}

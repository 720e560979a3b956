import { fsBlobStore } from '../../adapters/node/fs-blob-store';
import { type LibsqlDb, openLibsqlDb } from '../../adapters/node/libsql-db';
import { libsqlJobQueue } from '../../adapters/node/libsql-job-queue';
import { memoryRateLimiter } from '../../adapters/node/memory-rate-limiter';
import type { Services } from '../../env';
import { type Clock, systemClock } from '../../ports/clock';

export interface NodeServices {
  services: Services;
  database: LibsqlDb;
  /** Set by whoever runs jobs, so an enqueue starts work at once. */
  onEnqueue: { current: (() => void) | undefined };
}

/** Builds the Node adapters once per process (the DB is migrated before this returns). */
export async function createNodeServices(opts: {
  dataDir: string;
  jwtSecret: string;
  jwtTtlSeconds: number;
  supportEmail: string;
  clock?: Clock;
}): Promise<NodeServices> {
  const clock = opts.clock ?? systemClock;
  const database = await openLibsqlDb({ dataDir: opts.dataDir });
  const onEnqueue: NodeServices['onEnqueue'] = { current: undefined };
  const services: Services = {
    config: {
      runtime: 'node',
      jwtSecret: opts.jwtSecret,
      jwtTtlSeconds: opts.jwtTtlSeconds,
      supportEmail: opts.supportEmail,
    },
    db: database.db,
    queue: libsqlJobQueue(database.db, clock, { onEnqueue: () => onEnqueue.current?.() }),
    rateLimiter: memoryRateLimiter({ now: () => clock.now().getTime() }),
    blobs: fsBlobStore(opts.dataDir),
    clock,
  };
  return { services, database, onEnqueue };
}

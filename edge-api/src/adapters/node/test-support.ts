import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { type JobRow, jobs, type User, users } from '../../db/schema';
import type { Services } from '../../env';
import { createApiKeyVault } from '../../lib/api-key-vault';
import { newId } from '../../lib/ids';
import { createLogger } from '../../lib/logger';
import { createSecretBox } from '../../lib/secret-box';
import { type Clock, fixedClock } from '../../ports/clock';
import { unconfiguredMailer } from '../../ports/mailer';
import { unconfiguredMarketplace } from '../../ports/marketplace';
import { type PaymentProcessor, unconfiguredPaymentProcessor } from '../../ports/payment-processor';
import { noopRateLimiter } from '../../ports/rate-limiter';
import { labelProviders } from '../label-provider/label-providers';
import { backgroundWork } from './background-work';
import { fsBlobStore } from './fs-blob-store';
import { type LibsqlDb, openLibsqlDb } from './libsql-db';
import { libsqlJobQueue } from './libsql-job-queue';
import { swaggerUiFiles } from './swagger-ui-files';

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
  /** The services' structured log lines (JSON), kept for assertions instead of printed. */
  logs: string[];
  cleanup(): Promise<void>;
}

/**
 * Real Node adapters on a migrated temp database, with a clock the test moves by hand. Without `payments`, crypto
 * calls fail as not configured.
 */
export async function testServices(
  start = new Date('2026-01-01T00:00:00.000Z'),
  opts: { payments?: PaymentProcessor } = {},
): Promise<TestServices> {
  const { dir, cleanup } = await tempDir();
  const database = await openLibsqlDb({ dataDir: dir });
  const clock = fixedClock(start);
  const blobs = fsBlobStore(dir);
  const logs: string[] = [];
  const log = createLogger({ sink: (_level, line) => logs.push(line), now: () => clock.now() });
  const background = backgroundWork(log);
  const services: Services = {
    log,
    config: {
      runtime: 'node',
      jwtSecret: 'unit-test-secret-0123456789abcdefghijkl',
      jwtTtlSeconds: 3600,
      supportEmail: 's@x',
      publicUrl: 'http://localhost:8787',
      bulkRowDeadlineHours: 24,
    },
    db: database.db,
    queue: libsqlJobQueue(database.db, clock as Clock),
    rateLimiter: noopRateLimiter,
    blobs,
    clock,
    payments: opts.payments ?? unconfiguredPaymentProcessor,
    labelProviders: labelProviders({ allowPrivate: true, timeoutMs: 5_000 }),
    providerKeys: createSecretBox('unit-test-provider-key-secret-0123456789abcdef'),
    marketplace: unconfiguredMarketplace,
    mailer: unconfiguredMailer,
    waitUntil: background.waitUntil,
    apiKeys: createApiKeyVault('unit-test-api-key-secret-0123456789abcdef'),
    referenceAssets: swaggerUiFiles(log),
  };
  return {
    services,
    database,
    clock,
    dir,
    logs,
    async cleanup() {
      await background.settled();
      await blobs.close();
      await database.close();
      await cleanup();
    },
  };
}

/** A user row inserted directly (no password hashing), for tests that need accounts fast. */
export async function insertTestUser(
  services: Services,
  fields: { id?: string; email?: string; name?: string; isAdmin?: boolean } = {},
): Promise<User> {
  const now = services.clock.now().toISOString();
  const id = fields.id ?? newId('usr');
  const [row] = await services.db
    .insert(users)
    .values({
      id,
      name: fields.name ?? `User ${id.slice(-6)}`,
      email: fields.email ?? `${id.toLowerCase()}@example.test`,
      passwordHash: 'not-a-hash',
      isAdmin: fields.isAdmin ?? false,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

/** Waits for a condition, not a fixed time (a loaded machine may take longer): polls every 5 ms, throws after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** A row of the jobs table, as the runner left it. */
export async function jobRow(services: Services, id: string): Promise<JobRow | undefined> {
  const [r] = await services.db.select().from(jobs).where(eq(jobs.id, id));
  return r;
}

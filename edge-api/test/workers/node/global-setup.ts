import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import type { TestProject } from 'vitest/node';
import type {} from '../provided-context';
import { startHranaServer } from './hrana-server';

/**
 * Runs in Node before the Worker tests: a libSQL file migrated with the same drizzle-kit folder, served over Hrana
 * HTTP, so `turso.test.ts` can run the Worker with TURSO_URL set against a real libSQL database.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'labeldesk-turso-'));
  const fileUrl = `file:${path.join(dir, 'turso.db')}`;
  const migrator = createClient({ url: fileUrl });
  await migrate(drizzle(migrator), { migrationsFolder: path.join(import.meta.dirname, '../../../migrations') });
  migrator.close();

  const authToken = 'test-turso-token';
  const server = await startHranaServer(fileUrl, authToken);
  project.provide('tursoUrl', server.url);
  project.provide('tursoAuthToken', authToken);
  return async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  };
}

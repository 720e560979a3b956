import { createClient } from '@libsql/client/web';
import { drizzle } from 'drizzle-orm/libsql/web';
import * as schema from '../../db/schema';
import type { Db } from '../../ports/database';

/**
 * The database port on Workers when TURSO_URL is set: drizzle over libSQL's Web-standard client, which speaks Hrana
 * over HTTP with `fetch` (no Node APIs, no native module), so it runs inside workerd. `libsql://` URLs are sent as
 * HTTPS. The schema is migrated with drizzle-kit against Turso; `wrangler d1 migrations` only concerns D1.
 */
export function libsqlWebDb(url: string, authToken: string | undefined): Db {
  const client = createClient(authToken ? { url, authToken } : { url });
  return drizzle(client, { schema });
}

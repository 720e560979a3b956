import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';

// Setup files run before each test file. The test files share one runtime and its storage (vitest `isolate: false`,
// see vitest.workers.config.ts: starting a runtime per file was most of the layer's time), so each file starts here
// from an empty database: migrations applied once (applyD1Migrations skips applied ones), then every row deleted.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
const { results: tables } = await env.DB.prepare(
  `SELECT name FROM sqlite_master WHERE type = 'table'
     AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'`,
).all<{ name: string }>();
await env.DB.batch([
  // Foreign keys are checked at the end of the batch's transaction, when every table is empty.
  env.DB.prepare('PRAGMA defer_foreign_keys = on'),
  ...tables.map(({ name }) => env.DB.prepare(`DELETE FROM "${name.replaceAll('"', '""')}"`)),
]);

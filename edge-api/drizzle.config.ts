import { defineConfig } from 'drizzle-kit';

/** One migration folder for both runtimes: applied by the Node entry (libSQL migrator) and by `wrangler d1 migrations apply`. */
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/db/schema/index.ts',
  out: './migrations',
});

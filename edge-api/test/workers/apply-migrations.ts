import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';

// Setup files run before each test file, outside its isolated storage; applyD1Migrations skips applied migrations.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOpenApiDocument } from '../src/routes/v1/openapi';

/**
 * `pnpm lint:openapi`: Redocly's `recommended` ruleset over the OpenAPI document GET /api/v1/openapi.json serves (the
 * same buildOpenApiDocument), failing on any error. Offline: the document is a local file, and Redocly's telemetry and
 * update check are off, so nothing is fetched (CI runs it without a network).
 */
const dir = mkdtempSync(join(tmpdir(), 'labeldesk-openapi-'));
const file = join(dir, 'openapi.json');
try {
  writeFileSync(file, JSON.stringify(buildOpenApiDocument({ serverUrl: 'https://labeldesk.example/api/v1' }), null, 2));
  const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
  const run = spawnSync(process.execPath, [cli, 'lint', file, '--extends=recommended', '--format=stylish'], {
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', CI: 'true' },
  });
  process.exitCode = run.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}

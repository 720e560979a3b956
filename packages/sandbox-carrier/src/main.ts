import { resolve } from 'node:path';
import { defaultCatalogues } from './default-catalogues';
import { createCarrierSandbox } from './sandbox';
import type { Latency } from './types';

/**
 * Standalone sandbox carrier: `pnpm --filter @labeldesk/sandbox-carrier start`.
 *
 * PORT (8788), HOST (127.0.0.1), DATA_DIR (unset: memory only), LATENCY_MS ("150" or "100-400"), FAILURE_RATE (0..1),
 * SEED, CONTROL_KEY (enables /_sandbox controls), API_KEY_ALPHA / API_KEY_BETA (otherwise generated, and kept in
 * DATA_DIR when set), RATE_LIMIT (requests per minute per key, 0 = off; default 600).
 */
function parseLatency(value: string | undefined): Latency {
  if (!value) return 0;
  const range = /^(\d+)\s*-\s*(\d+)$/.exec(value);
  if (range) return { min: Number(range[1]), max: Number(range[2]) };
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0)
    throw new Error(`LATENCY_MS must be "N" or "MIN-MAX" milliseconds, got "${value}"`);
  return ms;
}

function parseNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`${name} must be a number, got "${value}"`);
  return n;
}

async function main(): Promise<void> {
  const env = process.env;
  const catalogues = defaultCatalogues().map((c) => {
    const key = env[`API_KEY_${c.id.toUpperCase()}`];
    return key ? { ...c, apiKey: key } : c;
  });
  const rateLimit = parseNumber('RATE_LIMIT', env.RATE_LIMIT, 600);
  const sandbox = await createCarrierSandbox({
    port: parseNumber('PORT', env.PORT, 8788),
    host: env.HOST || '127.0.0.1',
    catalogues,
    latencyMs: parseLatency(env.LATENCY_MS),
    failureRate: parseNumber('FAILURE_RATE', env.FAILURE_RATE, 0),
    ...(env.SEED ? { seed: parseNumber('SEED', env.SEED, 0) } : {}),
    ...(env.DATA_DIR ? { dataDir: resolve(env.DATA_DIR) } : {}),
    ...(env.CONTROL_KEY ? { controlKey: env.CONTROL_KEY } : {}),
    rateLimit: rateLimit > 0 ? { limit: rateLimit, windowMs: 60_000 } : false,
  });
  console.log(
    `[sandbox-carrier] listening on ${sandbox.url}${env.DATA_DIR ? ` (data in ${resolve(env.DATA_DIR)})` : ''}`,
  );
  for (const c of Object.values(sandbox.catalogues)) {
    console.log(`[sandbox-carrier] ${c.name}: base URL ${c.baseUrl}  X-Api-Key: ${c.apiKey}`);
  }
  if (env.CONTROL_KEY) console.log(`[sandbox-carrier] controls at ${sandbox.url}/_sandbox (X-Sandbox-Key)`);

  const shutdown = () => {
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

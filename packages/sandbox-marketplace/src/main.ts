import { createMarketplaceSandbox } from './sandbox';

/**
 * Standalone marketplace sandbox: `pnpm --filter @labeldesk/sandbox-marketplace start`.
 * PORT (8792; 8789 is the local Worker's), HOST (127.0.0.1), CONTROL_KEY (enables /_sandbox controls), SESSION_MAX_AGE_DAYS (14),
 * RATE_LIMIT (requests a minute per session, 0 = off; default 60).
 */
async function main(): Promise<void> {
  const env = process.env;
  const rate = Number(env.RATE_LIMIT ?? 60);
  const sandbox = await createMarketplaceSandbox({
    port: Number(env.PORT ?? 8792),
    host: env.HOST || '127.0.0.1',
    ...(env.CONTROL_KEY ? { controlKey: env.CONTROL_KEY } : {}),
    sessionMaxAgeDays: Number(env.SESSION_MAX_AGE_DAYS ?? 14),
    rateLimit: rate > 0 ? { limit: rate, windowMs: 60_000 } : false,
  });
  console.log(
    `[sandbox-marketplace] listening on ${sandbox.url} (sign in as the seller in a browser at ${sandbox.url}/signin, or POST /signin)`,
  );
  const shutdown = () => sandbox.close().then(() => process.exit(0));
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

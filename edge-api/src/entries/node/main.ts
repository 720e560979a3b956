import { configFromEnv } from './config';

/** `pnpm --filter edge-api start:node`: the embedded default, configured from the environment. */
async function main(): Promise<void> {
  const config = configFromEnv(process.env);
  // The server's modules (the whole app) are loaded once the configuration is known to be valid: a mistyped variable
  // is named in about a tenth of the time.
  const { startServer } = await import('./server');
  const server = await startServer(config);
  console.log(`[labeldesk] listening on ${server.url} (data in ${config.dataDir})`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[labeldesk] ${signal} received, shutting down...`);
    const force = setTimeout(() => {
      console.error('[labeldesk] shutdown timed out, exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('[labeldesk] shutdown failed:', err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

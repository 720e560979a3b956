import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type Http2Bindings, type HttpBindings, serve } from '@hono/node-server';
import { type LocalJobRunner, localJobRunner } from '../../adapters/node/local-job-runner';
import { createApp } from '../../app';
import type { Services } from '../../env';
import { PERIODIC_CRON, PERIODIC_INTERVAL_MS, runScheduled } from '../../jobs/schedule';
import type { Clock } from '../../ports/clock';
import { ensureAdmin } from '../../use-cases/users/ensure-admin';
import { nodeClientIp } from './client-ip';
import { NodeConfig, type NodeConfigInput } from './config';
import { loadOrCreateJwtSecret } from './jwt-secret';
import { createNodeServices } from './services';
import { createWebApp } from './static';

/** The repository root (shell/dist, mfe-*\/dist live under it). */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export interface StartServerOptions extends NodeConfigInput {
  /** Where shell/dist and mfe-<name>/dist are looked up; default the repository root. */
  rootDir?: string;
  /** Log sink; default console.log. */
  log?: (line: string) => void;
  /** Time source shared by the API, the job runner and the rate limiter; default the system clock. */
  clock?: Clock;
  /** Local job runner poll interval; default 1 s. */
  jobPollIntervalMs?: number;
  /** Scheduler period (runScheduled with PERIODIC_CRON); default 5 minutes. */
  schedulerIntervalMs?: number;
  /** Run background jobs in this process; default true. */
  runJobs?: boolean;
}

export interface RunningServer {
  /** Base URL, e.g. http://127.0.0.1:8787 (no trailing slash). */
  url: string;
  port: number;
  config: NodeConfig;
  /** The process's services (database, queue, ...), for tests and tools. */
  services: Services;
  /** Stops accepting requests, stops the job runner and the scheduler, closes the database. Idempotent. */
  close(): Promise<void>;
}

/**
 * Starts the embedded default in-process: validates the config, migrates the database, seeds the first admin,
 * starts the job runner and the scheduler, and serves the API under /api plus the front-ends.
 */
export async function startServer(opts: StartServerOptions = {}): Promise<RunningServer> {
  const { rootDir, log: logOpt, clock, jobPollIntervalMs, schedulerIntervalMs, runJobs, ...configInput } = opts;
  const log = logOpt ?? ((line: string) => console.log(line));
  const config = NodeConfig.parse(configInput);
  mkdirSync(config.dataDir, { recursive: true });

  const jwtSecret = await loadOrCreateJwtSecret(config.dataDir, config.jwtSecret);
  const node = await createNodeServices({
    dataDir: config.dataDir,
    jwtSecret,
    jwtTtlSeconds: config.jwtTtlSeconds,
    supportEmail: config.supportEmail,
    ...(clock ? { clock } : {}),
  });
  const { services, database } = node;

  let runner: LocalJobRunner | undefined;
  let scheduler: ReturnType<typeof setInterval> | undefined;
  let server: ReturnType<typeof serve> | undefined;
  try {
    const admin = await ensureAdmin(services, { email: config.adminEmail, password: config.adminPassword });
    if (admin.kind !== 'exists') {
      log(`[labeldesk] ${admin.kind === 'created' ? 'Created' : 'Promoted'} the first admin account: ${admin.email}`);
      if (admin.generatedPassword) {
        log(
          `[labeldesk] Generated admin password (shown only this once): ${admin.generatedPassword}\n` +
            '[labeldesk] Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own on a fresh data directory.',
        );
      }
    }

    if (runJobs !== false) {
      runner = localJobRunner({ services, log, ...(jobPollIntervalMs ? { pollIntervalMs: jobPollIntervalMs } : {}) });
      node.onEnqueue.current = () => runner?.wake();
      runner.start();
      const tick = () => {
        runScheduled(services, PERIODIC_CRON).catch((err: unknown) => {
          log(`[labeldesk] scheduler error: ${err instanceof Error ? err.message : String(err)}`);
        });
      };
      tick();
      scheduler = setInterval(tick, schedulerIntervalMs ?? PERIODIC_INTERVAL_MS);
      scheduler.unref();
    }

    const api = createApp({ services: () => services, clientIp: nodeClientIp(config.trustProxy) });
    const web = createWebApp({
      rootDir: rootDir ?? REPO_ROOT,
      remotes: { customer: config.remoteCustomerUrl, admin: config.remoteAdminUrl, amazon: config.remoteAmazonUrl },
    });

    const fetch = (request: Request, env: HttpBindings | Http2Bindings) => {
      const { pathname } = new URL(request.url);
      return pathname === '/api' || pathname.startsWith('/api/') ? api.fetch(request, env) : web.fetch(request, env);
    };

    const info = await new Promise<AddressInfo>((resolve, reject) => {
      const s = serve({ fetch, port: config.port, ...(config.host ? { hostname: config.host } : {}) }, resolve);
      s.once('error', reject);
      server = s;
    });

    const host = !config.host || config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${info.port}`;

    let closing: Promise<void> | undefined;
    const close = () => {
      closing ??= (async () => {
        if (scheduler) clearInterval(scheduler);
        node.onEnqueue.current = undefined;
        await new Promise<void>((resolve) => {
          if (!server) return resolve();
          server.close(() => resolve());
          if ('closeIdleConnections' in server) server.closeIdleConnections();
        });
        await runner?.stop();
        database.close();
      })();
      return closing;
    };
    return { url, port: info.port, config, services, close };
  } catch (err) {
    if (scheduler) clearInterval(scheduler);
    await runner?.stop();
    server?.close();
    database.close();
    throw err;
  }
}

import { Worker } from 'node:worker_threads';
import type { ProviderKind } from '@labeldesk/contracts';
import type { GreenfieldConfig } from '../../adapters/btcpay/greenfield-processor';
import type { AppConfig } from '../../env';
import type { Logger, LogLevel, LogSink } from '../../lib/logger';
import type { TestSandbox } from '../../ports/label-provider';

/** Everything the job thread builds its services from: plain data (a thread gets a structured clone, no functions). */
export interface JobThreadData {
  dataDir: string;
  /** The server's final app config (public URL, secrets' settings, breaker, webhooks ...). */
  config: AppConfig;
  providerKeySecret: string;
  apiKeySecret: string;
  allowPrivateProviderUrls: boolean;
  trustedProviderBaseUrls: readonly string[];
  kindSandboxBaseUrls: Partial<Record<ProviderKind, readonly string[]>>;
  testSandboxes: Partial<Record<ProviderKind, TestSandbox>>;
  providerTimeoutMs?: number;
  marketplaceBaseUrl?: string;
  /** SMTP_URL or the embedded mail sandbox's; absent: mail jobs fail as not configured. */
  smtp?: { url: string; from: string };
  /** The BTCPay Server (or the embedded sandbox, over this server's port) the payments jobs ask. */
  payments?: Omit<GreenfieldConfig, 'fetch'>;
  runner: { concurrency?: number; laneConcurrency?: number; pollIntervalMs?: number };
}

/** What the thread posts: its log lines, and when its runner is up. */
export type JobThreadEvent = { type: 'log'; level: LogLevel; line: string } | { type: 'ready'; threadId: number };

/** What the server posts: work was queued, or stop. */
export type JobThreadCommand = { type: 'wake' } | { type: 'stop' };

export interface JobThread {
  /** Work was queued: the thread looks for it now instead of at its next poll. */
  wake(): void;
  /** Stops the runner (it waits for the jobs in hand), closes the thread's stores, then ends the thread. */
  stop(): Promise<void>;
  /** The thread's id once its runner has started; fails if the first thread ends before that. */
  readonly ready: Promise<number>;
}

/** How long after an unexpected exit the thread is started again (the restart takes up the jobs it left running). */
const RESTART_AFTER_MS = 1_000;

/**
 * The Node job runner on a worker thread of its own, so the server's event loop only serves requests: every libSQL
 * call is synchronous, and a bulk order's rows (two commits each, thousands of them) would otherwise take turns with
 * the HTTP requests of every other customer. The thread opens its own connection to the same WAL database file and
 * builds its own services (job-thread-entry.ts); the `jobs` table stays the queue, so an enqueue is as durable as
 * before, and `wake` makes the thread look at once. Its log lines come back here to the server's sink. If the thread
 * dies, it is started again after RESTART_AFTER_MS and takes up the jobs it left running.
 */
export function startJobThread(opts: { data: JobThreadData; sink: LogSink; log: Logger }): JobThread {
  const log = opts.log.child({ component: 'jobs' });
  const url = new URL('./job-thread-boot.mjs', import.meta.url);
  let worker: Worker | undefined;
  let stopping = false;
  let restartTimer: ReturnType<typeof setTimeout> | undefined;
  let exited: Promise<void> = Promise.resolve();
  let markReady: (threadId: number) => void = () => {};
  let markFailed: (err: Error) => void = () => {};
  const ready = new Promise<number>((resolve, reject) => {
    markReady = resolve;
    markFailed = reject;
  });
  ready.catch(() => {});

  function spawn(): void {
    const w = new Worker(url, { workerData: opts.data });
    worker = w;
    exited = new Promise<void>((resolve) => {
      w.once('exit', (code) => {
        if (worker === w) worker = undefined;
        resolve();
        markFailed(new Error(`the job thread stopped before its runner started (exit code ${code})`));
        if (stopping) return;
        log.error('jobs.thread_exited', { code, restartInMs: RESTART_AFTER_MS });
        restartTimer = setTimeout(() => {
          restartTimer = undefined;
          if (!stopping) spawn();
        }, RESTART_AFTER_MS);
        restartTimer.unref();
      });
    });
    w.on('message', (event: JobThreadEvent) => {
      if (event.type === 'log') opts.sink(event.level, event.line);
      else if (event.type === 'ready') markReady(event.threadId);
    });
    w.on('error', (err) => log.error('jobs.thread_failed', { err }));
  }

  const post = (command: JobThreadCommand) => worker?.postMessage(command);
  spawn();
  return {
    wake: () => post({ type: 'wake' }),
    async stop() {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      restartTimer = undefined;
      post({ type: 'stop' });
      // The thread ends itself once its runner and stores are closed.
      await exited;
    },
    ready,
  };
}

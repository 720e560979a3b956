import { parentPort, threadId, workerData } from 'node:worker_threads';
import { greenfieldProcessor } from '../../adapters/btcpay/greenfield-processor';
import { smtpMailer } from '../../adapters/mail/smtp-mailer';
import { localJobRunner } from '../../adapters/node/local-job-runner';
import type { Services } from '../../env';
import { createLogger } from '../../lib/logger';
import { unconfiguredPaymentProcessor } from '../../ports/payment-processor';
import type { JobThreadCommand, JobThreadData, JobThreadEvent } from './job-thread';
import { createNodeServices } from './services';

/**
 * Runs in the job thread (started by job-thread.ts): builds the thread's own services over a second connection to the
 * server's database, runs the local job runner there, and answers the server's wake and stop. Every log line goes
 * to the server's sink, marked `"thread":"jobs"`.
 */
async function main(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('job-thread-entry runs in a worker thread only');
  const data = workerData as JobThreadData;
  const post = (event: JobThreadEvent) => port.postMessage(event);
  const log = createLogger({ sink: (level, line) => post({ type: 'log', level, line }), bindings: { thread: 'jobs' } });
  const mailer = data.smtp ? smtpMailer(data.smtp) : undefined;
  const { config } = data;
  const node = await createNodeServices({
    dataDir: data.dataDir,
    secondaryDatabase: true,
    blobWritesHere: true,
    jwtSecret: config.jwtSecret,
    jwtTtlSeconds: config.jwtTtlSeconds,
    supportEmail: config.supportEmail,
    providerKeySecret: data.providerKeySecret,
    apiKeySecret: data.apiKeySecret,
    allowPrivateProviderUrls: data.allowPrivateProviderUrls,
    trustedProviderBaseUrls: () => data.trustedProviderBaseUrls,
    kindSandboxBaseUrls: () => data.kindSandboxBaseUrls,
    testSandboxes: () => data.testSandboxes,
    ...(data.providerTimeoutMs === undefined ? {} : { providerTimeoutMs: data.providerTimeoutMs }),
    marketplaceBaseUrl: () => data.marketplaceBaseUrl,
    log,
    ...(mailer ? { mailer } : {}),
  });
  const services: Services = {
    ...node.services,
    config,
    payments: data.payments ? greenfieldProcessor(data.payments) : unconfiguredPaymentProcessor,
  };
  const runner = localJobRunner({
    services,
    ...data.runner,
    // The server owns the database and runs no jobs itself: what a dead thread or process left running is ours.
    reclaimOnStart: true,
  });
  node.onEnqueue.current = () => runner.wake();

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      node.onEnqueue.current = undefined;
      await runner.stop();
      mailer?.close();
      await node.background.settled();
      await node.blobs.close();
      await node.database.close();
    })();
    return stopping;
  };
  port.on('message', (command: JobThreadCommand) => {
    if (command.type === 'wake') runner.wake();
    else if (command.type === 'stop') {
      stop().then(
        () => process.exit(0),
        (err: unknown) => {
          log.error('jobs.thread_stop_failed', { err });
          process.exit(1);
        },
      );
    }
  });
  runner.start();
  post({ type: 'ready', threadId });
}

main().catch((err: unknown) => {
  // The server logs the exit and starts the thread again.
  parentPort?.postMessage({
    type: 'log',
    level: 'error',
    line: JSON.stringify({
      time: new Date().toISOString(),
      level: 'error',
      msg: 'jobs.thread_start_failed',
      thread: 'jobs',
      err: err instanceof Error ? err.message : String(err),
    }),
  } satisfies JobThreadEvent);
  process.exit(1);
});

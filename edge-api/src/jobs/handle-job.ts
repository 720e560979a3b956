import type { Services } from '../env';
import type { JobMessage, JobOutcome } from '../ports/job-queue';
import { recheckCryptoInvoices } from '../use-cases/crypto/recheck-crypto-invoices';
import { purgeFinishedJobs } from './purge-finished-jobs';
import { purgeWebhookDeliveries, WEBHOOK_DELIVERY_RETENTION_MS } from './purge-webhook-deliveries';

/**
 * The one job dispatcher, shared by the Workers queue consumer and the Node local runner. Returns ack (done) or retry
 * (the consumer backs off); a thrown error counts as a retry too.
 */
export async function handleJob(services: Services, message: JobMessage): Promise<JobOutcome> {
  switch (message.type) {
    case 'maintenance.purge': {
      await purgeFinishedJobs(services, message.olderThanMs);
      await purgeWebhookDeliveries(services, WEBHOOK_DELIVERY_RETENTION_MS);
      return { kind: 'ack' };
    }
    case 'crypto.recheck': {
      const summary = await recheckCryptoInvoices(services, { maxAgeMs: message.maxAgeMs });
      if (summary.unavailable > 0) {
        return { kind: 'retry', reason: `payment processor unavailable for ${summary.unavailable} invoice(s)` };
      }
      return { kind: 'ack' };
    }
    default: {
      const unknown: never = message;
      return { kind: 'retry', reason: `no handler for job type ${(unknown as { type: string }).type}` };
    }
  }
}

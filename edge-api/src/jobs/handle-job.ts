import type { Services } from '../env';
import type { JobMessage, JobOutcome } from '../ports/job-queue';
import { purgeFinishedJobs } from './purge-finished-jobs';

/**
 * The one job dispatcher, shared by the Workers queue consumer and the Node local runner. Returns ack (done) or retry
 * (the consumer backs off); a thrown error counts as a retry too.
 */
export async function handleJob(services: Services, message: JobMessage): Promise<JobOutcome> {
  switch (message.type) {
    case 'maintenance.purge': {
      await purgeFinishedJobs(services, message.olderThanMs);
      return { kind: 'ack' };
    }
    default: {
      const unknown: never = message.type;
      return { kind: 'retry', reason: `no handler for job type ${String(unknown)}` };
    }
  }
}

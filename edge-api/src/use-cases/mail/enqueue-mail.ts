import type { Services } from '../../env';
import { newId } from '../../lib/ids';
import type { MailJob } from '../../ports/job-queue';

/**
 * Hands a mail to the job queue (`mail.send`, retried with backoff by the queue) and never throws: a mail that cannot
 * even be queued is logged, and the action that wanted it still succeeds.
 */
export async function enqueueMail(services: Services, mail: MailJob): Promise<void> {
  try {
    await services.queue.send({ type: 'mail.send', jobId: newId('mail'), mail });
  } catch (err) {
    services.log.error('mail.enqueue_failed', { template: mail.template, err });
  }
}

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestServices, testServices } from '../adapters/node/test-support';
import { webhookDeliveries } from '../db/schema';
import { handleJob } from './handle-job';
import { WEBHOOK_DELIVERY_RETENTION_MS } from './purge-webhook-deliveries';
import { PERIODIC_CRON, periodicJobs } from './schedule';

describe('periodic money jobs', () => {
  let t: TestServices;
  beforeEach(async () => {
    t = await testServices(new Date('2026-06-01T00:00:00.000Z'));
  });
  afterEach(() => t.cleanup());

  it('every cron tick re-checks crypto top-ups of the last 48 hours', () => {
    const jobs = periodicJobs(PERIODIC_CRON);
    expect(jobs.map((j) => j.type)).toEqual(
      expect.arrayContaining(['maintenance.purge', 'crypto.recheck', 'tracking.refresh']),
    );
    expect(jobs.find((j) => j.type === 'tracking.refresh')).toMatchObject({ limit: 100 });
    expect(jobs[1]).toMatchObject({ type: 'crypto.recheck', maxAgeMs: 48 * 3600_000 });
    expect(periodicJobs('0 3 * * *')).toEqual([]);
  });

  it('a re-check with nothing pending needs no processor and is done', async () => {
    // The test services have no processor configured: any call to it would fail and ask for a retry.
    expect(await handleJob(t.services, { type: 'crypto.recheck', jobId: 'job_1', maxAgeMs: 1000 })).toEqual({
      kind: 'ack',
    });
  });

  it('the maintenance purge forgets webhook delivery ids after 30 days', async () => {
    const at = (msAgo: number) => new Date(t.clock.now().getTime() - msAgo).toISOString();
    await t.services.db.insert(webhookDeliveries).values([
      {
        deliveryId: 'old',
        eventType: 'InvoiceSettled',
        invoiceId: 'i',
        outcome: 'credited',
        receivedAt: at(WEBHOOK_DELIVERY_RETENTION_MS + 1),
      },
      { deliveryId: 'recent', eventType: 'InvoiceSettled', invoiceId: 'i', outcome: 'duplicate', receivedAt: at(1000) },
    ]);
    await handleJob(t.services, { type: 'maintenance.purge', jobId: 'job_2', olderThanMs: 1000 });
    const left = await t.services.db.select({ id: webhookDeliveries.deliveryId }).from(webhookDeliveries);
    expect(left).toEqual([{ id: 'recent' }]);
  });
});

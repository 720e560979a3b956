import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestServices, testServices } from '../adapters/node/test-support';
import { users, webhookAttempts, webhookDeliveries, webhookEndpoints, webhookMessages } from '../db/schema';
import { handleJob } from './handle-job';
import { WEBHOOK_DELIVERY_RETENTION_MS } from './purge-webhook-deliveries';
import { WEBHOOK_MESSAGE_RETENTION_MS } from './purge-webhook-messages';
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

  it('the maintenance purge removes outbound webhook events older than 30 days with their attempts', async () => {
    const at = (msAgo: number) => new Date(t.clock.now().getTime() - msAgo).toISOString();
    const now = at(0);
    await t.services.db.insert(users).values({
      id: 'usr_hooks',
      name: 'Hooks',
      email: 'hooks@example.com',
      passwordHash: 'x',
      createdAt: now,
      updatedAt: now,
    });
    await t.services.db.insert(webhookEndpoints).values({
      id: 'whe_1',
      userId: 'usr_hooks',
      livemode: true,
      url: 'https://hooks.example.com/in',
      events: '["order.created"]',
      secretSealed: 'sealed',
      createdAt: now,
      updatedAt: now,
    });
    const message = (id: string, msAgo: number) => ({
      id,
      userId: 'usr_hooks',
      livemode: true,
      type: 'order.created',
      payload: '{}',
      createdAt: at(msAgo),
    });
    const attempt = (messageId: string, n: number) => ({
      id: `wha_${messageId}_${n}`,
      jobId: `whd_${messageId}_whe_1_${n}`,
      messageId,
      endpointId: 'whe_1',
      attempt: n,
      trigger: 'scheduled',
      attemptedAt: now,
      succeeded: n === 2,
      latencyMs: 5,
    });
    // More old events than one purge chunk, each with two attempts; and one a day old that must stay.
    const old = Array.from({ length: 150 }, (_, i) => `msg_old_${String(i).padStart(3, '0')}`);
    for (const id of old)
      await t.services.db.insert(webhookMessages).values(message(id, WEBHOOK_MESSAGE_RETENTION_MS + 60_000));
    await t.services.db.insert(webhookMessages).values(message('msg_recent', 86_400_000));
    for (const id of [...old, 'msg_recent']) {
      await t.services.db.insert(webhookAttempts).values([attempt(id, 1), attempt(id, 2)]);
    }

    await handleJob(t.services, { type: 'maintenance.purge', jobId: 'job_3', olderThanMs: 1000 });
    expect(await t.services.db.select({ id: webhookMessages.id }).from(webhookMessages)).toEqual([
      { id: 'msg_recent' },
    ]);
    const attempts = await t.services.db.select({ id: webhookAttempts.messageId }).from(webhookAttempts);
    expect(attempts).toEqual([{ id: 'msg_recent' }, { id: 'msg_recent' }]);
  });
});

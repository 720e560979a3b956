import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InStatement, ResultSet } from '@libsql/client';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localJobRunner } from '../../adapters/node/local-job-runner';
import { insertTestUser, type TestServices, testServices } from '../../adapters/node/test-support';
import { jobs, webhookAttempts, webhookMessages } from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { createWebhookEndpoint } from './create-webhook-endpoint';
import { scheduledDeliveryJobId } from './webhook-outbox';

/** A delivery job on the Node runner: what it writes, and when. */

describe('deliverWebhook on the Node runner', () => {
  let t: TestServices;
  let receiver: Server;
  let status = 200;
  /** Statements the database ran one by one (not in a batch) since the receiver got the request. */
  let after: string[] | undefined;

  beforeEach(async () => {
    t = await testServices(new Date('2026-03-01T12:00:00.000Z'));
    t.services = {
      ...t.services,
      config: { ...t.services.config, webhooks: { allowPrivateUrls: true, retryScheduleSeconds: [0, 5] } },
    };
    after = undefined;
    receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        after = [];
        res.writeHead(status).end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const client = t.database.client;
    const execute = client.execute.bind(client) as (stmt: InStatement) => Promise<ResultSet>;
    client.execute = (async (stmt: InStatement) => {
      after?.push(typeof stmt === 'string' ? stmt : stmt.sql);
      return execute(stmt);
    }) as typeof client.execute;
  });
  afterEach(async () => {
    await new Promise((r) => receiver.close(r));
    await t.cleanup();
  });

  async function queuedDelivery() {
    const { services } = t;
    const user = await insertTestUser(services);
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const endpoint = await createWebhookEndpoint(services, {
      userId: user.id,
      livemode: true,
      request: { url, events: ['balance.credited'] },
    });
    const messageId = 'msg_unit';
    const now = services.clock.now().toISOString();
    await services.db.insert(webhookMessages).values({
      id: messageId,
      userId: user.id,
      livemode: true,
      type: 'balance.credited',
      payload: JSON.stringify({ id: messageId, type: 'balance.credited', created_at: now, livemode: true, data: {} }),
      createdAt: now,
      dispatchedAt: now,
    });
    const jobId = scheduledDeliveryJobId(messageId, endpoint.id, 1);
    await services.queue.send({
      type: 'webhooks.deliver',
      jobId,
      messageId,
      endpointId: endpoint.id,
      attempt: 1,
      trigger: 'scheduled',
    });
    return { jobId, messageId, endpointId: endpoint.id };
  }

  const runner = () => localJobRunner({ services: t.services, log: createLogger({ sink: () => {} }) });
  const jobRow = async (id: string) => (await t.services.db.select().from(jobs).where(eq(jobs.id, id)))[0];

  it('a success records its attempt and ends its job in one commit: the runner writes the job no more', async () => {
    const { jobId } = await queuedDelivery();
    expect(await runner().runOnce()).toBe(true);
    expect(await jobRow(jobId)).toMatchObject({ status: 'done', attempts: 1, lockedUntil: null });
    const [attempt] = await t.services.db.select().from(webhookAttempts).where(eq(webhookAttempts.jobId, jobId));
    expect(attempt).toMatchObject({ succeeded: true, responseStatus: 200, attempt: 1 });
    expect(after).toBeDefined();
    expect(after?.filter((q) => /update "jobs"/i.test(q))).toEqual([]);
  });

  it('a failure queues the next attempt (same webhook-id) before its job is done', async () => {
    status = 500;
    const { jobId, messageId, endpointId } = await queuedDelivery();
    expect(await runner().runOnce()).toBe(true);
    expect(await jobRow(jobId)).toMatchObject({ status: 'done', attempts: 1 });
    const next = await jobRow(scheduledDeliveryJobId(messageId, endpointId, 2));
    expect(next).toMatchObject({ status: 'queued', type: 'webhooks.deliver' });
    expect(JSON.parse(next?.payload ?? '{}')).toMatchObject({ messageId, attempt: 2 });
    status = 200;
  });
});

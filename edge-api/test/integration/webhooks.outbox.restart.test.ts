import { ApiKeyResponse, AuthResponse } from '@labeldesk/contracts';
import type { Client } from '@libsql/client';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { call } from './helpers';
import { type MainOnDisk, mainOnDisk } from './node-process-support';
import { at, type Received, type Receiver, startReceiver } from './webhooks-support';

const ADMIN = { email: 'admin@outbox-restart.test', password: 'outbox-restart-admin-password' };
const WAIT = { timeout: 60_000, interval: 100 };

type CreditEvent = {
  id: string;
  type: string;
  livemode: boolean;
  data: { transactionId: string; amount: number; balance: number };
};

/**
 * The webhook outbox across a crash: the event is written by the very batch that credits the balance, and the delivery
 * jobs are queued after that commit. Here the queueing fails (a trigger in the database refuses delivery jobs, as a
 * queue that is down or a process killed at that instant would lose them), then the process is killed with SIGKILL.
 * The credit and its event are both committed; the restarted process's relay queues the event, and the receiver gets
 * it, signed, with the id and the amounts that were committed.
 */
describe('a webhook event across a lost enqueue and a SIGKILL', () => {
  let main: MainOnDisk | undefined;
  let receiver: Receiver | undefined;
  let db: Client | undefined;
  afterAll(async () => {
    db?.close();
    await main?.dispose();
    await receiver?.close();
  });

  it('the committed event is delivered after the restart, once, with the committed figures', async () => {
    receiver = await startReceiver();
    main = await mainOnDisk('labeldesk-outbox-kill-', {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ALLOW_PRIVATE_WEBHOOK_URLS: 'true',
    });
    const server = { url: (await main.start()).url };
    const admin = AuthResponse.parse((await call(server, 'POST', '/api/auth/login', { json: ADMIN })).body).token;
    const buyer = AuthResponse.parse(
      (
        await call(server, 'POST', '/api/auth/register', {
          json: { name: 'Outbox Buyer', email: 'outbox-buyer@example.com', password: 'pw-123456' },
        })
      ).body,
    );
    const keys = ApiKeyResponse.parse((await call(server, 'GET', '/api/user/api-key', { token: buyer.token })).body);
    const created = await call(server, 'POST', '/api/v1/webhook-endpoints', {
      headers: { 'x-api-key': `Bearer ${keys.apiKey}` },
      json: { url: receiver.url('/credits'), events: ['balance.credited'] },
    });
    expect(created.status, created.text).toBe(201);
    const secret = (created.body as { data: { secret: string } }).data.secret;

    // The queue loses every delivery job from now on.
    db = main.openDb();
    await db.execute(`CREATE TRIGGER lose_delivery_jobs BEFORE INSERT ON jobs WHEN NEW.type = 'webhooks.deliver'
      BEGIN SELECT RAISE(ABORT, 'queue unavailable (test)'); END`);

    const credited = await call(server, 'PATCH', `/api/admin/users/${buyer.user._id}/balance`, {
      token: admin,
      json: { mode: 'add', amount: 12.34, reason: 'outbox test' },
    });
    expect(credited.status, credited.text).toBe(200);

    // The credit and its event are committed together; no delivery job exists, so nothing can be delivered.
    const written = await db.execute({
      sql: `SELECT m.id, m.dispatched_at, m.payload,
          (SELECT id FROM ledger_entries WHERE user_id = m.user_id AND method = 'admin_adjustment') AS entry,
          (SELECT COUNT(*) FROM jobs WHERE type = 'webhooks.deliver') AS jobs
        FROM webhook_messages m WHERE m.user_id = ? AND m.type = 'balance.credited'`,
      args: [buyer.user._id],
    });
    expect(written.rows).toHaveLength(1);
    const message = written.rows[0] as unknown as {
      id: string;
      dispatched_at: string | null;
      payload: string;
      entry: string;
      jobs: number;
    };
    expect(message).toMatchObject({ dispatched_at: null, jobs: 0 });

    await main.stop('SIGKILL');
    await db.execute('DROP TRIGGER lose_delivery_jobs');

    await main.start();
    await vi.waitFor(() => expect(at(receiver as Receiver, '/credits')).toHaveLength(1), WAIT);
    const request = at(receiver, '/credits')[0] as Received;
    expect(request.headers['webhook-id']).toBe(message.id);
    expect(request.body).toBe(message.payload);
    const event = new Webhook(secret).verify(request.body, {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    }) as CreditEvent;
    expect(event).toMatchObject({
      id: message.id,
      type: 'balance.credited',
      livemode: true,
      data: { transactionId: message.entry, amount: 12.34, balance: 12.34 },
    });

    // Queued once: the message is marked, one job was made for it, and one attempt recorded.
    await vi.waitFor(async () => {
      const after = await db?.execute({
        sql: `SELECT m.dispatched_at,
            (SELECT COUNT(*) FROM jobs WHERE type = 'webhooks.deliver') AS jobs,
            (SELECT COUNT(*) FROM webhook_attempts WHERE message_id = m.id AND succeeded = 1) AS delivered
          FROM webhook_messages m WHERE m.id = ?`,
        args: [message.id],
      });
      expect(after?.rows[0]).toMatchObject({ jobs: 1, delivered: 1 });
      expect(after?.rows[0]?.dispatched_at).not.toBeNull();
    }, WAIT);
    expect(at(receiver, '/credits')).toHaveLength(1);
  }, 240_000);
});

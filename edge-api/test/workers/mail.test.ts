import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import type { ErrorBody } from '@labeldesk/contracts';
import { describe, expect, inject, it } from 'vitest';
import deployed from '../../src/entries/worker/index';
import { JOBS_QUEUE } from '../../src/entries/worker/queue-consumer';
import type { JobMessage } from '../../src/ports/job-queue';
import type { ReceivedEmail } from './node/resend-stand-in';
import { fetchWorkerWith, type WorkerRequest } from './support/http';

/**
 * Password reset inside workerd: Forgot Password queues a `mail.send` job (captured here), the deployed queue consumer
 * renders it and sends it through the Resend adapter (workerd's fetch) to a loopback stand-in of Resend's API, and the
 * link's token resets the password on D1. A 503 from Resend retries the message; the retry sends it.
 */
const resend = inject('resend');
const sent: JobMessage[] = [];
const capturingQueue = {
  async send(body: JobMessage) {
    sent.push(body);
  },
  async sendBatch(messages: { body: JobMessage }[]) {
    for (const m of messages) sent.push(m.body);
  },
};
const mailEnv = {
  ...env,
  RESEND_API_KEY: resend.apiKey,
  RESEND_API_URL: resend.url,
  MAIL_FROM: 'LabelDesk <no-reply@labeldesk.example>',
  PUBLIC_URL: 'https://app.labeldesk.example',
  JOBS: capturingQueue,
} as unknown as Env;

let ip = 0;
function fetchWorker(path: string, opts: Omit<WorkerRequest, 'ip'> = {}) {
  ip += 1;
  return fetchWorkerWith(mailEnv, path, { ...opts, ip: `192.0.2.${ip}` });
}

async function deliver(message: JobMessage, attempts = 1) {
  const batch = createMessageBatch(JOBS_QUEUE, [
    { id: `m-${attempts}-${message.jobId}`, timestamp: new Date(), attempts, body: message },
  ]) as MessageBatch<JobMessage>;
  const ctx = createExecutionContext();
  await deployed.queue(batch, mailEnv, ctx);
  return getQueueResult(batch, ctx);
}

async function received(): Promise<ReceivedEmail[]> {
  return (await (await fetch(`${resend.url}/_received`)).json()) as ReceivedEmail[];
}

describe('password reset on Workers (Resend adapter, D1)', () => {
  it('mails a reset link through Resend from the queue, retries a 503, and the token resets the password once', async () => {
    const email = 'wren@example.com';
    const reg = await fetchWorker('/api/auth/register', {
      json: { name: 'Wren', email, password: 'wren-first-pass-phrase' },
    });
    expect(reg.status).toBe(201);

    const asked = await fetchWorker('/api/auth/forgot-password', { json: { email } });
    expect(asked.status).toBe(200);
    const unknown = await fetchWorker('/api/auth/forgot-password', { json: { email: 'nobody@example.com' } });
    expect([unknown.status, await unknown.text()]).toEqual([200, await asked.text()]);
    // Registration queued its verification mail; the two Forgot Password requests queued one reset job each.
    const mailJobs = sent.filter((m) => m.type === 'mail.send');
    expect(mailJobs.map((m) => m.mail.template)).toEqual(['email-verification', 'password-reset', 'password-reset']);
    const jobs = mailJobs.filter((m) => m.mail.template === 'password-reset');
    expect(jobs).toHaveLength(2);
    const [job] = jobs as [JobMessage, JobMessage];

    // Resend is down for the first attempt: the consumer asks the queue to retry, nothing was sent.
    await fetch(`${resend.url}/_fail`, {
      method: 'POST',
      body: JSON.stringify({ status: 503, name: 'internal_server_error' }),
    });
    const first = await deliver(job, 1);
    expect(first.retryMessages).toHaveLength(1);
    expect((await received()).filter((m) => m.to.includes(email))).toEqual([]);

    const second = await deliver(job, 2);
    expect(second.retryMessages).toEqual([]);
    expect(second.explicitAcks).toHaveLength(1);
    const mails = (await received()).filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(1);
    const mail = mails[0] as ReceivedEmail;
    expect(mail).toMatchObject({
      from: 'LabelDesk <no-reply@labeldesk.example>',
      to: [email],
      subject: 'Reset your LabelDesk password',
      idempotencyKey: job.jobId,
    });
    expect(mail.html).toContain('https://app.labeldesk.example/auth/reset-password?token=');
    const token = /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1] ?? '';
    expect(token).toHaveLength(43);

    // Only the token's hash is in D1.
    const row = await env.DB.prepare('SELECT token_hash FROM password_reset_tokens').first<{ token_hash: string }>();
    expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.token_hash).not.toContain(token);

    // The unknown address's job sends nothing and is done.
    const before = (await received()).length;
    const none = await deliver(jobs[1] as JobMessage, 1);
    expect(none.explicitAcks).toHaveLength(1);
    expect((await received()).length).toBe(before);

    const done = await fetchWorker('/api/auth/reset-password', {
      json: { token, password: 'wren-second-pass-phrase' },
    });
    expect(done.status, await done.clone().text()).toBe(200);
    const again = await fetchWorker('/api/auth/reset-password', {
      json: { token, password: 'wren-third-pass-phrase' },
    });
    expect(again.status).toBe(400);
    expect(((await again.json()) as ErrorBody).error.message).toContain('already been used');

    const login = await fetchWorker('/api/auth/login', { json: { email, password: 'wren-second-pass-phrase' } });
    expect(login.status).toBe(200);
  });

  it('a mail Resend refuses for good (422) is not retried', async () => {
    await fetch(`${resend.url}/_fail`, {
      method: 'POST',
      body: JSON.stringify({ status: 422, name: 'validation_error' }),
    });
    const reg = await fetchWorker('/api/auth/register', {
      json: { name: 'Yara', email: 'yara@example.com', password: 'yara-first-pass-phrase' },
    });
    expect(reg.status).toBe(201);
    const result = await deliver({
      type: 'mail.send',
      jobId: 'mail_refused',
      mail: { template: 'password-reset', email: 'yara@example.com' },
    });
    expect(result.retryMessages).toEqual([]);
    expect(result.explicitAcks).toHaveLength(1);
    expect((await received()).filter((m) => m.to.includes('yara@example.com'))).toEqual([]);
  });
});

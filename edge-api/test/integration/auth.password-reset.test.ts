import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixedClock } from '../../src/ports/clock';
import { call, errorOf, login, register, startTestServer, type TestServer } from './helpers';

interface SandboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

const FORGOT_ANSWER = {
  message: 'If an account exists for that email, we sent a link to reset its password. It works for 30 minutes.',
};

/**
 * Password reset end to end through the embedded mail sandbox: the mail is sent by the job queue over real SMTP to the
 * sandbox on loopback and read back over HTTP at /sandbox/mail/messages, the way a person trying LabelDesk reads it.
 */
describe('auth: password reset through the mail sandbox', () => {
  let server: TestServer;
  const clock = fixedClock(new Date());
  let n = 0;
  beforeAll(async () => {
    server = await startTestServer({ clock, trustProxy: 1, jobPollIntervalMs: 50 });
  });
  afterAll(() => server.stop());

  /** A fresh client address per call, so the per-address limits of one test do not leak into the next. */
  function from() {
    n += 1;
    return { 'X-Forwarded-For': `203.0.113.${n}` };
  }

  async function newCustomer(name: string) {
    const email = `${name}@example.com`;
    const password = `${name}-first-pass-phrase`;
    const session = await register(server, { name, email, password }, from());
    return { email, password, token: session.token };
  }

  /** The reset mails in the sandbox (registration also mails a verification link, which these tests leave aside). */
  async function inbox(): Promise<SandboxMessage[]> {
    const res = await call(server, 'GET', '/sandbox/mail/messages');
    expect(res.status).toBe(200);
    return (res.body as { messages: SandboxMessage[] }).messages.filter(
      (m) => m.subject === 'Reset your LabelDesk password',
    );
  }

  /** Waits for the n-th mail to this address and returns it with the token of its reset link. */
  async function resetMail(to: string, count = 1) {
    const mail = await vi.waitFor(
      async () => {
        const mine = (await inbox()).filter((m) => m.to === to);
        if (mine.length < count) throw new Error(`${mine.length} mail(s) to ${to} so far`);
        return mine[0] as SandboxMessage;
      },
      { timeout: 20_000, interval: 100 },
    );
    const link = new RegExp(`http://localhost:${server.port}/auth/reset-password\\?token=([A-Za-z0-9_-]{43})`);
    const token = link.exec(mail.text)?.[1];
    expect(token, mail.text).toBeDefined();
    return { mail, token: token as string };
  }

  function forgot(email: string, headers = from()) {
    return call(server, 'POST', '/api/auth/forgot-password', { json: { email }, headers });
  }

  function reset(token: string, password: string) {
    return call(server, 'POST', '/api/auth/reset-password', { json: { token, password }, headers: from() });
  }

  it('mails a link that sets a new password once, signs every session out, and the old password stops working', async () => {
    const ada = await newCustomer('ada');
    const otherDevice = (await login(server, ada.email, ada.password)).token;

    const asked = await forgot('  ADA@example.com ');
    expect(asked.status, asked.text).toBe(200);
    expect(asked.body).toEqual(FORGOT_ANSWER);

    const { mail, token } = await resetMail(ada.email);
    expect(mail.subject).toBe('Reset your LabelDesk password');
    expect(mail.text).toContain('Hello ada,');
    expect(mail.text).toContain('30 minutes');
    expect(mail.text).toContain(`LabelDesk · http://localhost:${server.port}`);
    expect(mail.html).toContain(`href="http://localhost:${server.port}/auth/reset-password?token=${token}"`);
    expect(mail.html).toContain('LabelDesk');

    // The policy applies, and a refused password leaves the link usable.
    const weak = await reset(token, 'password');
    expect(weak.status).toBe(400);
    expect(errorOf(weak).error.details).toEqual([
      {
        path: 'password',
        message: 'This password is one of the 10,000 most common passwords. Please choose a less common one.',
      },
    ]);

    const done = await reset(token, 'a-brand-new-pass-phrase');
    expect(done.status, done.text).toBe(200);
    expect(done.body).toEqual({ message: 'Your password was changed. Please log in with the new password.' });

    // Every session of the account is gone.
    for (const t of [ada.token, otherDevice]) {
      const res = await call(server, 'GET', '/api/auth/verify', { token: t });
      expect(res.status).toBe(401);
    }
    const old = await call(server, 'POST', '/api/auth/login', { json: { email: ada.email, password: ada.password } });
    expect(old.status).toBe(401);
    await login(server, ada.email, 'a-brand-new-pass-phrase');

    // The link works once.
    const again = await reset(token, 'yet-another-pass-phrase');
    expect(again.status).toBe(400);
    expect(errorOf(again).error.message).toBe(
      'This password reset link has already been used. Please ask for a new one on the Forgot Password page.',
    );
    await login(server, ada.email, 'a-brand-new-pass-phrase');
  });

  it('answers an unknown address exactly like a known one and sends it nothing', async () => {
    await newCustomer('bob');
    const known = await forgot('bob@example.com');
    const unknown = await forgot('nobody-here@example.com');
    expect([unknown.status, unknown.text]).toEqual([known.status, known.text]);
    expect(unknown.body).toEqual(FORGOT_ANSWER);

    await resetMail('bob@example.com');
    // The unknown address's job ran too (it looked the account up and found none) and sent nothing.
    await vi.waitFor(() => expect(server.logs.some((l) => l.includes('"msg":"mail.skipped"'))).toBe(true), {
      timeout: 20_000,
      interval: 100,
    });
    expect((await inbox()).filter((m) => m.to === 'nobody-here@example.com')).toEqual([]);
  });

  it('refuses a link after 30 minutes, and a token it never issued', async () => {
    const cy = await newCustomer('cy');
    await forgot(cy.email);
    const { token } = await resetMail(cy.email);
    clock.advance(30 * 60_000 + 1000);
    const late = await reset(token, 'a-late-new-pass-phrase');
    expect(late.status).toBe(400);
    expect(errorOf(late).error.message).toBe(
      'This password reset link has expired. Please ask for a new one on the Forgot Password page.',
    );
    await login(server, cy.email, cy.password);

    const forged = await reset('A'.repeat(43), 'a-forged-new-pass-phrase');
    expect(forged.status).toBe(400);
    expect(errorOf(forged).error.message).toBe(
      'This password reset link is not valid. Please ask for a new one on the Forgot Password page.',
    );
  });

  it('still answers 200 when the mail transport fails, and the queue sends the mail on a later attempt', async () => {
    const dee = await newCustomer('dee');
    const mailSandbox = server.mail;
    if (!mailSandbox) throw new Error('the embedded mail sandbox should be on (no SMTP_URL)');
    // Registration's verification mail is out of the way first, so the refusal below meets the reset mail.
    await vi.waitFor(
      async () => {
        const res = await call(server, 'GET', '/sandbox/mail/messages');
        const all = (res.body as { messages: SandboxMessage[] }).messages;
        expect(all.some((m) => m.to === dee.email)).toBe(true);
      },
      { timeout: 20_000, interval: 100 },
    );
    const refusedBefore = mailSandbox.refused;
    mailSandbox.failNext(1);

    const asked = await forgot(dee.email);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual(FORGOT_ANSWER);

    // The first attempt was refused by the SMTP server (451) and is deferred, not lost.
    await vi.waitFor(() => expect(mailSandbox.refused).toBe(refusedBefore + 1), { timeout: 20_000, interval: 50 });
    await vi.waitFor(() => expect(server.logs.some((l) => l.includes('"msg":"mail.deferred"'))).toBe(true), {
      timeout: 20_000,
      interval: 50,
    });
    expect((await inbox()).filter((m) => m.to === dee.email)).toEqual([]);

    // The backoff (10 s) passes: the retry delivers, and its link works.
    clock.advance(11_000);
    const { token } = await resetMail(dee.email);
    expect((await reset(token, 'dee-second-pass-phrase')).status).toBe(200);
    await login(server, dee.email, 'dee-second-pass-phrase');
  });

  it('throttles Forgot Password per address typed, whatever the client address', async () => {
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push((await forgot('eve@example.com')).status);
    expect(answers).toEqual([200, 200, 200, 429]);
  });
});

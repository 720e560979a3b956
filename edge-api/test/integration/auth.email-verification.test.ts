import { AdminUserListResponse, EmailVerificationStatus } from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixedClock } from '../../src/ports/clock';
import { call, errorOf, login, loginAdmin, register, startTestServer, type TestServer } from './helpers';

interface SandboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

const SUBJECT = 'Verify your LabelDesk email address';

/**
 * Email verification end to end through the embedded mail sandbox: registration queues the mail, the job sends it over
 * SMTP to the sandbox, and the link's token is read back from /sandbox/mail/messages as a person would read it.
 */
describe('auth: email verification through the mail sandbox', () => {
  let server: TestServer;
  const clock = fixedClock(new Date());
  let n = 0;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer({ clock, trustProxy: 1, jobPollIntervalMs: 50 });
    admin = (await loginAdmin(server)).token;
  });
  afterAll(() => server.stop());

  function from() {
    n += 1;
    return { 'X-Forwarded-For': `203.0.113.${n}` };
  }

  async function newCustomer(name: string) {
    const email = `${name}@example.com`;
    const password = `${name}-first-pass-phrase`;
    const session = await register(server, { name, email, password }, from());
    return { email, password, token: session.token, user: session.user };
  }

  async function verificationMails(to: string): Promise<SandboxMessage[]> {
    const res = await call(server, 'GET', '/sandbox/mail/messages');
    expect(res.status).toBe(200);
    return (res.body as { messages: SandboxMessage[] }).messages.filter((m) => m.to === to && m.subject === SUBJECT);
  }

  /** Waits for the count-th verification mail to this address; the newest, with its link's token. */
  async function verificationMail(to: string, count = 1) {
    const mail = await vi.waitFor(
      async () => {
        const mine = await verificationMails(to);
        if (mine.length < count) throw new Error(`${mine.length} verification mail(s) to ${to} so far`);
        return mine[0] as SandboxMessage;
      },
      { timeout: 20_000, interval: 100 },
    );
    const link = new RegExp(`http://localhost:${server.port}/auth/verify-email\\?token=([A-Za-z0-9_-]{43})`);
    const token = link.exec(mail.text)?.[1];
    expect(token, mail.text).toBeDefined();
    return { mail, token: token as string };
  }

  async function status(token: string) {
    const res = await call(server, 'GET', '/api/auth/verify-email', { token });
    expect(res.status, res.text).toBe(200);
    return EmailVerificationStatus.parse(res.body);
  }

  async function adminListed(email: string) {
    const res = await call(server, 'GET', '/api/admin/users', { token: admin });
    expect(res.status).toBe(200);
    return AdminUserListResponse.parse(res.body).users.find((u) => u.email === email);
  }

  function verify(token: string) {
    return call(server, 'POST', '/api/auth/verify-email', { json: { token }, headers: from() });
  }

  it('registration mails a link; the link verifies the address once; the admin list and the user show it', async () => {
    const ada = await newCustomer('ada');
    // Signed in straight away, unverified, and not held back from anything.
    expect(ada.user.emailVerified).toBe(false);
    expect(await status(ada.token)).toEqual({ email: ada.email, verified: false, verifiedAt: null });
    expect((await adminListed(ada.email))?.emailVerified).toBe(false);
    expect((await call(server, 'GET', '/api/addresses', { token: ada.token })).status).toBe(200);

    const { mail, token } = await verificationMail(ada.email);
    expect(mail.text).toContain('Hello ada,');
    expect(mail.text).toContain('works once, for 24 hours');
    expect(mail.html).toContain(`/auth/verify-email?token=${token}`);
    expect(mail.text).toContain(`LabelDesk · http://localhost:${server.port}`);

    // No session needed: the link may be opened in another browser.
    const ok = await verify(token);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toEqual({ message: 'Your email address is verified. Thank you!', email: ada.email });

    const after = await status(ada.token);
    expect(after).toMatchObject({ email: ada.email, verified: true });
    expect(after.verifiedAt).toBe(clock.now().toISOString());
    expect((await adminListed(ada.email))?.emailVerified).toBe(true);
    expect((await login(server, ada.email, ada.password)).user.emailVerified).toBe(true);

    const again = await verify(token);
    expect(again.status).toBe(400);
    expect(errorOf(again).error).toEqual({
      code: 'invalid_input',
      message: 'This verification link has already been used.',
      details: [{ path: 'token', message: 'This verification link has already been used.' }],
    });
    // Verified: Resend sends nothing more.
    const resend = await call(server, 'POST', '/api/auth/verify-email/resend', { token: ada.token });
    expect(resend.status).toBe(409);
    expect(errorOf(resend).error.message).toBe('Your email address is already verified.');
  });

  it('an unknown or expired link is refused with a clear message and verifies nothing', async () => {
    const bob = await newCustomer('bob');
    const { token } = await verificationMail(bob.email);

    const unknown = await verify('A'.repeat(43));
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown).error.message).toBe(
      'This verification link is not valid. Send a new one from your dashboard.',
    );
    const empty = await verify('');
    expect(empty.status).toBe(400);
    expect(errorOf(empty).error.details[0]?.path).toBe('token');

    clock.advance(24 * 3_600_000 + 1000);
    const expired = await verify(token);
    expect(expired.status).toBe(400);
    expect(errorOf(expired).error.message).toBe(
      'This verification link has expired. Send a new one from your dashboard.',
    );
    expect((await status(bob.token)).verified).toBe(false);
  });

  it('Resend mails a new link, at most one a minute; using either link spends both', async () => {
    const cy = await newCustomer('cy');
    const first = await verificationMail(cy.email);

    const resend = () => call(server, 'POST', '/api/auth/verify-email/resend', { token: cy.token });
    const sent = await resend();
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toEqual({ message: 'We sent a new verification link to cy@example.com.' });
    const tooSoon = await resend();
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers.get('Retry-After'))).toBeGreaterThan(0);

    const second = await verificationMail(cy.email, 2);
    expect(second.token).not.toBe(first.token);
    // Nothing more was sent for the refused Resend.
    expect(await verificationMails(cy.email)).toHaveLength(2);

    expect((await verify(second.token)).status).toBe(200);
    const old = await verify(first.token);
    expect(old.status).toBe(400);
    expect(errorOf(old).error.message).toBe('This verification link has already been used.');
    expect((await status(cy.token)).verified).toBe(true);

    expect((await call(server, 'POST', '/api/auth/verify-email/resend')).status).toBe(401);
  });

  it('changing the email needs the password, asks for verification again, and the old address no longer signs in', async () => {
    const cal = await newCustomer('cal');
    const first = await verificationMail(cal.email);
    expect((await verify(first.token)).status).toBe(200);
    const bea = await newCustomer('bea');
    const change = (json: Record<string, unknown>) =>
      call(server, 'POST', '/api/auth/change-email', { token: cal.token, json, headers: from() });

    // Refused, and nothing changes: a wrong password, the address it already has, another account's address.
    const wrong = await change({ email: 'cal.new@example.com', password: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong).error.details).toEqual([{ path: 'password', message: 'Password is incorrect' }]);
    const same = await change({ email: ' CAL@example.com ', password: cal.password });
    expect(same.status).toBe(400);
    expect(errorOf(same).error.details).toEqual([{ path: 'email', message: 'That is already your email address' }]);
    const taken = await change({ email: bea.email, password: cal.password });
    expect(taken.status).toBe(409);
    expect(errorOf(taken).error.message).toBe('An account with this email already exists');
    expect((await status(cal.token)).email).toBe(cal.email);

    const ok = await change({ email: 'Cal.New@example.com', password: cal.password });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({
      message: 'Email changed to cal.new@example.com. Open the link we sent there to verify it.',
      user: { email: 'cal.new@example.com', emailVerified: false },
    });
    expect(await status(cal.token)).toEqual({ email: 'cal.new@example.com', verified: false, verifiedAt: null });
    expect((await adminListed('cal.new@example.com'))?.emailVerified).toBe(false);
    // The same session goes on; the new address signs in, the old one no longer does.
    expect((await call(server, 'GET', '/api/addresses', { token: cal.token })).status).toBe(200);
    expect((await login(server, 'cal.new@example.com', cal.password)).user.email).toBe('cal.new@example.com');
    const old = await call(server, 'POST', '/api/auth/login', {
      json: { email: cal.email, password: cal.password },
      headers: from(),
    });
    expect(old.status).toBe(401);

    // The new address gets its own link, which verifies it.
    const second = await verificationMail('cal.new@example.com');
    const verified = await verify(second.token);
    expect(verified.status, verified.text).toBe(200);
    expect((await status(cal.token)).verified).toBe(true);
  });
});

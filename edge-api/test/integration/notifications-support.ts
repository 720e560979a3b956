import { eq } from 'drizzle-orm';
import { vi } from 'vitest';
import { jobs } from '../../src/db/schema';
import { JobMessage, type MailJob } from '../../src/ports/job-queue';
import { call, type TestServer } from './helpers';

/** One mail as the sandbox shows it at GET /sandbox/mail/messages. */
export interface SandboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

export async function inbox(server: TestServer): Promise<SandboxMail[]> {
  const res = await call(server, 'GET', '/sandbox/mail/messages');
  if (res.status !== 200) throw new Error(`mail sandbox: ${res.status}`);
  return (res.body as { messages: SandboxMail[] }).messages;
}

/** The mails to `to` whose subject passes `subject`, oldest first. */
export async function mailsTo(server: TestServer, to: string, subject: (s: string) => boolean): Promise<SandboxMail[]> {
  return (await inbox(server)).filter((m) => m.to === to && subject(m.subject)).reverse();
}

/** Waits until `count` such mails arrived (the mail job runs in the background) and returns them, oldest first. */
export function waitForMails(
  server: TestServer,
  to: string,
  subject: (s: string) => boolean,
  count = 1,
): Promise<SandboxMail[]> {
  return vi.waitFor(
    async () => {
      const found = await mailsTo(server, to, subject);
      if (found.length < count) throw new Error(`${found.length} of ${count} mail(s) to ${to} so far`);
      return found;
    },
    { timeout: 20_000, interval: 100 },
  );
}

/**
 * The notification mails queued for a user (any state: queued, running, done). Notifications are queued before the
 * request that caused them answers, so right after the answer this is the whole story, with no waiting: how a test
 * proves that a mail was NOT sent.
 */
export async function mailJobsFor(server: TestServer, userId: string, template: MailJob['template']) {
  const rows = await server.services.db.select().from(jobs).where(eq(jobs.type, 'mail.send'));
  return rows
    .map((r) => JobMessage.parse(JSON.parse(r.payload)))
    .flatMap((m): MailJob[] => (m.type === 'mail.send' ? [m.mail] : []))
    .filter((m) => m.template === template && 'userId' in m && m.userId === userId);
}

import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Services } from '../../env';
import { mailTemplates, type RenderedMail } from '../../lib/mail-templates';
import type { MailJob } from '../../ports/job-queue';

/** The notification mails (issue 23): everything but the account mails, which make a token as they render. */
export type NotificationMail = Exclude<MailJob, { template: 'password-reset' | 'email-verification' }>;

const NOTIFICATION_TEMPLATES = new Set<MailJob['template']>([
  'bulk-order-finished',
  'deposit-credited',
  'low-balance',
  'label-refunded',
  'deposit-attention',
  'provider-circuit-opened',
]);

export function isNotificationMail(mail: MailJob): mail is NotificationMail {
  return NOTIFICATION_TEMPLATES.has(mail.template);
}

/** A notification for its user's current address and name; null when the account is gone. */
export async function renderNotification(
  services: Services,
  mail: NotificationMail,
): Promise<({ to: string } & RenderedMail) | null> {
  const [user] = await services.db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, mail.userId))
    .limit(1);
  if (!user) return null;
  const base = { publicUrl: services.config.publicUrl, name: user.name };
  const to = user.email;
  switch (mail.template) {
    case 'bulk-order-finished':
      return { to, ...mailTemplates.bulkOrderFinished({ ...base, ...mail }) };
    case 'deposit-credited':
      return { to, ...mailTemplates.depositCredited({ ...base, ...mail }) };
    case 'low-balance':
      return { to, ...mailTemplates.lowBalance({ ...base, ...mail }) };
    case 'label-refunded':
      return { to, ...mailTemplates.labelRefunded({ ...base, ...mail }) };
    case 'deposit-attention':
      return { to, ...mailTemplates.depositAttention({ ...base, ...mail }) };
    case 'provider-circuit-opened':
      return { to, ...mailTemplates.providerCircuitOpened({ ...base, ...mail }) };
    default: {
      const unknown: never = mail;
      throw new Error(`unknown notification template ${String((unknown as MailJob).template)}`);
    }
  }
}

import type { Services } from '../../env';
import { mailTemplates, type RenderedMail } from '../../lib/mail-templates';
import type { MailJob } from '../../ports/job-queue';
import { MailError } from '../../ports/mailer';
import { EMAIL_VERIFICATION_TTL_HOURS, issueEmailVerification } from '../auth/issue-email-verification';
import { issuePasswordReset, PASSWORD_RESET_TTL_MINUTES } from '../auth/issue-password-reset';
import { isNotificationMail, renderNotification } from './render-notification';

export type DeliverMailOutcome = { kind: 'sent' | 'skipped' | 'failed' } | { kind: 'retry'; reason: string };

/** Renders one mail job's template (looking up what it needs) and hands it to the mailer. Never throws. */
export async function deliverMail(
  services: Services,
  job: { jobId: string; mail: MailJob },
): Promise<DeliverMailOutcome> {
  let outgoing: { to: string } & RenderedMail;
  try {
    const rendered = await render(services, job.mail);
    if (!rendered) {
      services.log.info('mail.skipped', { template: job.mail.template });
      return { kind: 'skipped' };
    }
    outgoing = rendered;
  } catch (err) {
    services.log.warn('mail.render_failed', { template: job.mail.template, err });
    return { kind: 'retry', reason: `could not render ${job.mail.template}` };
  }
  try {
    await services.mailer.send({ ...outgoing, idempotencyKey: job.jobId });
    services.log.info('mail.sent', { template: job.mail.template });
    return { kind: 'sent' };
  } catch (err) {
    const permanent = err instanceof MailError && err.kind === 'permanent';
    services.log.warn(permanent ? 'mail.failed' : 'mail.deferred', { template: job.mail.template, err });
    if (permanent) return { kind: 'failed' };
    return { kind: 'retry', reason: `mail transport: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/**
 * The mail for a job, or null when there is nothing to send (an unknown address on Forgot Password, an address
 * verified meanwhile).
 */
async function render(services: Services, mail: MailJob): Promise<({ to: string } & RenderedMail) | null> {
  if (isNotificationMail(mail)) return renderNotification(services, mail);
  const { publicUrl } = services.config;
  switch (mail.template) {
    case 'password-reset': {
      const reset = await issuePasswordReset(services, mail.email);
      if (!reset) return null;
      const resetUrl = `${publicUrl}/auth/reset-password?token=${encodeURIComponent(reset.token)}`;
      return {
        to: reset.email,
        ...mailTemplates.passwordReset({
          publicUrl,
          name: reset.name,
          resetUrl,
          validMinutes: PASSWORD_RESET_TTL_MINUTES,
        }),
      };
    }
    case 'email-verification': {
      const verification = await issueEmailVerification(services, mail.userId);
      if (!verification) return null;
      const verifyUrl = `${publicUrl}/auth/verify-email?token=${encodeURIComponent(verification.token)}`;
      return {
        to: verification.email,
        ...mailTemplates.emailVerification({
          publicUrl,
          name: verification.name,
          verifyUrl,
          validHours: EMAIL_VERIFICATION_TTL_HOURS,
        }),
      };
    }
    default: {
      const unknown: never = mail;
      throw new Error(`unknown mail template ${String((unknown as MailJob).template)}`);
    }
  }
}

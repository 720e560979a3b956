/**
 * Outgoing mail. Adapters: SMTP with nodemailer on Node (src/adapters/mail/smtp-mailer.ts; the embedded default points
 * it at the mail sandbox) and Resend's HTTP email API on Workers (src/adapters/mail/resend-mailer.ts). Use-cases never
 * send directly: they enqueue a `mail.send` job (src/use-cases/mail/enqueue-mail.ts), so a mail that fails is retried
 * and never fails the action behind it.
 */

export interface OutgoingMail {
  to: string;
  subject: string;
  /** Plain-text part. */
  text: string;
  /** HTML part. */
  html: string;
  /**
   * The same key for every attempt of one mail (the job's id): an API that knows idempotency keys sends it once even
   * when an answer was lost and the job is retried.
   */
  idempotencyKey: string;
}

export type MailErrorKind =
  /** Worth trying again later: the server is down, busy, rate limits us, or answered 4xx temporary (SMTP 4xx). */
  | 'transient'
  /** Trying again cannot help: a refused address, a rejected message, bad credentials or no mailer configured. */
  | 'permanent';

export class MailError extends Error {
  readonly kind: MailErrorKind;
  constructor(kind: MailErrorKind, message: string) {
    super(message);
    this.name = 'MailError';
    this.kind = kind;
  }
}

export interface Mailer {
  /** Resolves once the mail was accepted for delivery; throws MailError otherwise. */
  send(mail: OutgoingMail): Promise<void>;
}

export const unconfiguredMailer: Mailer = {
  send: () => Promise.reject(new MailError('permanent', 'No mail transport is configured on this server')),
};

import nodemailer from 'nodemailer';
import { MailError, type Mailer, type OutgoingMail } from '../../ports/mailer';

/**
 * SMTP with nodemailer (the Node ecosystem's standard client: STARTTLS/TLS, AUTH, pooling, MIME building), configured
 * by a URL such as `smtps://user:pass@smtp.example.com:465` or `smtp://127.0.0.1:2525` (SMTP_URL). An SMTP reply in
 * the 4xx range, or no connection at all, is transient (the job retries it); a 5xx is permanent.
 */
export function smtpMailer(opts: { url: string; from: string; timeoutMs?: number }): Mailer & { close(): void } {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const transport = nodemailer.createTransport({
    url: opts.url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    async send(mail: OutgoingMail) {
      try {
        await transport.sendMail({
          from: opts.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: `<${mail.idempotencyKey}@labeldesk>`,
        });
      } catch (err) {
        const code = (err as { responseCode?: unknown }).responseCode;
        const message = err instanceof Error ? err.message : String(err);
        if (typeof code === 'number' && code >= 500) throw new MailError('permanent', `SMTP ${code}: ${message}`);
        throw new MailError('transient', typeof code === 'number' ? `SMTP ${code}: ${message}` : message);
      }
    },
    close: () => transport.close(),
  };
}

import { MailError, type Mailer, type OutgoingMail } from '../../ports/mailer';

/**
 * Resend's HTTP email API (https://resend.com/docs/api-reference/emails/send-email), the Workers adapter: workerd has
 * no raw SMTP sockets worth using for mail, and Resend is a widely used transactional service whose API is one JSON
 * POST with a Bearer key, with first-party Cloudflare Workers documentation and an `Idempotency-Key` header, so a job
 * retried after a lost answer does not send the mail twice.
 *
 * Wire format: `POST {base}/emails`, `Authorization: Bearer re_…`, body `{from, to: [..], subject, text, html}`;
 * 200 `{id}`. Errors are `{statusCode, name, message}`: 429 and 5xx are transient, 409
 * `concurrent_idempotent_requests` too; the other 4xx (validation, a bad key, an unverified domain) are permanent.
 */
export const RESEND_API_URL = 'https://api.resend.com';

export function resendMailer(opts: {
  apiKey: string;
  from: string;
  /** Default https://api.resend.com (tests point it at a loopback stand-in). */
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): Mailer {
  const base = (opts.baseUrl || RESEND_API_URL).replace(/\/+$/, '');
  const doFetch = opts.fetch ?? ((input, init) => fetch(input, init));
  return {
    async send(mail: OutgoingMail) {
      let res: Response;
      try {
        res = await doFetch(`${base}/emails`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${opts.apiKey}`,
            'Content-Type': 'application/json',
            'Idempotency-Key': mail.idempotencyKey.slice(0, 256),
          },
          body: JSON.stringify({
            from: opts.from,
            to: [mail.to],
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
          }),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
        });
      } catch (err) {
        throw new MailError('transient', `Resend unreachable: ${err instanceof Error ? err.message : String(err)}`);
      }
      if (res.ok) {
        await res.body?.cancel();
        return;
      }
      const text = (await res.text().catch(() => '')).slice(0, 500);
      let name = '';
      try {
        name = String((JSON.parse(text) as { name?: unknown }).name ?? '');
      } catch {
        // Not JSON (a proxy's page): the status decides.
      }
      const transient =
        res.status === 429 || res.status >= 500 || (res.status === 409 && name === 'concurrent_idempotent_requests');
      throw new MailError(transient ? 'transient' : 'permanent', `Resend ${res.status} ${name}: ${text}`);
    },
  };
}

import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Hono } from 'hono';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../../adapters/node/private-files';
import { newId } from '../../lib/ids';
import { escapeHtml } from '../../lib/mail-templates';

/**
 * The embedded mail sandbox (when SMTP_URL is unset): a real SMTP server on loopback (`smtp-server` + `mailparser`,
 * from the nodemailer project) that keeps every message it accepts as JSON under DATA_DIR/mail-sandbox, and a small
 * HTTP face mounted on the API's port: `GET /sandbox/mail/messages` ({messages: [{id, to, subject, text, html,
 * createdAt}]}, newest first) and an inbox page at `/sandbox/mail`. Nothing leaves the machine; it is for trying
 * LabelDesk (a password reset end to end), not for real mail.
 */
export const MAIL_SANDBOX_BASE_PATH = '/sandbox/mail';
export const MAIL_SANDBOX_DIR = 'mail-sandbox';
/** The newest messages listed (older ones stay on disk). */
const LIST_LIMIT = 200;

export interface SandboxMessage {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

export interface MailSandboxControls {
  /** Refuse the next `count` messages with a temporary SMTP failure (451): the sender should retry. */
  failNext(count: number): void;
  /** Messages refused so far by failNext. */
  readonly refused: number;
  messages(): Promise<SandboxMessage[]>;
}

export interface MailSandbox {
  /** smtp://127.0.0.1:PORT, for the SMTP mailer. */
  smtpUrl: string;
  controls: MailSandboxControls;
  fetch(request: Request): Response | Promise<Response>;
  close(): Promise<void>;
}

function addressesOf(value: AddressObject | AddressObject[] | undefined): string {
  if (!value) return '';
  const list = Array.isArray(value) ? value : [value];
  return list
    .flatMap((a) => a.value)
    .map((a) => a.address ?? '')
    .filter(Boolean)
    .join(', ');
}

export async function startMailSandbox(opts: { dataDir: string; now?: () => Date }): Promise<MailSandbox> {
  const dir = join(opts.dataDir, MAIL_SANDBOX_DIR);
  ensurePrivateDir(dir);
  const now = opts.now ?? (() => new Date());
  let failBudget = 0;
  let refused = 0;

  const smtp = new SMTPServer({
    name: 'labeldesk-mail-sandbox',
    banner: 'LabelDesk mail sandbox (nothing is delivered)',
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: 5 * 1024 * 1024,
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (failBudget > 0) {
        failBudget -= 1;
        refused += 1;
        const err = Object.assign(new Error('Mail sandbox: temporary failure (failNext)'), { responseCode: 451 });
        return callback(err);
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          const message: SandboxMessage = {
            id: newId('msg'),
            to: addressesOf(parsed.to),
            from: addressesOf(parsed.from),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            createdAt: now().toISOString(),
          };
          const path = join(dir, `${message.id}.json`);
          await writeFile(`${path}.tmp`, JSON.stringify(message), { mode: PRIVATE_FILE_MODE });
          await rename(`${path}.tmp`, path);
          callback();
        })
        .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => {
      smtp.off('error', reject);
      resolve();
    });
  });
  // Errors after start (a client dropping its connection) are the client's business.
  smtp.on('error', () => {});
  const { port } = smtp.server.address() as AddressInfo;

  async function messages(): Promise<SandboxMessage[]> {
    const names = (await readdir(dir)).filter((n) => n.endsWith('.json'));
    // Ids are time-sortable: newest first.
    names.sort().reverse();
    const list = await Promise.all(
      names.slice(0, LIST_LIMIT).map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as SandboxMessage),
    );
    return list;
  }

  const app = new Hono().basePath(MAIL_SANDBOX_BASE_PATH);
  app.get('/messages', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ messages: await messages() });
  });
  app.get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    // Mail bodies are shown as text with their links made clickable: no mail HTML runs on this origin.
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'");
    c.header('Referrer-Policy', 'no-referrer');
    return c.html(inboxPage(await messages()));
  });

  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    controls: {
      failNext(count: number) {
        failBudget = count;
      },
      get refused() {
        return refused;
      },
      messages,
    },
    fetch: (request) => app.fetch(request),
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** Text with its http(s) links made clickable, everything escaped. */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"]+)/g)
    .map((part, i) => (i % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part)))
    .join('');
}

function inboxPage(list: SandboxMessage[]): string {
  const items = list
    .map(
      (m) => `<article class="mail" data-message-id="${escapeHtml(m.id)}">
<h2>${escapeHtml(m.subject || '(no subject)')}</h2>
<p class="meta">To <strong>${escapeHtml(m.to)}</strong> · from ${escapeHtml(m.from)} · <time>${escapeHtml(m.createdAt)}</time></p>
<pre>${linkify(m.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Mail sandbox · LabelDesk</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1f2937}
.mail{border:1px solid #d1d5db;border-radius:6px;padding:.75rem 1rem;margin:1rem 0}.mail h2{font-size:1.1rem;margin:.2rem 0}
.meta{color:#6b7280;font-size:.85rem}pre{white-space:pre-wrap;font:inherit}.note{background:#fff7ed;padding:.5rem 1rem;border-radius:6px}</style>
</head><body>
<h1>Mail sandbox</h1>
<p class="note">Every mail LabelDesk sends lands here instead of a real mailbox (SMTP_URL is not set). Newest first; reload to see new mail. JSON: <a href="${MAIL_SANDBOX_BASE_PATH}/messages">${MAIL_SANDBOX_BASE_PATH}/messages</a></p>
${items || '<p>No mail yet.</p>'}
</body></html>`;
}

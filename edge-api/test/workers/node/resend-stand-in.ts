import { createServer, type IncomingMessage } from 'node:http';
import { listenOnLoopback } from './loopback';

/**
 * A loopback stand-in for Resend's email API (POST /emails, the wire format of
 * https://resend.com/docs/api-reference/emails/send-email), so the Worker's mail adapter is tested inside workerd
 * against real HTTP. It checks the Bearer key and the body's shape as Resend does (422 validation_error), keeps what
 * it accepted (GET /_received), and answers the next requests with a queued failure (POST /_fail {status, name}).
 */
export interface ReceivedEmail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  idempotencyKey: string | null;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startResendStandIn(apiKey: string) {
  const received: ReceivedEmail[] = [];
  const failures: { status: number; name: string }[] = [];
  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const text = await bodyOf(req);
    if (req.method === 'GET' && req.url === '/_received') return send(200, received);
    if (req.method === 'POST' && req.url === '/_fail') {
      failures.push(JSON.parse(text) as { status: number; name: string });
      return send(200, { queued: failures.length });
    }
    if (req.method !== 'POST' || req.url !== '/emails') return send(404, { statusCode: 404, name: 'not_found' });
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return send(401, {
        statusCode: 401,
        name: 'missing_api_key',
        message: 'Missing API key in the authorization header.',
      });
    }
    const failure = failures.shift();
    if (failure) return send(failure.status, { statusCode: failure.status, name: failure.name, message: 'stand-in' });
    let body: Partial<ReceivedEmail>;
    try {
      body = JSON.parse(text) as Partial<ReceivedEmail>;
    } catch {
      return send(422, { statusCode: 422, name: 'validation_error', message: 'Invalid JSON' });
    }
    const ok =
      typeof body.from === 'string' &&
      Array.isArray(body.to) &&
      body.to.every((t) => typeof t === 'string') &&
      typeof body.subject === 'string' &&
      (typeof body.text === 'string' || typeof body.html === 'string');
    if (!ok) return send(422, { statusCode: 422, name: 'validation_error', message: 'Missing required fields' });
    const key = req.headers['idempotency-key'];
    received.push({
      from: body.from as string,
      to: body.to as string[],
      subject: body.subject as string,
      text: body.text ?? '',
      html: body.html ?? '',
      idempotencyKey: typeof key === 'string' ? key : null,
    });
    return send(200, { id: `stand-in-${received.length}` });
  });
  return listenOnLoopback(server);
}

import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BtcpaySandbox, type BtcpaySandboxServerOptions, createBtcpaySandbox } from '../src/index';

export const STORE_ID = 'store-test';
export const API_KEY = 'key-test-123';
export const WEBHOOK_SECRET = 'whsec-test-secret';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  json: WebhookJson;
  receivedAt: number;
}

/** The fields every Greenfield invoice event carries, plus whatever the type adds. */
export interface WebhookJson {
  deliveryId: string;
  webhookId: string;
  originalDeliveryId: string;
  isRedelivery: boolean;
  type: string;
  timestamp: number;
  storeId: string;
  invoiceId: string;
  metadata: Record<string, unknown>;
  [field: string]: unknown;
}

export interface Receiver {
  url: string;
  requests: ReceivedWebhook[];
  /** Resolves once at least `count` requests arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/**
 * A real HTTP webhook receiver. `respond(n)` gives the status for the n-th request (1-based); default 200.
 */
export async function startReceiver(respond: (n: number) => number = () => 200): Promise<Receiver> {
  const requests: ReceivedWebhook[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ headers: req.headers, body, json: JSON.parse(body) as WebhookJson, receivedAt: Date.now() });
      res.statusCode = respond(requests.length);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/crypto/webhook`,
    requests,
    async waitFor(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (requests.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`expected ${count} webhook requests, got ${requests.length}`);
        }
        await new Promise((r) => setTimeout(r, 10));
      }
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** What a receiver does to authenticate a delivery: HMAC-SHA256 of the raw body with the shared secret. */
export function expectedSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

export function tempDir(): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), 'sandbox-btcpay-'));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export function startSandbox(options: BtcpaySandboxServerOptions = {}): Promise<BtcpaySandbox> {
  return createBtcpaySandbox({
    storeId: STORE_ID,
    apiKey: API_KEY,
    settlementDelayMs: 0,
    sweepIntervalMs: 0,
    webhookRetryScheduleMs: [50, 50],
    ...options,
  });
}

/** A Greenfield client over real HTTP, authenticated like LabelDesk's adapter. */
export function greenfield(sandbox: { url: string }, apiKey = API_KEY, storeId = STORE_ID) {
  const base = `${sandbox.url}/api/v1/stores/${storeId}`;
  const headers = { Authorization: `token ${apiKey}`, 'Content-Type': 'application/json' };
  return {
    createInvoice: (body: unknown) =>
      fetch(`${base}/invoices`, { method: 'POST', headers, body: JSON.stringify(body) }),
    getInvoice: (id: string) => fetch(`${base}/invoices/${id}`, { headers }),
    listInvoices: (query = '') => fetch(`${base}/invoices${query}`, { headers }),
    paymentMethods: (id: string) => fetch(`${base}/invoices/${id}/payment-methods`, { headers }),
    markStatus: (id: string, status: string) =>
      fetch(`${base}/invoices/${id}/status`, { method: 'POST', headers, body: JSON.stringify({ status }) }),
    createWebhook: (body: unknown) =>
      fetch(`${base}/webhooks`, { method: 'POST', headers, body: JSON.stringify(body) }),
    getWebhooks: () => fetch(`${base}/webhooks`, { headers }),
    deliveries: (webhookId: string) => fetch(`${base}/webhooks/${webhookId}/deliveries`, { headers }),
    deliveryRequest: (webhookId: string, deliveryId: string) =>
      fetch(`${base}/webhooks/${webhookId}/deliveries/${deliveryId}/request`, { headers }),
    redeliver: (webhookId: string, deliveryId: string) =>
      fetch(`${base}/webhooks/${webhookId}/deliveries/${deliveryId}/redeliver`, { method: 'POST', headers }),
  };
}

/** Posts a checkout form the way a browser does (urlencoded), without following the redirect. */
export function postForm(url: string, fields: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

export interface InvoiceJson {
  id: string;
  storeId: string;
  amount: string;
  paidAmount: string;
  currency: string;
  type: string;
  checkoutLink: string;
  createdTime: number;
  expirationTime: number;
  monitoringExpiration: number;
  status: string;
  additionalStatus: string;
  availableStatusesForManualMarking: string[];
  archived: boolean;
  metadata: Record<string, unknown>;
  checkout: { redirectURL: string | null; expirationMinutes: number; [field: string]: unknown };
}

export interface PaymentMethodJson {
  paymentMethodId: string;
  currency: string;
  rate: string;
  amount: string;
  paymentMethodPaid: string;
  totalPaid: string;
  due: string;
  paymentMethodFee: string;
  destination: string;
  payments: Array<{
    id: string;
    receivedDate: number;
    value: string;
    fee: string;
    status: string;
    destination: string;
  }>;
}

export async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/**
 * How LabelDesk derives the USD the store received: (paymentMethodPaid − Σ payments[].fee) × rate, to cents, rounded
 * half away from zero (exact decimal maths).
 */
export function usdReceived(method: PaymentMethodJson): string {
  const toUnits = (decimal: string, scale: number) => {
    const negative = decimal.startsWith('-');
    const [whole = '0', fraction = ''] = decimal.replace(/^-/, '').split('.');
    const units = BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
    return negative ? -units : units;
  };
  // Net of the network fee each payment carried: what the store received.
  const fees = method.payments.reduce((sum, p) => sum + toUnits(p.fee, 8), 0n);
  const product = (toUnits(method.paymentMethodPaid, 8) - fees) * toUnits(method.rate, 8); // scale 1e16
  const cents = (product + 50_000_000_000_000n) / 100_000_000_000_000n;
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}

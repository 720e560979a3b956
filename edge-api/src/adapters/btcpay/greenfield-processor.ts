import { z } from 'zod';
import {
  centsToDecimalString,
  type Decimal,
  multiply,
  parseDecimal,
  subtract,
  sum,
  toCentsHalfAwayFromZero,
} from '../../lib/decimal';
import { parseBoundedJson } from '../../lib/json-depth';
import {
  type CreateInvoiceInput,
  InvoiceAdditionalStatus,
  InvoiceStatus,
  type PaymentProcessor,
  PaymentProcessorError,
  type ProcessorInvoice,
  type Received,
  WebhookEvent,
  WebhookSignatureError,
} from '../../ports/payment-processor';

/** Settings of the BTCPay Server store we sell through. */
export interface GreenfieldConfig {
  /** e.g. https://btcpay.example.com (a path prefix is kept). Every request goes to this origin and nowhere else. */
  baseUrl: string;
  storeId: string;
  /** A Greenfield API key with btcpay.store.cancreateinvoice and btcpay.store.canviewinvoices on the store. */
  apiKey: string;
  /** The secret of the store webhook that calls /api/crypto/webhook. */
  webhookSecret: string;
  /** Per request; default 10 s. */
  timeoutMs?: number;
  /** Default: the global fetch (Node and workerd alike). */
  fetch?: typeof fetch;
}

export const SIGNATURE_HEADER = 'BTCPay-Sig';
const DEFAULT_TIMEOUT_MS = 10_000;

const amountString = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const parsed = parseDecimal(String(v));
  if (!parsed || parsed.units < 0n) {
    ctx.addIssue({ code: 'custom', message: `not a decimal amount: ${String(v)}` });
    return z.NEVER;
  }
  return parsed;
});

/** The parts of Greenfield `InvoiceData` we read; everything else is ignored. */
const InvoiceData = z.object({
  id: z.string().min(1),
  storeId: z.string().optional().default(''),
  amount: amountString,
  currency: z.string(),
  checkoutLink: z.string().url(),
  createdTime: z.number().optional(),
  status: InvoiceStatus,
  additionalStatus: InvoiceAdditionalStatus.catch('None'),
  metadata: z
    .object({ transactionId: z.string().optional(), userId: z.string().optional() })
    .passthrough()
    .nullable()
    .optional(),
});

/**
 * The parts of Greenfield `InvoicePaymentMethodDataModel` (BTCPay Server 2.x) we read. `paymentMethodPaid` is GROSS:
 * it includes the payment-method ("network") fee each payment carried — a store adds one by default to every payment
 * after the first (NetworkFeeMode MultiplePaymentsOnly) — and each payment's `fee` says how much of it that was. The
 * method-level `paymentMethodFee` is not used: while the invoice is underpaid it also counts the fee of the payment
 * still to come (PaymentPrompt.Calculate), so it is not what was paid.
 */
const PaymentMethodData = z.object({
  rate: amountString,
  paymentMethodPaid: amountString,
  payments: z
    .array(
      z.object({
        status: z.string().optional(),
        // Absent before BTCPay recorded fees per payment: no fee.
        fee: amountString.optional(),
      }),
    )
    .nullable()
    .optional(),
});

/**
 * What the store received through one payment method, in its currency: paymentMethodPaid net of the fees of the
 * payments it counts (the listed ones the processor accounts for: Processing and Settled, not Invalid).
 */
function netPaid(method: z.output<typeof PaymentMethodData>): Decimal {
  const fees = (method.payments ?? []).filter((p) => p.status !== 'Invalid').flatMap((p) => (p.fee ? [p.fee] : []));
  const net = subtract(method.paymentMethodPaid, sum(fees));
  if (net.units < 0n) {
    throw new PaymentProcessorError('rejected', 'BTCPay payment methods: fees larger than the amount paid');
  }
  return net;
}

/** A Greenfield webhook body (`WebhookInvoiceEvent`), reduced to what we act on. */
const WebhookBody = z.object({
  deliveryId: z.string().min(1),
  type: z.string(),
  storeId: z.string().nullable().optional(),
  invoiceId: z.string().nullable().optional(),
});

function hexToBytes(hex: string): Uint8Array | null {
  if (hex.length === 0 || hex.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(hex)) return null;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/**
 * True when `header` is `sha256=<hex HMAC-SHA256(secret, body)>`. WebCrypto's `verify` compares in constant time and
 * runs the same on Node and in workerd.
 */
export async function verifyBtcpaySignature(secret: string, body: string, header: string | null | undefined) {
  if (!secret || !header) return false;
  const match = /^sha256=([0-9a-fA-F]{64})$/.exec(header.trim());
  const signature = match?.[1] ? hexToBytes(match[1]) : null;
  if (!signature) return false;
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'verify',
  ]);
  return crypto.subtle.verify('HMAC', key, signature, encoder.encode(body));
}

/** `sha256=<hex>` for a body: what BTCPay Server sends (tests and the sandbox sign this way). */
export async function signBtcpayBody(secret: string, body: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(body)));
  return `sha256=${Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

function toCents(value: Decimal): number {
  return toCentsHalfAwayFromZero(value);
}

/**
 * The PaymentProcessor over BTCPay Server's Greenfield API (v1), with `fetch` only, so it runs on Node and inside
 * workerd. It only ever requests URLs it builds from the configured base URL and store id (path segments
 * URL-encoded, redirects refused), never a URL from a webhook body or an invoice.
 */
export function greenfieldProcessor(config: GreenfieldConfig): PaymentProcessor {
  const base = new URL(config.baseUrl);
  if (base.protocol !== 'https:' && base.protocol !== 'http:') throw new Error('BTCPAY_URL must be http(s)');
  const prefix = base.pathname.replace(/\/+$/, '');
  const doFetch = config.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const store = `/api/v1/stores/${encodeURIComponent(config.storeId)}`;

  function urlFor(path: string): string {
    const url = new URL(base.origin);
    url.pathname = `${prefix}${store}${path}`;
    return url.toString();
  }

  async function request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
    const url = urlFor(path);
    let res: Response;
    try {
      res = await doFetch(url, {
        method,
        headers: {
          Authorization: `token ${config.apiKey}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const what = err instanceof Error && err.name === 'TimeoutError' ? `timed out after ${timeoutMs} ms` : 'failed';
      throw new PaymentProcessorError('unavailable', `BTCPay ${method} ${path} ${what}`, { cause: err });
    }
    if (res.status >= 500 || res.status === 429) {
      await res.body?.cancel();
      throw new PaymentProcessorError('unavailable', `BTCPay ${method} ${path} answered ${res.status}`);
    }
    return res;
  }

  async function readJson<T extends z.ZodType>(res: Response, schema: T, what: string): Promise<z.output<T>> {
    let raw: unknown;
    try {
      raw = await res.json();
    } catch (err) {
      throw new PaymentProcessorError('rejected', `BTCPay ${what}: body is not JSON`, { cause: err });
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      throw new PaymentProcessorError(
        'rejected',
        `BTCPay ${what}: unexpected body (${parsed.error.issues[0]?.message})`,
      );
    }
    return parsed.data;
  }

  async function refuse(res: Response, what: string): Promise<never> {
    const text = (await res.text().catch(() => '')).slice(0, 300);
    throw new PaymentProcessorError('rejected', `BTCPay ${what} answered ${res.status}: ${text}`);
  }

  function toInvoice(data: z.output<typeof InvoiceData>): ProcessorInvoice {
    const metadata = data.metadata ?? {};
    return {
      id: data.id,
      storeId: data.storeId,
      status: data.status,
      additionalStatus: data.additionalStatus,
      amountCents: toCents(data.amount),
      currency: data.currency,
      checkoutLink: data.checkoutLink,
      metadata: {
        ...(typeof metadata.transactionId === 'string' ? { transactionId: metadata.transactionId } : {}),
        ...(typeof metadata.userId === 'string' ? { userId: metadata.userId } : {}),
      },
      createdAt: new Date((data.createdTime ?? 0) * 1000).toISOString(),
    };
  }

  return {
    async createInvoice(input: CreateInvoiceInput): Promise<ProcessorInvoice> {
      const res = await request('POST', '/invoices', {
        amount: centsToDecimalString(input.amountCents),
        currency: 'USD',
        metadata: {
          orderId: input.transactionId,
          transactionId: input.transactionId,
          userId: input.userId,
          itemDesc: 'LabelDesk balance top-up',
        },
        checkout: { redirectURL: input.redirectUrl, redirectAutomatically: true },
      });
      if (!res.ok) return refuse(res, 'create invoice');
      const invoice = toInvoice(await readJson(res, InvoiceData, 'create invoice'));
      if (invoice.currency !== 'USD' || invoice.amountCents !== input.amountCents) {
        throw new PaymentProcessorError(
          'rejected',
          `BTCPay created ${invoice.id} for ${invoice.currency} ${invoice.amountCents}`,
        );
      }
      return invoice;
    },

    async getInvoice(invoiceId: string): Promise<ProcessorInvoice | null> {
      const res = await request('GET', `/invoices/${encodeURIComponent(invoiceId)}`);
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok) return refuse(res, 'get invoice');
      return toInvoice(await readJson(res, InvoiceData, 'get invoice'));
    },

    async getReceived(invoiceId: string): Promise<Received> {
      const res = await request('GET', `/invoices/${encodeURIComponent(invoiceId)}/payment-methods`);
      if (!res.ok) return refuse(res, 'get payment methods');
      const methods = await readJson(res, z.array(PaymentMethodData), 'get payment methods');
      return {
        // Σ (paid − fees) × rate, exact, rounded once: the network fees a customer paid on top are not credited.
        cents: toCents(sum(methods.map((m) => multiply(netPaid(m), m.rate)))),
        awaitingConfirmation: methods.some((m) => (m.payments ?? []).some((p) => p.status === 'Processing')),
      };
    },

    async verifyWebhook(rawBody, headers) {
      if (!(await verifyBtcpaySignature(config.webhookSecret, rawBody, headers.get(SIGNATURE_HEADER)))) {
        throw new WebhookSignatureError('missing or invalid BTCPay-Sig');
      }
      const body = WebhookBody.parse(parseBoundedJson(rawBody));
      return WebhookEvent.parse({
        deliveryId: body.deliveryId,
        type: body.type,
        storeId: body.storeId ?? null,
        invoiceId: body.invoiceId ?? null,
      });
    },
  };
}

import { join } from 'node:path';
import { FEE_VBYTES, rateOf, remainingSats } from './accounting';
import { newBtcpayId } from './ids';
import { type CreateInvoiceInput, InvoiceActionError, InvoiceEngine, type InvoiceEvent } from './invoices';
import { type InvoiceData, type PaymentMethodData, toInvoiceData, toPaymentMethodData } from './models';
import { centsToSats, parseRate, parseUsd } from './money';
import {
  type BtcpaySandboxOptions,
  feeMode,
  nonNegative,
  positive,
  type ResolvedOptions,
  requireHttpUrl,
  wholeNonNegative,
} from './options';
import type { DeliveryRecord, InvoiceRecord, WebhookRecord } from './state';
import { StateStore } from './state';
import { DEFAULT_RETRY_SCHEDULE_MS, WebhookDispatcher, type WebhookEventBody } from './webhooks';

/** Not found (unknown invoice or delivery) in a test-control call. */
export class SandboxNotFoundError extends Error {
  constructor(what: string) {
    super(`${what} not found`);
    this.name = 'SandboxNotFoundError';
  }
}

/** One webhook delivery attempt as recorded by the sandbox, with its parsed body. */
export interface DeliveryLogEntry extends DeliveryRecord {
  event: WebhookEventBody;
}

export const DATA_FILE_NAME = 'sandbox-btcpay.json';

/**
 * The sandbox store: invoices, webhooks and the delivery log, shared by the Greenfield routes, the checkout page and
 * the test-control methods. Every mutation goes through `commit`, which saves the state and then publishes the events
 * it produced, so a webhook never announces a change that a crash could lose.
 */
export class SandboxService {
  readonly options: ResolvedOptions;
  private readonly store: StateStore;
  private readonly engine: InvoiceEngine;
  private readonly dispatcher: WebhookDispatcher;
  private readonly pending: InvoiceEvent[] = [];
  private rateE8: bigint;
  private clockOffsetMs = 0;
  private baseUrl: string;
  private timer: NodeJS.Timeout | null = null;

  constructor(options: BtcpaySandboxOptions = {}) {
    const networkFeeMode = feeMode(options.networkFeeMode ?? 'MultiplePaymentsOnly');
    this.options = {
      storeId: options.storeId ?? 'sandbox-store',
      apiKey: options.apiKey ?? 'sandbox-api-key',
      invoiceExpirationMinutes: positive(options.invoiceExpirationMinutes ?? 15, 'invoiceExpirationMinutes'),
      monitoringMinutes: nonNegative(options.monitoringMinutes ?? 1440, 'monitoringMinutes'),
      settlementDelayMs: nonNegative(options.settlementDelayMs ?? 2000, 'settlementDelayMs'),
      sweepIntervalMs: nonNegative(options.sweepIntervalMs ?? 1000, 'sweepIntervalMs'),
      networkFeeMode,
      networkFeeRate: networkFeeMode === 'Never' ? 0 : wholeNonNegative(options.networkFeeRate ?? 10, 'networkFeeRate'),
    };
    if (!this.options.storeId || !this.options.apiKey) throw new Error('storeId and apiKey must not be empty');
    this.rateE8 = requireRate(options.btcUsdRate ?? '65000.00');
    this.baseUrl = options.publicBaseUrl ?? 'http://127.0.0.1';
    const file = options.dataFile ?? (options.dataDir ? join(options.dataDir, DATA_FILE_NAME) : null);
    this.store = new StateStore(file);
    const log = options.log ?? (() => undefined);
    this.engine = new InvoiceEngine(this.store, {
      now: () => this.now(),
      settlementDelayMs: () => this.options.settlementDelayMs,
      rateE8: () => this.rateE8,
      networkFee: () => ({
        mode: this.options.networkFeeMode,
        sats: this.options.networkFeeRate * FEE_VBYTES,
      }),
      emit: (event) => this.pending.push(event),
    });
    this.dispatcher = new WebhookDispatcher({
      store: this.store,
      now: () => this.now(),
      retryScheduleMs: [...(options.webhookRetryScheduleMs ?? DEFAULT_RETRY_SCHEDULE_MS)].map((ms) =>
        nonNegative(ms, 'webhookRetryScheduleMs'),
      ),
      timeoutMs: positive(options.webhookTimeoutMs ?? 10_000, 'webhookTimeoutMs'),
      log,
    });
    if (options.webhookUrl !== undefined || options.webhookSecret !== undefined) {
      if (!options.webhookUrl || !options.webhookSecret) throw new Error('webhookUrl and webhookSecret go together');
      this.setWebhook(options.webhookUrl, options.webhookSecret);
    }
  }

  /** Starts the background sweep (expiries, confirmations) and applies whatever fell due while stopped. */
  start(): void {
    this.sweep();
    if (this.options.sweepIntervalMs > 0 && !this.timer) {
      this.timer = setInterval(() => this.sweep(), this.options.sweepIntervalMs);
      this.timer.unref();
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.dispatcher.close();
  }

  get publicBaseUrl(): string {
    return this.baseUrl;
  }

  set publicBaseUrl(url: string) {
    this.baseUrl = url.replace(/\/+$/, '');
  }

  /** The sandbox clock (ms): wall time plus whatever tests advanced it by. */
  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  /** Moves the sandbox clock forward and applies what fell due (expiry, confirmations). */
  advanceClock(ms: number): void {
    this.clockOffsetMs += nonNegative(ms, 'ms');
    this.sweep();
  }

  sweep(): void {
    this.commit(() => this.engine.sweep());
  }

  setRate(rate: string): void {
    this.rateE8 = requireRate(rate);
  }

  // ---- invoices ----------------------------------------------------------------------------------------------

  createInvoice(input: CreateInvoiceInput): InvoiceRecord {
    return this.commit(() => this.engine.create(this.options.storeId, input));
  }

  /** An invoice of this store (a state file reused under another store id keeps its old invoices out of reach). */
  findInvoice(id: string): InvoiceRecord | undefined {
    const invoice = this.engine.find(id);
    return invoice?.storeId === this.options.storeId ? invoice : undefined;
  }

  listInvoices(): InvoiceRecord[] {
    return this.engine.invoices.filter((invoice) => invoice.storeId === this.options.storeId).reverse();
  }

  invoiceData(invoice: InvoiceRecord): InvoiceData {
    return toInvoiceData(invoice, this.baseUrl);
  }

  paymentMethodData(invoice: InvoiceRecord): PaymentMethodData[] {
    return [toPaymentMethodData(invoice, this.options.networkFeeRate)];
  }

  payInFull(id: string): InvoiceRecord {
    return this.act(id, (invoice) => {
      if (invoice.status !== 'New') throw notAllowed(invoice, 'be paid in full');
      this.engine.pay(invoice, remainingSats(invoice));
    });
  }

  /** Pays `usd` (a decimal string, e.g. "10.00") worth of BTC at the invoice's rate. */
  payPart(id: string, usd: string): InvoiceRecord {
    return this.act(id, (invoice) => {
      if (invoice.status !== 'New') throw notAllowed(invoice, 'take a partial payment');
      const parsed = parseUsd(usd);
      if (!parsed.ok || parsed.cents <= 0) {
        throw new InvoiceActionError('invalid-amount', 'Enter a USD amount above 0 with at most 2 decimals');
      }
      this.engine.pay(invoice, centsToSats(parsed.cents, rateOf(invoice)));
    });
  }

  /** Pays what is due (network fee included) plus 10 % of the invoice amount. */
  overpay(id: string): InvoiceRecord {
    return this.act(id, (invoice) => {
      if (invoice.status !== 'New') throw notAllowed(invoice, 'be overpaid');
      this.engine.pay(invoice, remainingSats(invoice) + Math.ceil(invoice.dueSats / 10));
    });
  }

  /** Pays what is still due on an expired invoice (→ additionalStatus PaidLate). */
  payLate(id: string): InvoiceRecord {
    return this.act(id, (invoice) => {
      if (invoice.status !== 'Expired' || invoice.additionalStatus === 'PaidLate')
        throw notAllowed(invoice, 'be paid late');
      this.engine.pay(invoice, remainingSats(invoice));
    });
  }

  expire(id: string): InvoiceRecord {
    return this.act(id, (invoice) => this.engine.expireNow(invoice));
  }

  confirmPayments(id: string): InvoiceRecord {
    return this.act(id, (invoice) => this.engine.confirmPayments(invoice));
  }

  mark(id: string, status: 'Settled' | 'Invalid'): InvoiceRecord {
    return this.act(id, (invoice) => this.engine.mark(invoice, status));
  }

  // ---- webhooks ----------------------------------------------------------------------------------------------

  /** This store's webhooks. */
  get webhooks(): WebhookRecord[] {
    return this.store.state.webhooks.filter((w) => w.storeId === this.options.storeId);
  }

  /** Points the configured (managed) webhook at `url` with `secret`; null removes it. Keeps its id across calls. */
  setWebhook(url: string | null, secret?: string): WebhookRecord | null {
    const existing = this.webhooks.find((w) => w.managed && w.storeId === this.options.storeId);
    if (url === null) {
      if (existing) this.deleteWebhook(existing.id);
      return null;
    }
    requireHttpUrl(url);
    if (!secret) throw new Error('setWebhook needs a secret');
    if (existing) {
      existing.url = url;
      existing.secret = secret;
      existing.enabled = true;
      this.store.save();
      return existing;
    }
    return this.addWebhook({
      url,
      secret,
      enabled: true,
      automaticRedelivery: true,
      authorizedEvents: { everything: true, specificEvents: [] },
      managed: true,
    });
  }

  addWebhook(input: Omit<WebhookRecord, 'id' | 'storeId'>): WebhookRecord {
    const webhook: WebhookRecord = { id: newBtcpayId(), storeId: this.options.storeId, ...input };
    this.store.state.webhooks.push(webhook);
    this.store.save();
    return webhook;
  }

  updateWebhook(id: string, change: Partial<Omit<WebhookRecord, 'id' | 'storeId' | 'managed'>>): WebhookRecord | null {
    const webhook = this.webhooks.find((w) => w.id === id);
    if (!webhook) return null;
    Object.assign(webhook, change);
    this.store.save();
    return webhook;
  }

  deleteWebhook(id: string): boolean {
    const index = this.store.state.webhooks.findIndex((w) => w.id === id && w.storeId === this.options.storeId);
    if (index < 0) return false;
    this.store.state.webhooks.splice(index, 1);
    this.store.save();
    return true;
  }

  /** Delivery attempts, oldest first. */
  deliveries(): DeliveryLogEntry[] {
    return this.store.state.deliveries.map((d) => ({ ...d, event: JSON.parse(d.body) as WebhookEventBody }));
  }

  /** A delivery of one of this store's webhooks. */
  findDelivery(webhookId: string, id: string): DeliveryRecord | undefined {
    if (!this.webhooks.some((w) => w.id === webhookId)) return undefined;
    return this.store.state.deliveries.find((d) => d.id === id && d.webhookId === webhookId);
  }

  redeliver(deliveryId: string): string | null {
    return this.dispatcher.redeliver(deliveryId);
  }

  webhooksIdle(): Promise<void> {
    return this.dispatcher.idle();
  }

  // ---- internals ---------------------------------------------------------------------------------------------

  private act(id: string, change: (invoice: InvoiceRecord) => void): InvoiceRecord {
    const invoice = this.findInvoice(id);
    if (!invoice) throw new SandboxNotFoundError(`Invoice ${id}`);
    this.commit(() => {
      this.engine.sweep();
      change(invoice);
    });
    return invoice;
  }

  /** Runs a mutation, saves, then hands the events it produced to the webhook dispatcher. */
  private commit<T>(mutation: () => T): T {
    let result: T;
    try {
      result = mutation();
    } catch (error) {
      if (this.pending.length > 0) this.flush();
      throw error;
    }
    if (this.pending.length > 0) this.flush();
    return result;
  }

  private flush(): void {
    const events = this.pending.splice(0, this.pending.length);
    this.store.save();
    for (const event of events) this.dispatcher.publish(event);
  }
}

function notAllowed(invoice: InvoiceRecord, what: string): InvoiceActionError {
  const state =
    invoice.additionalStatus === 'None' ? invoice.status : `${invoice.status} (${invoice.additionalStatus})`;
  return new InvoiceActionError('invalid-state', `A ${state} invoice cannot ${what}`);
}

function requireRate(rate: string): bigint {
  const parsed = parseRate(rate);
  if (parsed === null) throw new Error(`Invalid BTC/USD rate "${rate}": expected a positive decimal such as 65000.00`);
  return parsed;
}

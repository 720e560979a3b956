import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { unixSeconds } from './accounting';
import { newBtcpayId } from './ids';
import type { InvoiceEvent } from './invoices';
import type { DeliveryRecord, DeliveryStatus, StateStore, WebhookRecord } from './state';

/** BTCPay's automatic redelivery: after 10 s, 1 min, then six times every 10 min (1 + 8 attempts in all). */
export const DEFAULT_RETRY_SCHEDULE_MS: readonly number[] = [
  10_000, 60_000, 600_000, 600_000, 600_000, 600_000, 600_000, 600_000,
];

/** The JSON body of a Greenfield invoice webhook event. */
export interface WebhookEventBody {
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

interface DeliveryRequest {
  webhookId: string;
  body: WebhookEventBody;
}

export interface WebhookDispatcherConfig {
  store: StateStore;
  now: () => number;
  retryScheduleMs: readonly number[];
  timeoutMs: number;
  log: (line: string) => void;
}

/** `sha256=<hex HMAC-SHA256(secret, body)>`, the value of the `BTCPay-Sig` header. */
export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

export function acceptsEvent(webhook: WebhookRecord, type: string): boolean {
  return (
    webhook.enabled && (webhook.authorizedEvents.everything || webhook.authorizedEvents.specificEvents.includes(type))
  );
}

/**
 * Sends webhook deliveries the way BTCPay's WebhookSender does: one ordered queue per webhook; a failed delivery
 * (network error or non-2xx) is retried on the schedule, each retry being a redelivery with a new `deliveryId`,
 * `originalDeliveryId` = the first attempt's id and `isRedelivery: true`; retrying stops at the first success. The
 * body is indented JSON, signed as sent. Retries live in memory: a restart drops pending ones, as BTCPay's do.
 */
export class WebhookDispatcher {
  private readonly queues = new Map<string, Promise<void>>();
  private readonly abort = new AbortController();
  private inFlight = 0;
  private idleWaiters: Array<() => void> = [];

  constructor(private readonly config: WebhookDispatcherConfig) {}

  private get state() {
    return this.config.store.state;
  }

  /** Creates one delivery per webhook of the invoice's store that subscribes to the event type. */
  publish(event: InvoiceEvent): void {
    const { invoice } = event;
    for (const webhook of this.state.webhooks) {
      if (webhook.storeId !== invoice.storeId || !acceptsEvent(webhook, event.type)) continue;
      const deliveryId = newBtcpayId();
      const body: WebhookEventBody = {
        deliveryId,
        webhookId: webhook.id,
        originalDeliveryId: deliveryId,
        isRedelivery: false,
        type: event.type,
        timestamp: unixSeconds(this.config.now()),
        storeId: invoice.storeId,
        invoiceId: invoice.id,
        metadata: structuredClone(invoice.metadata),
        ...structuredClone(event.extra),
      };
      this.enqueue({ webhookId: webhook.id, body });
    }
  }

  /** Sends a stored delivery again as a redelivery; returns the new delivery id, or null if unknown. */
  redeliver(deliveryId: string): string | null {
    const request = this.redeliveryOf(deliveryId);
    if (!request) return null;
    this.enqueue(request);
    return request.body.deliveryId;
  }

  /** Resolves once every queued delivery, retries included, has finished. */
  idle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Abandons pending retries and in-flight requests. */
  async close(): Promise<void> {
    this.abort.abort();
    await Promise.allSettled([...this.queues.values()]);
  }

  private enqueue(request: DeliveryRequest): void {
    if (this.abort.signal.aborted) return;
    this.inFlight++;
    const previous = this.queues.get(request.webhookId) ?? Promise.resolve();
    const next: Promise<void> = previous
      .then(() => this.process(request))
      .catch((error: unknown) => this.config.log(`webhook delivery crashed: ${String(error)}`))
      .finally(() => {
        if (this.queues.get(request.webhookId) === next) this.queues.delete(request.webhookId);
        this.inFlight--;
        if (this.inFlight === 0) {
          const waiters = this.idleWaiters;
          this.idleWaiters = [];
          for (const resolve of waiters) resolve();
        }
      });
    this.queues.set(request.webhookId, next);
  }

  private webhook(id: string): WebhookRecord | undefined {
    return this.state.webhooks.find((w) => w.id === id);
  }

  private async process(first: DeliveryRequest): Promise<void> {
    const webhook = this.webhook(first.webhookId);
    if (!webhook || !acceptsEvent(webhook, first.body.type)) return;
    const result = await this.send(first, webhook);
    if (!result || result.status === 'HttpSuccess' || !webhook.automaticRedelivery) return;
    const originalId = result.id;
    for (const wait of this.config.retryScheduleMs) {
      try {
        await sleep(wait, undefined, { signal: this.abort.signal });
      } catch {
        return;
      }
      const retry = this.redeliveryOf(originalId);
      const current = retry ? this.webhook(retry.webhookId) : undefined;
      if (!retry || !current?.automaticRedelivery || !acceptsEvent(current, retry.body.type)) return;
      const outcome = await this.send(retry, current);
      if (!outcome || outcome.status === 'HttpSuccess') return;
    }
  }

  private redeliveryOf(deliveryId: string): DeliveryRequest | null {
    const delivery = this.state.deliveries.find((d) => d.id === deliveryId);
    if (!delivery) return null;
    const previous = JSON.parse(delivery.body) as WebhookEventBody;
    const newId = newBtcpayId();
    return {
      webhookId: delivery.webhookId,
      body: {
        ...previous,
        deliveryId: newId,
        webhookId: delivery.webhookId,
        // A redelivery of a redelivery still points at the very first delivery.
        originalDeliveryId: previous.originalDeliveryId || deliveryId,
        isRedelivery: true,
      },
    };
  }

  /** POSTs one delivery and records it; null when the sandbox is shutting down. */
  private async send(request: DeliveryRequest, webhook: WebhookRecord): Promise<DeliveryRecord | null> {
    if (this.abort.signal.aborted) return null;
    const raw = JSON.stringify(request.body, null, 2);
    const createdAt = this.config.now();
    let status: DeliveryStatus;
    let httpCode: number | null = null;
    let errorMessage: string | null = null;
    try {
      const response = await fetch(webhook.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'BTCPay-Sig': signBody(webhook.secret, raw),
          'User-Agent': 'BTCPayServer-Sandbox',
        },
        body: raw,
        signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(this.config.timeoutMs)]),
      });
      await response.arrayBuffer().catch(() => undefined);
      httpCode = response.status;
      if (response.ok) {
        status = 'HttpSuccess';
      } else {
        status = 'HttpError';
        errorMessage = `HTTP Error Code ${response.status}`;
      }
    } catch (error) {
      if (this.abort.signal.aborted) return null;
      status = 'Failed';
      errorMessage = describeFetchError(error);
    }
    const record: DeliveryRecord = {
      id: request.body.deliveryId,
      webhookId: request.webhookId,
      invoiceId: request.body.invoiceId,
      type: request.body.type,
      originalDeliveryId: request.body.originalDeliveryId,
      isRedelivery: request.body.isRedelivery,
      createdAt,
      sentAt: createdAt,
      status,
      httpCode,
      errorMessage,
      body: raw,
    };
    this.state.deliveries.push(record);
    this.config.store.save();
    this.config.log(
      `webhook ${record.type} ${record.invoiceId} → ${webhook.url}: ${status}${httpCode ? ` ${httpCode}` : ''}`,
    );
    return record;
  }
}

function describeFetchError(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    if (cause instanceof Error && cause.message) return `${error.message}: ${cause.message}`;
    return error.message;
  }
  return String(error);
}

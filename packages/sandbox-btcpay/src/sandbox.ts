import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { checkoutRoutes } from './checkout';
import { greenfieldRoutes } from './greenfield';
import type { InvoiceData, PaymentMethodData } from './models';
import type { BtcpaySandboxOptions } from './options';
import { type DeliveryLogEntry, SandboxNotFoundError, SandboxService } from './service';
import type { InvoiceRecord } from './state';

/** Test and operator controls shared by the mounted app and the standalone server. */
export interface BtcpaySandboxControls {
  readonly storeId: string;
  readonly apiKey: string;
  /** Points the store's configured webhook at `url` (signed with `secret`); null removes it. */
  setWebhook(url: string | null, secret?: string): void;
  /** The BTC/USD rate locked on invoices created from now on. */
  setRate(rate: string): void;
  /** Sandbox clock: `advance(ms)` moves time forward and applies expiries and confirmations that fell due. */
  readonly clock: { now(): number; advance(ms: number): void };
  /** Applies expiries and confirmations due by now (the background timer does this every second). */
  sweep(): void;
  invoice(id: string): InvoiceData | null;
  paymentMethods(id: string): PaymentMethodData[] | null;
  /** The checkout page's actions, for tests that do not drive the HTML (throw on an unknown id or a refused action). */
  payInFull(id: string): InvoiceData;
  payPart(id: string, usd: string): InvoiceData;
  overpay(id: string): InvoiceData;
  payLate(id: string): InvoiceData;
  expire(id: string): InvoiceData;
  confirmPayments(id: string): InvoiceData;
  markInvalid(id: string): InvoiceData;
  markSettled(id: string): InvoiceData;
  /** Every webhook delivery attempt so far, oldest first, with its exact signed body and parsed event. */
  deliveries(): DeliveryLogEntry[];
  /** Redelivers a recorded delivery (new deliveryId, same originalDeliveryId, isRedelivery true); null if unknown. */
  redeliver(deliveryId: string): string | null;
  /** Resolves when no webhook delivery or retry is pending. */
  webhooksIdle(): Promise<void>;
}

export interface BtcpaySandboxApp extends BtcpaySandboxControls {
  /** The Hono app: mount it (e.g. `app.route('/sandbox/btcpay', sandbox.app)`) or serve it. */
  readonly app: Hono;
  /** Base URL as the customer's browser sees it; checkout links and form actions derive from it. */
  publicBaseUrl: string;
  /** Starts the background sweep; call once the app is reachable. */
  start(): void;
  /** Stops the sweep and abandons pending webhook retries. */
  stop(): Promise<void>;
}

export interface BtcpaySandboxServerOptions extends BtcpaySandboxOptions {
  /** Port to listen on; 0 (default) picks a free one. */
  port?: number;
  /** Interface to bind. Default 127.0.0.1. */
  hostname?: string;
}

export interface BtcpaySandbox extends BtcpaySandboxControls {
  /** Where the server listens, e.g. http://127.0.0.1:41234 (the Greenfield base URL). */
  readonly url: string;
  readonly publicBaseUrl: string;
  close(): Promise<void>;
}

function controls(service: SandboxService): BtcpaySandboxControls {
  const view = (invoice: InvoiceRecord) => service.invoiceData(invoice);
  return {
    storeId: service.options.storeId,
    apiKey: service.options.apiKey,
    setWebhook: (url, secret) => {
      service.setWebhook(url, secret);
    },
    setRate: (rate) => service.setRate(rate),
    clock: { now: () => service.now(), advance: (ms) => service.advanceClock(ms) },
    sweep: () => service.sweep(),
    invoice: (id) => {
      service.sweep();
      const invoice = service.findInvoice(id);
      return invoice ? view(invoice) : null;
    },
    paymentMethods: (id) => {
      service.sweep();
      const invoice = service.findInvoice(id);
      return invoice ? service.paymentMethodData(invoice) : null;
    },
    payInFull: (id) => view(service.payInFull(id)),
    payPart: (id, usd) => view(service.payPart(id, usd)),
    overpay: (id) => view(service.overpay(id)),
    payLate: (id) => view(service.payLate(id)),
    expire: (id) => view(service.expire(id)),
    confirmPayments: (id) => view(service.confirmPayments(id)),
    markInvalid: (id) => view(service.mark(id, 'Invalid')),
    markSettled: (id) => view(service.mark(id, 'Settled')),
    deliveries: () => service.deliveries(),
    redeliver: (deliveryId) => service.redeliver(deliveryId),
    webhooksIdle: () => service.webhooksIdle(),
  };
}

function buildApp(options: BtcpaySandboxOptions): { service: SandboxService; app: Hono } {
  const service = new SandboxService(options);
  const app = new Hono();
  app.route('/', greenfieldRoutes(service));
  app.route('/', checkoutRoutes(service));
  app.notFound((c) =>
    c.req.path.includes('/api/') ? c.json({ code: 'not-found', message: 'Not found' }, 404) : c.text('Not found', 404),
  );
  app.onError((error, c) => {
    options.log?.(`sandbox-btcpay error on ${c.req.method} ${c.req.path}: ${String(error)}`);
    return c.json({ code: 'internal-error', message: 'An internal error occurred in the BTCPay sandbox' }, 500);
  });
  return { service, app };
}

/**
 * The sandbox as a mountable Hono app, without a server: the embedded default mounts it next to LabelDesk's API
 * and passes `publicBaseUrl` (including the mount path). Call `start()` once it is reachable.
 */
export function createBtcpaySandboxApp(options: BtcpaySandboxOptions = {}): BtcpaySandboxApp {
  const { service, app } = buildApp(options);
  return {
    ...controls(service),
    app,
    get publicBaseUrl() {
      return service.publicBaseUrl;
    },
    set publicBaseUrl(url: string) {
      service.publicBaseUrl = url;
    },
    start: () => service.start(),
    stop: () => service.stop(),
  };
}

/** Starts the sandbox on its own HTTP server (port 0 = a free port) and resolves once it listens. */
export async function createBtcpaySandbox(options: BtcpaySandboxServerOptions = {}): Promise<BtcpaySandbox> {
  const { port = 0, hostname = '127.0.0.1', ...sandboxOptions } = options;
  const { service, app } = buildApp(sandboxOptions);
  const server = createAdaptorServer({ fetch: app.fetch, hostname });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '[::]' ? '[::1]' : host;
  const url = `http://${reachable}:${address.port}`;
  service.publicBaseUrl = options.publicBaseUrl ?? url;
  service.start();

  let closing: Promise<void> | null = null;
  return {
    ...controls(service),
    url,
    publicBaseUrl: service.publicBaseUrl,
    close: () => {
      closing ??= (async () => {
        await service.stop();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          if ('closeAllConnections' in server) server.closeAllConnections();
        });
      })();
      return closing;
    },
  };
}

export { SandboxNotFoundError };

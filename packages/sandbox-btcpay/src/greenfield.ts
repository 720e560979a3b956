import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isRecord, parseCreateInvoice, parseWebhook, type ValidationError } from './greenfield-requests';
import { newBtcpayId } from './ids';
import { InvoiceActionError } from './invoices';
import { toDeliveryData, toWebhookData } from './models';
import type { SandboxService } from './service';

function apiError(c: Context, status: ContentfulStatusCode, code: string, message: string) {
  return c.json({ code, message }, status);
}

function validationError(c: Context, errors: ValidationError[]) {
  return c.json(errors, 422);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

async function readJson(c: Context): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const text = await c.req.text();
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * The Greenfield subset: invoices (create, list, get, payment methods, mark status), webhooks (CRUD, deliveries,
 * redeliver) and health. Auth is `Authorization: token <apiKey>` (or `bearer`); a store other than the sandbox's is
 * 404.
 */
export function greenfieldRoutes(service: SandboxService): Hono {
  const api = new Hono();
  const { storeId, apiKey } = service.options;

  api.get('/api/v1/health', (c) => c.json({ synchronized: true }));

  api.use('/api/v1/stores/:storeId/*', async (c, next) => {
    // BTCPay's APIKeyExtensions.GetAPIKey: `token <key>` or `bearer <key>`, scheme in any case.
    const header = c.req.header('authorization') ?? '';
    const match = /^(?:token|bearer)\s+(\S+)/i.exec(header);
    if (!match?.[1] || !sameSecret(match[1], apiKey)) {
      return apiError(c, 401, 'unauthenticated', 'Authentication is required for accessing this endpoint');
    }
    if (c.req.param('storeId') !== storeId) return apiError(c, 404, 'store-not-found', 'The store was not found');
    service.sweep();
    await next();
  });

  // ---- invoices ----------------------------------------------------------------------------------------------

  api.post('/api/v1/stores/:storeId/invoices', async (c) => {
    const body = await readJson(c);
    if (!body.ok) return validationError(c, [{ path: '', message: 'The request body is not valid JSON' }]);
    const parsed = parseCreateInvoice(body.value, service);
    if (!parsed.ok) return validationError(c, parsed.errors);
    const invoice = service.createInvoice(parsed.input);
    return c.json(service.invoiceData(invoice));
  });

  api.get('/api/v1/stores/:storeId/invoices', (c) => {
    const orderIds = c.req.queries('orderId') ?? [];
    const statuses = c.req.queries('status') ?? [];
    const skip = Math.max(0, Number(c.req.query('skip') ?? 0) || 0);
    const take = Number(c.req.query('take') ?? 0) || Number.POSITIVE_INFINITY;
    const invoices = service
      .listInvoices()
      .filter((invoice) => !invoice.archived)
      .filter((invoice) => orderIds.length === 0 || orderIds.includes(String(invoice.metadata.orderId ?? '')))
      .filter((invoice) => statuses.length === 0 || statuses.includes(invoice.status))
      .slice(skip, skip + take);
    return c.json(invoices.map((invoice) => service.invoiceData(invoice)));
  });

  api.get('/api/v1/stores/:storeId/invoices/:invoiceId', (c) => {
    const invoice = service.findInvoice(c.req.param('invoiceId'));
    if (!invoice) return apiError(c, 404, 'invoice-not-found', 'The invoice was not found');
    return c.json(service.invoiceData(invoice));
  });

  api.get('/api/v1/stores/:storeId/invoices/:invoiceId/payment-methods', (c) => {
    const invoice = service.findInvoice(c.req.param('invoiceId'));
    if (!invoice) return apiError(c, 404, 'invoice-not-found', 'The invoice was not found');
    return c.json(service.paymentMethodData(invoice));
  });

  api.post('/api/v1/stores/:storeId/invoices/:invoiceId/status', async (c) => {
    const id = c.req.param('invoiceId');
    if (!service.findInvoice(id)) return apiError(c, 404, 'invoice-not-found', 'The invoice was not found');
    const body = await readJson(c);
    const status = body.ok && isRecord(body.value) ? body.value.status : undefined;
    if (status !== 'Settled' && status !== 'Invalid') {
      return validationError(c, [{ path: 'status', message: 'Status can only be Settled or Invalid' }]);
    }
    try {
      return c.json(service.invoiceData(service.mark(id, status)));
    } catch (error) {
      if (error instanceof InvoiceActionError) return validationError(c, [{ path: 'status', message: error.message }]);
      throw error;
    }
  });

  // ---- webhooks ----------------------------------------------------------------------------------------------

  api.get('/api/v1/stores/:storeId/webhooks', (c) => c.json(service.webhooks.map((w) => toWebhookData(w))));

  api.post('/api/v1/stores/:storeId/webhooks', async (c) => {
    const body = await readJson(c);
    if (!body.ok) return validationError(c, [{ path: '', message: 'The request body is not valid JSON' }]);
    const parsed = parseWebhook(body.value, null);
    if (!parsed.ok) return validationError(c, parsed.errors);
    const webhook = service.addWebhook({
      url: parsed.value.url ?? '',
      secret: parsed.value.secret || newBtcpayId(),
      enabled: parsed.value.enabled ?? true,
      automaticRedelivery: parsed.value.automaticRedelivery ?? true,
      authorizedEvents: parsed.value.authorizedEvents ?? { everything: true, specificEvents: [] },
      managed: false,
    });
    return c.json(toWebhookData(webhook, true));
  });

  api.get('/api/v1/stores/:storeId/webhooks/:webhookId', (c) => {
    const webhook = service.webhooks.find((w) => w.id === c.req.param('webhookId'));
    if (!webhook) return apiError(c, 404, 'webhook-not-found', 'The webhook was not found');
    return c.json(toWebhookData(webhook));
  });

  api.put('/api/v1/stores/:storeId/webhooks/:webhookId', async (c) => {
    const webhook = service.webhooks.find((w) => w.id === c.req.param('webhookId'));
    if (!webhook) return apiError(c, 404, 'webhook-not-found', 'The webhook was not found');
    const body = await readJson(c);
    if (!body.ok) return validationError(c, [{ path: '', message: 'The request body is not valid JSON' }]);
    const parsed = parseWebhook(body.value, webhook);
    if (!parsed.ok) return validationError(c, parsed.errors);
    const { secret, ...rest } = parsed.value;
    const updated = service.updateWebhook(webhook.id, { ...rest, ...(secret ? { secret } : {}) });
    return updated
      ? c.json(toWebhookData(updated))
      : apiError(c, 404, 'webhook-not-found', 'The webhook was not found');
  });

  api.delete('/api/v1/stores/:storeId/webhooks/:webhookId', (c) => {
    if (!service.deleteWebhook(c.req.param('webhookId'))) {
      return apiError(c, 404, 'webhook-not-found', 'The webhook was not found');
    }
    return c.body(null, 200);
  });

  api.get('/api/v1/stores/:storeId/webhooks/:webhookId/deliveries', (c) => {
    const webhookId = c.req.param('webhookId');
    if (!service.webhooks.some((w) => w.id === webhookId)) {
      return apiError(c, 404, 'webhook-not-found', 'The webhook was not found');
    }
    const count = Number(c.req.query('count') ?? 0) || Number.POSITIVE_INFINITY;
    const deliveries = service
      .deliveries()
      .filter((d) => d.webhookId === webhookId)
      .reverse()
      .slice(0, count);
    return c.json(deliveries.map(toDeliveryData));
  });

  api.get('/api/v1/stores/:storeId/webhooks/:webhookId/deliveries/:deliveryId', (c) => {
    const delivery = service.findDelivery(c.req.param('webhookId'), c.req.param('deliveryId'));
    if (!delivery) {
      return apiError(c, 404, 'webhookdelivery-not-found', 'The webhook delivery was not found');
    }
    return c.json(toDeliveryData(delivery));
  });

  api.get('/api/v1/stores/:storeId/webhooks/:webhookId/deliveries/:deliveryId/request', (c) => {
    const delivery = service.findDelivery(c.req.param('webhookId'), c.req.param('deliveryId'));
    if (!delivery) {
      return apiError(c, 404, 'webhookdelivery-not-found', 'The webhook delivery was not found');
    }
    return c.body(delivery.body, 200, { 'Content-Type': 'application/json; charset=utf-8' });
  });

  api.post('/api/v1/stores/:storeId/webhooks/:webhookId/deliveries/:deliveryId/redeliver', (c) => {
    const delivery = service.findDelivery(c.req.param('webhookId'), c.req.param('deliveryId'));
    if (!delivery) {
      return apiError(c, 404, 'webhookdelivery-not-found', 'The webhook delivery was not found');
    }
    const newId = service.redeliver(delivery.id);
    if (!newId) return apiError(c, 404, 'webhookdelivery-not-found', 'The webhook delivery was not found');
    return c.json(newId);
  });

  return api;
}

import { roundUsdToCents } from '@labeldesk/pricing';
import type { z } from 'zod';
import {
  type CreateLabelInput,
  CreateLabelInput as CreateLabelInputSchema,
  type LabelProvider,
  PROVIDER_ERROR_MESSAGES as MSG,
  ProviderError,
  type ProviderQuote,
  type ProviderServiceInfo,
  type ProviderTracking,
  type PurchasedLabel,
  type QuoteInput,
} from '../../ports/label-provider';
import {
  type Call,
  errorFor,
  labelIdIn,
  toLabel,
  toServiceInfo,
  WireLabel,
  WireLabelList,
  WireQuote,
  WireService,
  WireServiceList,
  WireTracking,
} from './generic-protocol';
import {
  decodeBase64,
  type HttpTransportOptions,
  httpTransport,
  isPdf,
  isPng,
  isZpl,
  type SendInit,
  withUnknownOutcome,
} from './http-transport';

export type { ProviderFetch } from './http-transport';

/**
 * The LabelProvider port over the sandbox-carrier protocol v1 (packages/sandbox-carrier/README.md) with `fetch`: runs
 * unchanged on Node and in workerd.
 *
 * - Auth: `X-Api-Key` on every call. Transport (timeouts, redirects, size limit, backoff): ./http-transport.ts.
 * - Retries only where repeating cannot do harm: GET calls, quotes (buy nothing),
 *   voids (idempotent by the protocol) and label purchases WITH an Idempotency-Key (the provider returns the same
 *   label). A purchase without a key is never retried.
 * - Failures become ProviderError with our own customer-safe text; the provider's words go to `logMessage` only.
 * - Answers are read up to `maxResponseBytes` and validated with zod; anything unexpected is an upstream_error.
 * - A purchase answer that may hide a label we cannot use (a 2xx that is not JSON, has the wrong shape, no readable PDF
 *   or is too large; a 5xx other than 502/503/504 after the retries) is an upstream_error with `outcomeUnknown` (and
 *   the label id when the answer names one): the caller voids before it refunds.
 */
export interface HttpLabelProviderOptions extends HttpTransportOptions {
  /** `<server>/catalogues/<id>`-style base URL, without the /v1 suffix. */
  baseUrl: string;
  apiKey: string;
}

export function httpLabelProvider(options: HttpLabelProviderOptions): LabelProvider {
  const transport = httpTransport(options, { 'X-Api-Key': options.apiKey });
  const base = `${options.baseUrl.replace(/\/+$/, '')}/v1`;
  const send = (call: Call, method: 'GET' | 'POST', path: string, init: Omit<SendInit, 'toError'>) =>
    transport.send(method, `${base}${path}`, {
      ...init,
      ...(call === 'pdf' ? { accept: 'application/pdf' } : {}),
      ...(call === 'png' ? { accept: 'image/png' } : {}),
      ...(call === 'zpl' ? { accept: 'application/zpl' } : {}),
      ...(call === 'labels' ? { purchase: true } : {}),
      toError: (status, text, retryAfter) => errorFor(call, status, text, retryAfter),
    });
  const json = transport.json;

  const enc = encodeURIComponent;

  return {
    async listServices() {
      const sent = await send('services', 'GET', '/services', { retry: true });
      const list = json(sent, WireServiceList, 'GET /v1/services');
      const services: ProviderServiceInfo[] = [];
      const seen = new Set<string>();
      for (const entry of list.services) {
        // One malformed entry does not hide the others.
        const parsed = WireService.safeParse(entry);
        if (!parsed.success || seen.has(parsed.data.serviceCode)) continue;
        seen.add(parsed.data.serviceCode);
        services.push(toServiceInfo(parsed.data));
      }
      return services;
    },

    async quote(input: QuoteInput): Promise<ProviderQuote> {
      const sent = await send('rates', 'POST', '/rates', {
        retry: true,
        json: {
          serviceCode: input.serviceCode,
          fromZip: input.fromZip,
          toZip: input.toZip,
          package: { weight: input.weight, weightUnit: input.weightUnit },
        },
      });
      const q = json(sent, WireQuote, 'POST /v1/rates');
      return {
        serviceCode: q.serviceCode,
        carrier: q.carrier,
        serviceName: q.service,
        priceCents: roundUsdToCents(q.price),
        billedWeight: q.billedWeight,
        billedWeightUnit: q.billedWeightUnit,
        transitDays: q.transitDays ?? null,
        estimatedDelivery: q.estimatedDelivery ?? null,
      };
    },

    async createLabel(raw: CreateLabelInput): Promise<PurchasedLabel> {
      const input = CreateLabelInputSchema.parse(raw);
      const pkg = input.package;
      const sent = await send('labels', 'POST', '/labels', {
        // Only a purchase the provider can recognise as the same one may be repeated.
        retry: input.idempotencyKey !== undefined,
        failFast: input.failFast === true,
        ...(input.idempotencyKey ? { headers: { 'Idempotency-Key': input.idempotencyKey } } : {}),
        json: {
          serviceCode: input.serviceCode,
          ...(input.template ? { template: input.template } : {}),
          from: input.from,
          to: input.to,
          package: {
            weight: pkg.weight,
            weightUnit: pkg.weightUnit,
            length: pkg.length,
            width: pkg.width,
            height: pkg.height,
            dimensionUnit: 'in',
            description: pkg.description ?? null,
            value: pkg.valueCents == null ? null : pkg.valueCents / 100,
          },
          ...(input.reference ? { reference: input.reference } : {}),
          includePdf: true,
        },
      });
      let label: z.output<typeof WireLabel>;
      try {
        label = json(sent, WireLabel, 'POST /v1/labels');
      } catch (err) {
        // Success, but not an answer we can read: the label may exist.
        if (err instanceof ProviderError) throw withUnknownOutcome(err, labelIdIn(sent.body));
        throw err;
      }
      let pdf: Uint8Array | undefined;
      try {
        pdf = label.labelPdf ? decodeBase64(label.labelPdf) : undefined;
      } catch {
        pdf = undefined;
      }
      if (!pdf || !isPdf(pdf)) {
        throw new ProviderError('upstream_error', MSG.rejected, {
          logMessage: `POST /v1/labels: label ${label.labelId} came without a readable PDF`,
          outcomeUnknown: { labelId: label.labelId },
        });
      }
      const replayed = sent.res.headers.get('idempotent-replayed') === 'true';
      return { ...toLabel(label, replayed), pdf };
    },

    async findLabelByIdempotencyKey(idempotencyKey: string) {
      const sent = await send('lookup', 'GET', `/labels?idempotencyKey=${enc(idempotencyKey)}`, { retry: true });
      const found = json(sent, WireLabelList, 'GET /v1/labels?idempotencyKey');
      const [first] = found.labels;
      return first ? toLabel(first, false) : null;
    },

    async getLabelPdf(labelId: string) {
      const sent = await send('pdf', 'GET', `/labels/${enc(labelId)}/pdf`, { retry: true });
      if (!isPdf(sent.body)) {
        throw new ProviderError('upstream_error', MSG.rejected, {
          logMessage: `label ${labelId}: answer is not a PDF`,
        });
      }
      return sent.body;
    },

    async getLabelFile(labelId: string, format: 'png' | 'zpl', opts: { dpi: 203 | 300 }) {
      const path = format === 'zpl' ? `/labels/${enc(labelId)}/zpl?dpi=${opts.dpi}` : `/labels/${enc(labelId)}/png`;
      const sent = await send(format, 'GET', path, { retry: true });
      const valid = format === 'zpl' ? isZpl(sent.body) : isPng(sent.body);
      if (!valid) {
        throw new ProviderError('upstream_error', MSG.rejected, {
          logMessage: `label ${labelId}: answer is not ${format === 'zpl' ? 'ZPL' : 'a PNG'}`,
        });
      }
      return sent.body;
    },

    async getTracking(trackingNumber: string): Promise<ProviderTracking> {
      const sent = await send('tracking', 'GET', `/tracking/${enc(trackingNumber)}`, { retry: true });
      const t = json(sent, WireTracking, 'GET /v1/tracking');
      return {
        trackingNumber: t.trackingNumber,
        status: t.status,
        estimatedDelivery: t.estimatedDelivery ?? null,
        deliveredAt: t.deliveredAt ?? null,
        events: t.events.map((e) => ({
          status: e.status,
          description: e.description,
          location: e.location ?? null,
          occurredAt: e.occurredAt,
        })),
        checkedAt: t.checkedAt,
      };
    },

    async voidLabel(labelId: string) {
      // Idempotent by the protocol (voiding a voided label answers the same 200), so a retry cannot do harm.
      const sent = await send('void', 'POST', `/labels/${enc(labelId)}/void`, { retry: true });
      return toLabel(json(sent, WireLabel, 'POST /v1/labels/{id}/void'), false);
    },
  };
}

import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Catalogue, OfferedService } from './catalogue';
import { CarrierError } from './errors';
import { toCents, toUsd } from './money';
import type { SandboxRuntime } from './runtime';
import type { ServiceInput } from './schemas';
import type { LabelRecord, ServiceDefinition } from './types';

/** What the sandbox's routes share: answers (views, errors, unusable answers), body reading, latency. */

/** Bigger than any client should read (LabelDesk stops at 8 MiB). */
export const OVERSIZED_ANSWER_BYTES = 9 * 1024 * 1024;

/**
 * The answer a purchase gets under the `label-answer` control, the label being bought (and billed) all the same:
 * success that is not JSON, JSON of the wrong shape (the label id still in it), no PDF, a PDF that is not one, a body
 * too large to read, or a 500 as if the sandbox crashed after the purchase. Null: answer normally.
 */
export function unusableAnswer(
  rt: SandboxRuntime,
  view: ReturnType<typeof labelView> & { labelPdf?: string },
  status: 200 | 201,
): Response | null {
  const current = rt.labelAnswer;
  if (current.answer === 'normal' || current.remaining === 0) return null;
  if (current.remaining !== null) current.remaining -= 1;
  const json = (body: unknown, code: number = status) =>
    new Response(JSON.stringify(body), { status: code, headers: { 'Content-Type': 'application/json' } });
  switch (current.answer) {
    case 'non_json':
      return new Response(`<html><body><h1>Label ${view.labelId} created</h1></body></html>`, {
        status,
        headers: { 'Content-Type': 'text/html; charset=utf-8' },
      });
    case 'wrong_shape': {
      const { trackingNumber: _dropped, ...rest } = view;
      return json({ ...rest, price: `${view.price} USD` });
    }
    case 'no_pdf': {
      const { labelPdf: _dropped, ...rest } = view;
      return json(rest);
    }
    case 'bad_pdf':
      return json({ ...view, labelPdf: Buffer.from('this is not a PDF document').toString('base64') });
    case 'oversized': {
      const text = JSON.stringify(view);
      return new Response(text + ' '.repeat(Math.max(0, OVERSIZED_ANSWER_BYTES - text.length)), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    case 'server_error':
      return json(new CarrierError('internal_error', 'Internal error').toBody(), 500);
  }
}

export type AppEnv = { Variables: { catalogue: Catalogue; requestId: string } };

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function drawLatency(rt: SandboxRuntime): number {
  const l = rt.latency;
  if (typeof l === 'number') return l;
  return Math.round(l.min + rt.latencyRng() * (l.max - l.min));
}

/** JSON with object keys sorted, so equal bodies hash equally whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export async function readJson(c: Context): Promise<unknown> {
  const raw = await c.req.text();
  if (raw.trim() === '') return {};
  try {
    return JSON.parse(raw);
  } catch {
    throw new CarrierError('invalid_request', 'The request body must be JSON', {
      details: [{ field: '(body)', message: 'is not valid JSON' }],
    });
  }
}

export function baseUrl(c: Context, catalogue: Catalogue, basePath = ''): string {
  return `${new URL(c.req.url).origin}${basePath}/catalogues/${catalogue.id}`;
}

export function serviceView(service: OfferedService, templates: readonly string[]) {
  return {
    carrier: service.carrier,
    name: service.name,
    serviceCode: service.serviceCode,
    status: service.status,
    maxWeight: service.maxWeight,
    weightUnit: service.weightUnit,
    prices: service.tiers.map((t) => ({ fromWeight: t.fromWeight, toWeight: t.toWeight, price: toUsd(t.priceCents) })),
    transitDays: { ...service.transitDays },
    templates: service.carrier === 'USPS' ? [...templates] : [],
  };
}

export function labelView(label: LabelRecord, base: string) {
  return {
    labelId: label.labelId,
    status: label.status,
    carrier: label.carrier,
    service: label.serviceName,
    serviceCode: label.serviceCode,
    template: label.template,
    trackingNumber: label.trackingNumber,
    price: toUsd(label.priceCents),
    currency: 'USD',
    billedWeight: label.billedWeight,
    billedWeightUnit: label.billedWeightUnit,
    from: label.from,
    to: label.to,
    package: {
      weight: label.package.weight,
      weightUnit: label.package.weightUnit,
      length: label.package.length,
      width: label.package.width,
      height: label.package.height,
      dimensionUnit: 'in',
      description: label.package.description,
      value: label.package.valueCents === null ? null : toUsd(label.package.valueCents),
    },
    reference: label.reference,
    estimatedDelivery: label.estimatedDelivery,
    createdAt: label.createdAt,
    voidedAt: label.voidedAt,
    labelUrl: `${base}/v1/labels/${label.labelId}/pdf`,
  };
}

export function serviceFromInput(input: ReturnType<typeof ServiceInput.parse>): ServiceDefinition {
  const isOz = /\boz\b/i.test(input.name);
  return {
    carrier: input.carrier,
    name: input.name,
    serviceCode: input.serviceCode,
    status: input.status,
    weightUnit: input.weightUnit ?? (isOz ? 'oz' : 'lbs'),
    maxWeight: input.maxWeight,
    tiers: input.prices.map((p) => ({
      fromWeight: p.fromWeight,
      toWeight: p.toWeight,
      priceCents: toCents(p.price),
    })),
    transitDays: input.transitDays,
    ...(input.trackingCode ? { trackingCode: input.trackingCode } : {}),
  };
}

export function respondError(c: Context, err: CarrierError): Response {
  for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
  return c.json(err.toBody(), err.status as ContentfulStatusCode);
}

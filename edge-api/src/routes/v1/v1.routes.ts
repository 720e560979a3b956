import {
  ErrorBody,
  V1CreateLabelRequest,
  V1CreateLabelResponse,
  V1OrderIdParam,
  V1OrderResponse,
  V1ServicesQuery,
  V1ServicesResponse,
  V1UserResponse,
} from '@labeldesk/contracts';
import { createMiddleware } from 'hono/factory';
import type { z } from 'zod';
import type { AppEnv } from '../../env';
import { ApiError } from '../../errors';
import { jsonBody, pathParams, queryParams } from '../../middleware/validate';

/**
 * The public API (/api/v1), one table for both the routing and the OpenAPI document (routes/v1/openapi.ts): each
 * entry's zod schemas validate the request and describe it, so the reference cannot drift from what is enforced.
 * Paths use Hono's `:param`; the document writes them `{param}`.
 */
export interface V1RouteSpec {
  method: 'get' | 'post';
  path: string;
  summary: string;
  description: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Takes an Idempotency-Key header. */
  idempotent?: boolean;
  /** JSON answers by status; `pdf` answers a PDF document. */
  responses: Record<number, { description: string; schema?: z.ZodType; pdf?: boolean }>;
}

export const v1Routes = {
  user: {
    method: 'get',
    path: '/user',
    summary: 'Your account',
    description: 'The account the key belongs to: name, email, balance and total spend (USD).',
    responses: { 200: { description: 'The account', schema: V1UserResponse } },
  },
  services: {
    method: 'get',
    path: '/services',
    summary: 'Shipping APIs and services with your prices',
    description:
      'The enabled shipping APIs, and the enabled services of one of them (the default API without `apiId`) by carrier, each with your price for its smallest weight step and its reliability status.',
    query: V1ServicesQuery,
    responses: {
      200: { description: 'APIs and services', schema: V1ServicesResponse },
      404: { description: 'No such API, or no API available', schema: ErrorBody },
    },
  },
  createLabel: {
    method: 'post',
    path: '/create-label',
    summary: 'Buy one label',
    description:
      'Buys a label from your balance, exactly as the web app does. Name the service by `serviceId` (from GET /services) or by `apiId`, `carrier` and `serviceType`. `packageDetails` takes `dimensions: {length, width, height}` or the three flat. Send an `Idempotency-Key` header to retry safely: the same key and body answer the first result. 201 bought; 200 a replay; 202 the carrier is slow to confirm (the order settles or is refunded on its own). With a test key nothing is charged and the label is a specimen.',
    body: V1CreateLabelRequest,
    idempotent: true,
    responses: {
      201: { description: 'Label bought', schema: V1CreateLabelResponse },
      200: { description: 'Replay of an earlier request with the same Idempotency-Key', schema: V1CreateLabelResponse },
      202: { description: 'Waiting for the carrier to confirm', schema: V1CreateLabelResponse },
      402: { description: 'Insufficient balance (nothing charged)', schema: ErrorBody },
      404: { description: 'No such service, or it is disabled', schema: ErrorBody },
      409: { description: 'Price changed, or Idempotency-Key reused with another body', schema: ErrorBody },
    },
  },
  order: {
    method: 'get',
    path: '/orders/:order_id',
    summary: 'One of your orders',
    description: 'An order you bought (with this key mode). Another customer’s order answers 404.',
    params: V1OrderIdParam,
    responses: {
      200: { description: 'The order', schema: V1OrderResponse },
      404: { description: 'No such order of yours', schema: ErrorBody },
    },
  },
  label: {
    method: 'get',
    path: '/labels/:order_id',
    summary: 'The label PDF of one of your orders',
    description: 'The 4x6 inch label document (application/pdf). 409 while the label is not bought yet.',
    params: V1OrderIdParam,
    responses: {
      200: { description: 'The label', pdf: true },
      404: { description: 'No such order of yours', schema: ErrorBody },
      409: { description: 'The label is not available yet', schema: ErrorBody },
    },
  },
} as const satisfies Record<string, V1RouteSpec>;

/** The public document routes (no key): the OpenAPI document. */
export const v1DocRoutes = { openapi: '/openapi.json' } as const;

export const UNSUPPORTED_MEDIA_TYPE_MESSAGE = 'Send the request body as JSON with Content-Type: application/json';
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** A body that is not declared JSON answers 415 (before it is read). */
export const requireJsonBody = createMiddleware<AppEnv>(async (c, next) => {
  const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim() ?? '';
  if (!JSON_MEDIA_TYPE.test(mediaType)) {
    throw new ApiError('unsupported_media_type', UNSUPPORTED_MEDIA_TYPE_MESSAGE, {
      details: [{ path: 'Content-Type', message: UNSUPPORTED_MEDIA_TYPE_MESSAGE }],
    });
  }
  await next();
});

export const v1Validators = {
  services: queryParams(V1ServicesQuery),
  createLabel: jsonBody(V1CreateLabelRequest),
  orderId: pathParams(V1OrderIdParam),
};

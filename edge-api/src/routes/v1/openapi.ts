import {
  ErrorBody,
  PUBLIC_API_BASE_PATH,
  PUBLIC_API_RATE_LIMIT,
  PUBLIC_API_RATE_WINDOW_SECONDS,
} from '@labeldesk/contracts';
import { z } from 'zod';
import { voidRoutes } from '../order-void/order-void.routes';
import { webhookRoutes } from '../webhooks/webhooks.routes';
import { type V1RouteSpec, v1Routes } from './v1.routes';

/**
 * The OpenAPI 3.1 document of /api/v1, generated from the zod schemas the routes validate with (v1.routes.ts) by
 * zod's own `z.toJSONSchema` (JSON Schema 2020-12, the dialect OpenAPI 3.1 uses): request bodies and parameters as the
 * validators accept them (`io: 'input'`), answers as the handlers produce them (`io: 'output'`). Not hand-written.
 */

type JsonSchema = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const json = schemaOf(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

const rateLimitHeaders = {
  RateLimit: {
    description: 'IETF draft-ietf-httpapi-ratelimit-headers: `"api-key";r=<remaining>;t=<seconds until reset>`',
    schema: { type: 'string' },
  },
  'RateLimit-Policy': {
    description: `IETF draft: \`"api-key";q=${PUBLIC_API_RATE_LIMIT};w=${PUBLIC_API_RATE_WINDOW_SECONDS}\``,
    schema: { type: 'string' },
  },
  'X-RateLimit-Limit': { description: 'Requests allowed per window', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Requests left in this window', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'When the window ends (Unix epoch seconds)', schema: { type: 'integer' } },
};

const errorContent = () => ({ 'application/json': { schema: schemaOf(ErrorBody, 'output') } });

/** Answers every key-authenticated route can give besides its own. */
function commonResponses(route: V1RouteSpec): Record<string, unknown> {
  const out: Record<string, unknown> = {
    400: { description: 'Invalid input (details lists every problem)', content: errorContent() },
    401: { description: 'Missing, malformed, revoked or unknown API key', content: errorContent() },
    429: {
      description: `Over ${PUBLIC_API_RATE_LIMIT} requests in ${PUBLIC_API_RATE_WINDOW_SECONDS / 60} minutes on this key`,
      headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } }, ...rateLimitHeaders },
      content: errorContent(),
    },
    500: { description: 'Something went wrong on our side', content: errorContent() },
  };
  if (route.body) {
    const mib = (route.maxBodyBytes ?? 1024 * 1024) / (1024 * 1024);
    out[413] = { description: `Request body over ${mib} MiB`, content: errorContent() };
    out[415] = { description: 'Body not sent as application/json', content: errorContent() };
  }
  if (route.method === 'post' && !route.noCarrier) {
    out[502] = { description: 'The carrier refused or failed (nothing charged)', content: errorContent() };
    out[503] = { description: 'The carrier is unavailable (nothing charged)', content: errorContent() };
  }
  return out;
}

function operation(id: string, route: V1RouteSpec): JsonSchema {
  const responses: Record<string, unknown> = commonResponses(route);
  for (const [status, answer] of Object.entries(route.responses)) {
    responses[status] = {
      description: answer.description,
      ...(Number(status) < 300 ? { headers: rateLimitHeaders } : {}),
      content: answer.files
        ? Object.fromEntries(answer.files.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]))
        : answer.pdf
          ? { 'application/pdf': { schema: { type: 'string', format: 'binary' } } }
          : {
              'application/json': {
                schema: schemaOf(answer.schema ?? ErrorBody, 'output'),
                ...(answer.example === undefined ? {} : { example: answer.example }),
              },
            },
    };
  }
  return {
    operationId: id,
    summary: route.summary,
    description: route.description,
    parameters: [
      ...parameters(route.params, 'path'),
      ...parameters(route.query, 'query'),
      ...(route.idempotent
        ? [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: false,
              description: 'Makes a retry safe: the same key and body answer the first result (1-255 visible ASCII).',
              schema: { type: 'string', minLength: 1, maxLength: 255 },
            },
          ]
        : []),
    ],
    ...(route.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(route.body, 'input') } } } }
      : {}),
    responses,
  };
}

/** `/orders/:order_id` → `/orders/{order_id}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

export interface OpenApiOptions {
  /** The server URL integrators call, e.g. https://labeldesk.example/api/v1 (default: the relative base path). */
  serverUrl?: string;
}

export function buildOpenApiDocument(opts: OpenApiOptions = {}): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [id, route] of Object.entries({ ...v1Routes, ...voidRoutes, ...webhookRoutes }) as [
    string,
    V1RouteSpec,
  ][]) {
    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method] = operation(id, route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'LabelDesk API',
      version: '1.0.0',
      description: [
        'Buy UPS, USPS and FedEx labels from your prepaid LabelDesk balance.',
        '',
        'Authenticate with your API key from the API Information page: `x-api-key: Bearer <key>` (the bare key and',
        '`Authorization: Bearer <key>` are accepted too; a key in the URL is refused). A live key (`ld_live_…`) buys',
        'real labels from your balance; a test key (`ld_test_…`) runs the same requests and checks with nothing charged',
        'and specimen labels that are never listed with your orders.',
        '',
        `Limit: ${PUBLIC_API_RATE_LIMIT} requests per ${PUBLIC_API_RATE_WINDOW_SECONDS / 60} minutes per key, then HTTP`,
        '429 with Retry-After. Every error answers `{"error": {"code", "message", "details": [{"path", "message"}]}}`.',
      ].join('\n'),
    },
    servers: [{ url: opts.serverUrl ?? PUBLIC_API_BASE_PATH }],
    security: [{ apiKey: [] }, { bearer: [] }],
    components: {
      securitySchemes: {
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'x-api-key',
          description: 'Your key, as `Bearer <key>` or bare',
        },
        bearer: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <key>' },
      },
    },
    paths,
  };
}

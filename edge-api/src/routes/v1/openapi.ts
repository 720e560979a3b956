import {
  COUNTRIES,
  ErrorBody,
  PUBLIC_API_BASE_PATH,
  PUBLIC_API_RATE_LIMIT,
  PUBLIC_API_RATE_WINDOW_SECONDS,
  USPS_TEMPLATE_NAMES,
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

/** What the limit really is (middleware/api-key.ts): said in the document's description and on the 429. */
const LIMIT_TEXT = `${PUBLIC_API_RATE_LIMIT} requests per ${PUBLIC_API_RATE_WINDOW_SECONDS / 60} minutes per account, in a fixed window: a live key and every key it was regenerated into share one count, and the test key has a count of its own`;

/** The limit headers every answer to a request with an accepted key carries (errors included), as named components. */
const RATE_LIMIT_HEADERS = {
  RateLimit: {
    description:
      'IETF draft-ietf-httpapi-ratelimit-headers: `"api-key";r=<remaining>;t=<seconds until the window ends>`',
    schema: { type: 'string' },
  },
  'RateLimit-Policy': {
    description: `IETF draft: \`"api-key";q=${PUBLIC_API_RATE_LIMIT};w=${PUBLIC_API_RATE_WINDOW_SECONDS}\` (${LIMIT_TEXT})`,
    schema: { type: 'string' },
  },
  'X-RateLimit-Limit': { description: 'Requests allowed per window', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Requests left in this window', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'When the window ends (Unix epoch seconds)', schema: { type: 'integer' } },
};
const rateLimitHeaders = Object.fromEntries(
  Object.keys(RATE_LIMIT_HEADERS).map((name) => [name, { $ref: `#/components/headers/${name}` }]),
);

/** `createLabel` → `CreateLabel`: the stem of an operation's named component schemas. */
const pascal = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

/** The document's named schemas (components.schemas), filled while the operations are built; `$ref` to each. */
class SchemaNames {
  readonly schemas: Record<string, JsonSchema> = {};
  ref(name: string, schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    this.schemas[name] ??= schemaOf(schema, io);
    return { $ref: `#/components/schemas/${name}` };
  }
}

const errorContent = (names: SchemaNames) => ({
  'application/json': { schema: names.ref('Error', ErrorBody, 'output') },
});

/**
 * Answers every key-authenticated route can give besides its own. 401 is answered before the key is counted: the
 * only answer without the limit headers.
 */
function commonResponses(route: V1RouteSpec, names: SchemaNames): Record<string, unknown> {
  const error = (description: string) => ({ description, headers: rateLimitHeaders, content: errorContent(names) });
  const out: Record<string, unknown> = {
    400: error('Invalid input (details lists every problem, each with the path of the field or parameter)'),
    401: { description: 'Missing, malformed, revoked or unknown API key', content: errorContent(names) },
    429: {
      description: `Over the limit: ${LIMIT_TEXT}`,
      headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } }, ...rateLimitHeaders },
      content: errorContent(names),
    },
    500: error('Something went wrong on our side'),
  };
  if (route.body) {
    const mib = (route.maxBodyBytes ?? 1024 * 1024) / (1024 * 1024);
    out[413] = error(`Request body over ${mib} MiB`);
    out[415] = error('Body not sent as application/json');
  }
  if (route.method === 'post' && !route.noCarrier) {
    out[502] = error('The carrier refused or failed (nothing charged)');
    out[503] = error('The carrier is unavailable (nothing charged)');
  }
  return out;
}

function operation(id: string, route: V1RouteSpec, names: SchemaNames): JsonSchema {
  const responses: Record<string, unknown> = commonResponses(route, names);
  for (const [status, answer] of Object.entries(route.responses)) {
    const named =
      !answer.schema || answer.schema === ErrorBody
        ? names.ref('Error', ErrorBody, 'output')
        : names.ref(`${pascal(id)}${Number(status) < 300 ? '' : status}Response`, answer.schema, 'output');
    responses[status] = {
      description: answer.description,
      headers: rateLimitHeaders,
      content: answer.files
        ? Object.fromEntries(answer.files.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]))
        : answer.pdf
          ? { 'application/pdf': { schema: { type: 'string', format: 'binary' } } }
          : {
              'application/json': {
                schema: named,
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
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: names.ref(`${pascal(id)}Request`, route.body, 'input'),
                ...(route.bodyExample === undefined ? {} : { example: route.bodyExample }),
              },
            },
          },
        }
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
  const names = new SchemaNames();
  for (const [id, route] of Object.entries({ ...v1Routes, ...voidRoutes, ...webhookRoutes }) as [
    string,
    V1RouteSpec,
  ][]) {
    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method] = operation(id, route, names);
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
        'real labels from your balance; a test key (`ld_test_…`) runs exactly the same code against the sandbox of each',
        "service's shipping API: the same checks, prices, bulk queue, tracking and webhooks (`livemode: false`), with",
        'nothing charged and the balance neither checked nor touched (so a test key never answers 402), up to',
        'TEST_LABELS_PER_DAY test labels per account per UTC day (default 1,000; beyond it 429 with Retry-After until',
        'midnight UTC). Test orders are seen only by your test key, never in the web app, and are deleted after 30 days.',
        '',
        `Limit: ${LIMIT_TEXT}; then HTTP 429 with Retry-After. Every answer to a request whose key was accepted carries`,
        'the RateLimit, RateLimit-Policy and X-RateLimit-* headers, errors included.',
        '',
        'Every error answers `{"error": {"code", "message", "details": [{"path", "message"}]}}`.',
        '',
        'Rules the server enforces beyond the types: weight and each dimension from 0.1 to 10,000 (in 0.1 steps on the',
        'web form); a parcel over the service’s maximum weight is refused (400), and so is a service with no price for it.',
        `Countries: ${COUNTRIES.join(', ')} (default US). USPS label templates, checked by the carrier when buying:`,
        `${USPS_TEMPLATE_NAMES.join(', ')} (default BASIC; each shipping API offers its own subset); ignored for UPS and FedEx.`,
        'A US address (country US) needs a five-digit ZIP code or ZIP+4 and a two-letter state code: otherwise 400 on',
        'that field (`recipient.zip`, `sender.state`), from /rates, /create-label and each order of /create-bulk-labels',
        '(`orders[n].recipient.zip`), before anything is charged.',
      ].join('\n'),
    },
    servers: [{ url: opts.serverUrl ?? PUBLIC_API_BASE_PATH }],
    security: [{ apiKey: [] }, { bearer: [] }],
    components: {
      schemas: names.schemas,
      headers: RATE_LIMIT_HEADERS,
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

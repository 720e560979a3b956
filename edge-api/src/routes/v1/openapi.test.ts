import { COUNTRIES, USPS_TEMPLATE_NAMES, V1RatesResponse } from '@labeldesk/contracts';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { voidRoutes } from '../order-void/order-void.routes';
import { webhookRoutes } from '../webhooks/webhooks.routes';
import { buildOpenApiDocument, openApiPath } from './openapi';
import { type V1RouteSpec, v1Routes } from './v1.routes';

type Answer = { headers?: Record<string, unknown>; content?: Record<string, { schema: Record<string, unknown> }> };
type Doc = {
  info: { description: string };
  paths: Record<
    string,
    Record<string, { responses: Record<string, Answer>; requestBody?: { content: Answer['content'] } }>
  >;
  components: { schemas: Record<string, Record<string, unknown>>; headers: Record<string, unknown> };
};

const doc = buildOpenApiDocument() as unknown as Doc;

type Operation = Doc['paths'][string][string] & {
  responses: Record<string, { content?: Record<string, { schema: object; example?: unknown }> }>;
  requestBody?: { content?: Record<string, { schema: object; example?: unknown }> };
};

/** The document's own JSON Schema accepts the example it shows (components resolved by ajv). */
function expectValid(ajv: Ajv2020, media: { schema: object; example?: unknown } | undefined, name: string) {
  expect(media?.example, `${name}: no example in the document`).toBeDefined();
  const ref = ((media?.schema ?? {}) as { $ref?: string }).$ref ?? '';
  const validate = ajv.getSchema(ref);
  expect(validate, `${name}: ${ref}`).toBeDefined();
  expect(validate?.(media?.example), `${name}: ${ajv.errorsText(validate?.errors)}`).toBe(true);
}
const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
);

describe('the OpenAPI document', () => {
  it('documents the label formats (issue 24): format and dpi of a label and of a bulk order’s combined labels', () => {
    const query = (path: string) =>
      Object.fromEntries(
        (
          (doc.paths[path]?.get as unknown as { parameters?: { name: string; in: string; schema: unknown }[] })
            ?.parameters ?? []
        )
          .filter((p) => p.in === 'query')
          .map((p) => [p.name, p.schema]),
      );
    const dpi = { type: 'string', enum: ['203', '300'], default: '203' };
    expect(query('/labels/{order_id}')).toEqual({
      format: { type: 'string', enum: ['pdf', 'png', 'zpl'], default: 'pdf' },
      dpi,
    });
    expect(query('/bulk-labels/{bulk_order_id}')).toEqual({
      format: { type: 'string', enum: ['pdf', 'zpl', 'letter-2up'], default: 'pdf' },
      dpi,
    });
  });

  it('documents the limit headers on every answer a counted request gets, 4xx included (401 comes before counting)', () => {
    for (const { name, op } of operations) {
      for (const [status, answer] of Object.entries(op.responses)) {
        const headers = Object.keys(answer.headers ?? {});
        if (status === '401') expect(headers, `${name} ${status}`).toEqual([]);
        else
          expect(headers, `${name} ${status}`).toEqual(expect.arrayContaining(['RateLimit', 'X-RateLimit-Remaining']));
      }
      expect(Object.keys(op.responses['429']?.headers ?? {})).toContain('Retry-After');
    }
    expect(Object.keys(doc.components.headers)).toContain('RateLimit-Policy');
  });

  it('says what the limit really is: per account, a key and its regenerations sharing it, test keys apart, fixed window', () => {
    expect(doc.info.description).toContain('per account, in a fixed window');
    expect(doc.info.description).toContain('regenerated');
    expect(doc.info.description).toContain('test key has a count of its own');
    expect(doc.info.description).not.toContain('per key');
  });

  it('names every JSON body schema in components.schemas and refers to it', () => {
    for (const { name, op } of operations) {
      const bodies = [
        ...Object.values(op.responses).map((a) => a.content?.['application/json']?.schema),
        op.requestBody?.content?.['application/json']?.schema,
      ].filter((s) => s !== undefined);
      for (const schema of bodies) {
        expect(schema, name).toEqual({ $ref: expect.stringMatching(/^#\/components\/schemas\/\w+$/) });
        const named = String(schema.$ref).split('/').at(-1) ?? '';
        expect(doc.components.schemas[named], `${name} ${named}`).toBeDefined();
      }
    }
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining([
        'Error',
        'CreateLabelRequest',
        'CreateLabelResponse',
        'ListOrdersResponse',
        'RatesRequest',
      ]),
    );
  });

  it('carries an example of the rates answer, valid against its own schema', () => {
    const answer = doc.paths['/rates']?.post?.responses['200'] as Answer & {
      content: Record<string, { example?: unknown }>;
    };
    expect(V1RatesResponse.parse(answer.content['application/json']?.example).rates.length).toBeGreaterThan(0);
  });

  it('carries an example of every JSON body an operation takes and answers with success, valid against its schema', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    for (const schema of Object.entries(doc.components.schemas))
      ajv.addSchema(schema[1], `#/components/schemas/${schema[0]}`);
    const routes = Object.entries({ ...v1Routes, ...voidRoutes, ...webhookRoutes }) as [string, V1RouteSpec][];
    let checked = 0;
    for (const [id, route] of routes) {
      const name = `${route.method.toUpperCase()} ${route.path} (${id})`;
      const op = doc.paths[openApiPath(route.path)]?.[route.method] as Operation;
      if (route.body) {
        expect(route.body.safeParse(route.bodyExample).error, `${name} body example`).toBeUndefined();
        expectValid(ajv, op.requestBody?.content?.['application/json'], `${name} body`);
        checked++;
      }
      for (const [status, answer] of Object.entries(route.responses)) {
        if (Number(status) >= 300 || !answer.schema) continue;
        expect(answer.schema.safeParse(answer.example).error, `${name} ${status} example`).toBeUndefined();
        expectValid(ajv, op.responses[status]?.content?.['application/json'], `${name} ${status}`);
        checked++;
      }
    }
    // 20 operations: 5 JSON bodies and 22 JSON success answers (the two file downloads answer bytes).
    expect(checked).toBe(27);
  });

  it('states the rules the server enforces: the 0.1 minimums, the template values, the countries, US addresses', () => {
    const text = JSON.stringify(doc.components.schemas.CreateLabelRequest);
    expect(text).toContain('"minimum":0.1');
    expect(text).toContain('"maximum":10000');
    for (const template of USPS_TEMPLATE_NAMES) expect(text).toContain(template);
    expect(text).toContain(JSON.stringify([...COUNTRIES]));
    expect(doc.info.description).toContain(COUNTRIES.join(', '));
    // check-addresses.ts: the US ZIP and state rule, on /rates, /create-label and every bulk order.
    expect(doc.info.description).toContain('five-digit ZIP code or ZIP+4 and a two-letter state code');
  });
});

import { COUNTRIES, USPS_TEMPLATE_NAMES, V1RatesResponse } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi';

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
const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
);

describe('the OpenAPI document', () => {
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

  it('states the rules the server enforces: the 0.1 minimums, the template values, the countries', () => {
    const text = JSON.stringify(doc.components.schemas.CreateLabelRequest);
    expect(text).toContain('"minimum":0.1');
    expect(text).toContain('"maximum":10000');
    for (const template of USPS_TEMPLATE_NAMES) expect(text).toContain(template);
    expect(text).toContain(JSON.stringify([...COUNTRIES]));
    expect(doc.info.description).toContain(COUNTRIES.join(', '));
  });
});

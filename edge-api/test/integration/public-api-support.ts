import { ApiKeyResponse } from '@labeldesk/contracts';
import Ajv2020 from 'ajv/dist/2020.js';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { buildOpenApiDocument, openApiPath } from '../../src/routes/v1/openapi';
import { type CallResult, call, type TestServer } from './helpers';

/** The public API over HTTP: keys from the key page, calls with a key, and every answer checked against the document. */

export async function apiKeysOf(server: TestServer, token: string): Promise<ApiKeyResponse> {
  const res = await call(server, 'GET', '/api/user/api-key', { token });
  expect(res.status, res.text).toBe(200);
  return ApiKeyResponse.parse(res.body);
}

export async function regenerate(server: TestServer, token: string, mode?: 'live' | 'test') {
  const res = await call(server, 'POST', `/api/user/api-key/regenerate${mode ? `?mode=${mode}` : ''}`, { token });
  expect(res.status, res.text).toBe(200);
  return ApiKeyResponse.parse(res.body);
}

export interface V1CallOptions {
  /** Sent as `x-api-key: Bearer <key>` (the SPEC's form) unless `headers` say otherwise. */
  key?: string;
  json?: unknown;
  raw?: string;
  headers?: Record<string, string>;
}

const document = buildOpenApiDocument();
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
const validators = new Map<string, ReturnType<typeof ajv.compile>>();

type Paths = Record<
  string,
  Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>
>;

/** A `$ref` to one of the document's named schemas (components.schemas), replaced by that schema. */
function resolved(schema: object): object {
  const ref = (schema as { $ref?: string }).$ref;
  const name = ref?.startsWith('#/components/schemas/') ? ref.slice('#/components/schemas/'.length) : undefined;
  if (!name) return schema;
  const named = (document.components as { schemas: Record<string, object> }).schemas[name];
  expect(named, `${ref} is not in the document`).toBeDefined();
  return named ?? {};
}

/**
 * Fails the test unless the answer is documented in the OpenAPI document served at /api/v1/openapi.json: its status
 * listed for that operation, its content type among the documented ones, and a JSON body valid against the schema.
 */
export function expectMatchesOpenApi(method: string, templatePath: string, res: CallResult): void {
  const operation = (document.paths as Paths)[openApiPath(templatePath)]?.[method.toLowerCase()];
  expect(operation, `${method} ${templatePath} is not in the OpenAPI document`).toBeDefined();
  const answer = operation?.responses[String(res.status)];
  expect(
    answer,
    `${method} ${templatePath} answered ${res.status}, which the document does not list: ${res.text}`,
  ).toBeDefined();
  const type = (res.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
  const content = answer?.content ?? {};
  expect(Object.keys(content), `${method} ${templatePath} ${res.status} answered ${type}`).toContain(type);
  if (type !== 'application/json') return;
  const cacheKey = `${method} ${templatePath} ${res.status}`;
  let validate = validators.get(cacheKey);
  if (!validate) {
    validate = ajv.compile(resolved(content[type]?.schema ?? {}));
    validators.set(cacheKey, validate);
  }
  const valid = validate(res.body);
  expect(valid, `${cacheKey} body does not match the document: ${ajv.errorsText(validate.errors)}\n${res.text}`).toBe(
    true,
  );
}

/**
 * One call to /api/v1<path>. `template` (e.g. '/orders/:order_id') names the documented operation the answer is
 * checked against; omit it for paths that are not operations (unknown routes).
 */
export async function v1(
  server: TestServer,
  method: string,
  path: string,
  opts: V1CallOptions & { template?: string | false } = {},
): Promise<CallResult> {
  const headers: Record<string, string> = {
    ...(opts.key ? { 'x-api-key': `Bearer ${opts.key}` } : {}),
    ...opts.headers,
  };
  const res = await call(server, method, `/api/v1${path}`, {
    headers,
    ...(opts.json !== undefined ? { json: opts.json } : {}),
    ...(opts.raw !== undefined ? { raw: opts.raw } : {}),
  });
  if (opts.template !== false) expectMatchesOpenApi(method, opts.template ?? path, res);
  return res;
}

/** Every text value of every table of the database file, for "never stored in plaintext" checks. */
export async function databaseText(server: TestServer): Promise<string> {
  const tables = await server.services.db.all<{ name: string }>(
    sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`,
  );
  let text = '';
  for (const { name } of tables) {
    const rows = await server.services.db.all<Record<string, unknown>>(sql.raw(`SELECT * FROM "${name}"`));
    text += `\n${name}\n${JSON.stringify(rows)}`;
  }
  return text;
}

import type { Context } from 'hono';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { ApiError } from '../../errors';
import { isOwnFile, isVendorFile, REFERENCE_FILE_NOT_FOUND_MESSAGE } from './api-reference.routes';
import { REFERENCE_CSP, REFERENCE_PAGE, REFERENCE_SCRIPT, REFERENCE_STYLES } from './reference-page';

const factory = createFactory<AppEnv>();

const JS = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';
const typeOf = (name: string) => (name.endsWith('.js') ? JS : CSS);

/** Every answer of the reference carries its policy (the page's is the one that counts). */
function referenceHeaders(c: Context<AppEnv>, cacheControl: string): void {
  c.header('Content-Security-Policy', REFERENCE_CSP);
  c.header('Cache-Control', cacheControl);
}

/** GET /api/v1/reference: the page (revalidated, so a new version shows at once). */
export const page = factory.createHandlers(async (c) => {
  referenceHeaders(c, 'no-cache');
  return c.html(REFERENCE_PAGE, 200);
});

/**
 * GET /api/v1/reference/:file: our start-up script and stylesheet, and Swagger UI's bundle and stylesheet (cached a
 * day: they change only with the swagger-ui-dist version). Anything else is 404.
 */
export const file = factory.createHandlers(async (c) => {
  const name = c.req.param('file') ?? '';
  if (isOwnFile(name)) {
    referenceHeaders(c, 'no-cache');
    return c.body(name === 'reference.js' ? REFERENCE_SCRIPT : REFERENCE_STYLES, 200, { 'Content-Type': typeOf(name) });
  }
  if (!isVendorFile(name)) throw new ApiError('not_found', REFERENCE_FILE_NOT_FOUND_MESSAGE);
  const bytes = await c.get('services').referenceAssets.read(name);
  if (!bytes)
    throw new ApiError('internal_error', 'The API reference is unavailable', { logMessage: `${name} missing` });
  referenceHeaders(c, 'public, max-age=86400');
  return c.body(bytes, 200, { 'Content-Type': typeOf(name) });
});

import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { IDEMPOTENCY_KEY_MESSAGE, IdempotencyKey } from '../lib/idempotency';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * The optional `Idempotency-Key` header of every creating route (purchases, bulk orders, the public API's, an admin's
 * balance change): 1-255 visible ASCII characters (lib/idempotency.ts), else 400 before anything is read or written.
 * Read it with `c.get('idempotencyKey')` (undefined without the header); the use-case replays or refuses with it.
 */
export const idempotencyKey = createMiddleware<AppEnv & { Variables: { idempotencyKey: string | undefined } }>(
  async (c, next) => {
    const raw = c.req.header(IDEMPOTENCY_KEY_HEADER);
    if (raw === undefined) {
      c.set('idempotencyKey', undefined);
    } else {
      const parsed = IdempotencyKey.safeParse(raw);
      if (!parsed.success) {
        throw new ApiError('invalid_input', IDEMPOTENCY_KEY_MESSAGE, {
          details: [{ path: IDEMPOTENCY_KEY_HEADER, message: IDEMPOTENCY_KEY_MESSAGE }],
        });
      }
      c.set('idempotencyKey', parsed.data);
    }
    await next();
  },
);

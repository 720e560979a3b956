import type { AdminUserListResponse, UpdateBalanceResponse } from '@labeldesk/contracts';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { ApiError } from '../../errors';
import { usdToCents } from '../../lib/money';
import { presentTransaction } from '../../lib/presenters/transaction';
import { presentUser } from '../../lib/presenters/user';
import { requireAdmin } from '../../middleware/auth';
import { adjustUserBalance } from '../../use-cases/users/adjust-user-balance';
import { listUsers } from '../../use-cases/users/list-users';
import { IDEMPOTENCY_KEY_HEADER, IdempotencyKey, usersValidators } from './users.routes';

const factory = createFactory<AppEnv>();

export const adminList = factory.createHandlers(requireAdmin, async (c) => {
  const body: AdminUserListResponse = { users: (await listUsers(c.get('services'))).map(presentUser) };
  return c.json(body, 200);
});

export const adminBalance = factory.createHandlers(
  requireAdmin,
  usersValidators.id,
  usersValidators.balance,
  async (c) => {
    const request = c.req.valid('json');
    const rawKey = c.req.header(IDEMPOTENCY_KEY_HEADER);
    const key = rawKey === undefined ? undefined : IdempotencyKey.safeParse(rawKey);
    if (key && !key.success) {
      throw new ApiError('invalid_input', 'Idempotency-Key must be 1 to 200 characters', {
        details: [{ path: IDEMPOTENCY_KEY_HEADER, message: 'Idempotency-Key must be 1 to 200 characters' }],
      });
    }
    const { user, entry } = await adjustUserBalance(c.get('services'), {
      adminId: c.get('user').id,
      userId: c.req.valid('param').id,
      change:
        request.mode === 'set'
          ? { mode: 'set', balanceCents: usdToCents(request.balance) }
          : { mode: 'add', amountCents: usdToCents(request.amount) },
      reason: request.reason,
      ...(key?.success ? { requestKey: key.data } : {}),
    });
    const presented = presentUser(user);
    const body: UpdateBalanceResponse = {
      ...presented,
      user: presented,
      transaction: entry ? presentTransaction(entry) : null,
      message: entry ? 'Balance updated successfully' : 'Balance unchanged: it already has that value',
    };
    return c.json(body, 200);
  },
);

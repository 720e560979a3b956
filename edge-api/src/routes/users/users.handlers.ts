import type { AdminUserListResponse, UpdateBalanceResponse } from '@labeldesk/contracts';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { usdToCents } from '../../lib/money';
import { presentTransaction } from '../../lib/presenters/transaction';
import { presentUser } from '../../lib/presenters/user';
import { requireAdmin } from '../../middleware/auth';
import { adjustUserBalance } from '../../use-cases/users/adjust-user-balance';
import { listUsers } from '../../use-cases/users/list-users';
import { usersValidators } from './users.routes';

const factory = createFactory<AppEnv>();

export const adminList = factory.createHandlers(requireAdmin, async (c) => {
  const body: AdminUserListResponse = { users: (await listUsers(c.get('services'))).map(presentUser) };
  return c.json(body, 200);
});

export const adminBalance = factory.createHandlers(
  requireAdmin,
  usersValidators.id,
  usersValidators.idempotencyKey,
  usersValidators.balance,
  async (c) => {
    const request = c.req.valid('json');
    const requestKey = c.get('idempotencyKey');
    const { user, entry } = await adjustUserBalance(c.get('services'), {
      adminId: c.get('user').id,
      userId: c.req.valid('param').id,
      change:
        request.mode === 'set'
          ? { mode: 'set', balanceCents: usdToCents(request.balance) }
          : { mode: 'add', amountCents: usdToCents(request.amount) },
      reason: request.reason,
      ...(requestKey ? { requestKey } : {}),
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

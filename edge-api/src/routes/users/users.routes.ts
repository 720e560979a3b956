import { UpdateBalanceRequest } from '@labeldesk/contracts';
import { z } from 'zod';
import { jsonBody, pathParams } from '../../middleware/validate';

/** Admin: customers and their balances. */
export const usersRoutes = {
  adminList: '/admin/users',
  adminBalance: '/admin/users/:id/balance',
} as const;

export const UserIdParam = z.object({ id: z.string().trim().min(1).max(100) });

/** Optional `Idempotency-Key` header on a balance change: a retried request with the same key changes nothing. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IdempotencyKey = z.string().trim().min(1).max(200);

export const usersValidators = {
  id: pathParams(UserIdParam),
  balance: jsonBody(UpdateBalanceRequest),
};

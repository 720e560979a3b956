import { UpdateBalanceRequest } from '@labeldesk/contracts';
import { z } from 'zod';
import { idempotencyKey } from '../../middleware/idempotency-key';
import { jsonBody, pathParams } from '../../middleware/validate';

/** Admin: customers and their balances. */
export const usersRoutes = {
  adminList: '/admin/users',
  adminBalance: '/admin/users/:id/balance',
} as const;

export const UserIdParam = z.object({ id: z.string().trim().min(1).max(100) });

export const usersValidators = {
  id: pathParams(UserIdParam),
  balance: jsonBody(UpdateBalanceRequest),
  /** Optional on a balance change: a retried request with the same key changes nothing. */
  idempotencyKey,
};

import { ListQuery } from '@labeldesk/contracts';
import { queryParams } from '../../middleware/validate';

/** The logged-in user's own balance and ledger. */
export const balanceRoutes = {
  balance: '/balance',
  transactions: '/balance/transactions',
} as const;

export const balanceValidators = {
  list: queryParams(ListQuery),
};

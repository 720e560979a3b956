import { ListQuery } from '@labeldesk/contracts';
import { queryParams } from '../../middleware/validate';

/** Admin: deposit history across all customers. */
export const depositsRoutes = {
  adminList: '/admin/deposits',
} as const;

export const depositsValidators = {
  list: queryParams(ListQuery),
};

import { AdminOrderListQuery, LabelStatsQuery } from '@labeldesk/contracts';
import { queryParams } from '../../middleware/validate';

/** Admin: every customer's orders and the label statistics (SPEC §2 Admin Overview, All Orders). */
export const adminOrdersRoutes = {
  list: '/admin/orders',
  labelStats: '/admin/stats/labels',
} as const;

export const adminOrdersValidators = {
  list: queryParams(AdminOrderListQuery),
  labelStats: queryParams(LabelStatsQuery),
};

import { AdminBulkListQuery } from '@labeldesk/contracts';
import { pathParams, queryParams } from '../../middleware/validate';
import { BULK_ORDER_ID_PATTERN, BulkOrderIdParam } from '../bulk-orders/bulk-orders.routes';

/** Admin: every customer's bulk orders (SPEC §2 Admin All Orders → Bulk Orders tab and Bulk Order Details modal). */
export const adminBulkOrdersRoutes = {
  list: '/admin/bulk-orders',
  get: `/admin/bulk-orders/:id{${BULK_ORDER_ID_PATTERN}}`,
} as const;

export const adminBulkOrdersValidators = {
  list: queryParams(AdminBulkListQuery),
  id: pathParams(BulkOrderIdParam),
};

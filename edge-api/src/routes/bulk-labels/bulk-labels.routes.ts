import { BulkLabelFormatQuery } from '@labeldesk/contracts';
import { pathParams, queryParams } from '../../middleware/validate';
import { BULK_ORDER_ID_PATTERN, BulkOrderIdParam } from '../bulk-orders/bulk-orders.routes';

/**
 * The combined labels PDF of a bulk order (SPEC §7 /api/labels/bulk/{id}), inline or (`?download=1`) as an
 * attachment — opened by the owner or an admin with a session, or by anyone holding a short-lived link signed for that
 * bulk order (`?exp&sig`, from POST .../link), exactly like single labels (routes/labels).
 */
export const bulkLabelsRoutes = {
  link: `/labels/bulk/:id{${BULK_ORDER_ID_PATTERN}}/link`,
  get: `/labels/bulk/:id{${BULK_ORDER_ID_PATTERN}}`,
} as const;

export const bulkLabelsValidators = {
  id: pathParams(BulkOrderIdParam),
  format: queryParams(BulkLabelFormatQuery),
};

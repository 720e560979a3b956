import { MarginsQuery } from '@labeldesk/contracts';
import { queryParams } from '../../middleware/validate';

/** Admin: the margin view of /admin/pricing (issue 13). */
export const pricingMarginsRoutes = {
  margins: '/admin/pricing/margins',
} as const;

export const pricingMarginsValidators = {
  margins: queryParams(MarginsQuery),
};

import { AmazonConfirmRequest, AmazonSavedCredentialsQuery } from '@labeldesk/contracts';
import { z } from 'zod';
import { jsonBody, pathParams, queryParams } from '../../middleware/validate';
import { BULK_ORDER_ID_PATTERN } from '../bulk-orders/bulk-orders.routes';

/**
 * Amazon confirmation (SPEC §7 Amazon; logged-in customers, their own bulk orders and credentials only): confirm a bulk
 * order's shipped Amazon orders, read or delete the saved credentials, read each order's confirmation state.
 */
export const amazonRoutes = {
  confirm: '/amazon/confirm-orders',
  savedCredentials: '/amazon/saved-credentials',
  confirmations: `/amazon/confirmations/:bulkOrderId{${BULK_ORDER_ID_PATTERN}}`,
} as const;

export const amazonValidators = {
  confirm: jsonBody(AmazonConfirmRequest),
  savedCredentials: queryParams(AmazonSavedCredentialsQuery),
  confirmations: pathParams(z.object({ bulkOrderId: z.string().min(1).max(100) })),
};

import { AddressInput } from '@labeldesk/contracts';
import { z } from 'zod';
import { jsonBody, pathParams } from '../../middleware/validate';

/** A logged-in user's own saved addresses. */
export const addressesRoutes = {
  list: '/addresses',
  senders: '/addresses/type/sender',
  item: '/addresses/:id',
} as const;

export const AddressIdParam = z.object({ id: z.string().trim().min(1).max(100) });

export const addressesValidators = {
  id: pathParams(AddressIdParam),
  body: jsonBody(AddressInput),
};

import { and, eq } from 'drizzle-orm';
import { type AddressRow, addresses } from '../../db/schema';
import type { Services } from '../../env';
import type { AddressFields } from './address-fields';
import { getOwnAddress } from './get-own-address';
import { saveAddress } from './save-address';

/**
 * Replaces one of the user's addresses (404 for anyone else's). Making it the default replaces the previous default
 * of its type (saveAddress).
 */
export async function updateAddress(
  services: Services,
  input: { userId: string; id: string; address: AddressFields },
): Promise<AddressRow> {
  const { db, clock } = services;
  await getOwnAddress(services, { userId: input.userId, id: input.id });
  const now = clock.now().toISOString();
  const update = db
    .update(addresses)
    .set({ ...input.address, updatedAt: now })
    .where(and(eq(addresses.id, input.id), eq(addresses.userId, input.userId)));
  await saveAddress(db, update, { userId: input.userId, id: input.id, address: input.address, now });
  return getOwnAddress(services, { userId: input.userId, id: input.id });
}

import { type AddressRow, addresses } from '../../db/schema';
import type { Services } from '../../env';
import { newId } from '../../lib/ids';
import type { AddressFields } from './address-fields';
import { getOwnAddress } from './get-own-address';
import { saveAddress } from './save-address';

/**
 * Saves a new address for the user; a new default replaces the previous default of its type (saveAddress).
 */
export async function createAddress(
  services: Services,
  input: { userId: string; address: AddressFields },
): Promise<AddressRow> {
  const { db, clock } = services;
  const now = clock.now().toISOString();
  const id = newId('adr');
  const insert = db.insert(addresses).values({
    id,
    userId: input.userId,
    ...input.address,
    createdAt: now,
    updatedAt: now,
  });
  await saveAddress(db, insert, { userId: input.userId, id, address: input.address, now });
  return getOwnAddress(services, { userId: input.userId, id });
}

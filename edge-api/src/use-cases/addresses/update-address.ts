import { and, eq, ne } from 'drizzle-orm';
import { type AddressRow, addresses } from '../../db/schema';
import type { Services } from '../../env';
import { batch } from '../../ports/database';
import type { AddressFields } from './address-fields';
import { getOwnAddress } from './get-own-address';

/**
 * Replaces one of the user's addresses (404 for anyone else's). Making it the default clears the previous default of
 * its type in the same batch.
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
  if (input.address.isDefault) {
    await batch(db, [
      db
        .update(addresses)
        .set({ isDefault: false, updatedAt: now })
        .where(
          and(
            eq(addresses.userId, input.userId),
            eq(addresses.type, input.address.type),
            eq(addresses.isDefault, true),
            ne(addresses.id, input.id),
          ),
        ),
      update,
    ]);
  } else {
    await update;
  }
  return getOwnAddress(services, { userId: input.userId, id: input.id });
}

import { and, eq } from 'drizzle-orm';
import { type AddressRow, addresses } from '../../db/schema';
import type { Services } from '../../env';
import { newId } from '../../lib/ids';
import { batch } from '../../ports/database';
import type { AddressFields } from './address-fields';
import { getOwnAddress } from './get-own-address';

/**
 * Saves an address for the user. A new default clears the previous default of the same type in the same batch, so
 * there is never more than one (the partial unique index would refuse it anyway).
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
          ),
        ),
      insert,
    ]);
  } else {
    await insert;
  }
  return getOwnAddress(services, { userId: input.userId, id });
}

import type { AddressListResponse, AddressResponse, MessageResponse } from '@labeldesk/contracts';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { presentAddress } from '../../lib/presenters/address';
import { requireUser } from '../../middleware/auth';
import { createAddress } from '../../use-cases/addresses/create-address';
import { deleteAddress } from '../../use-cases/addresses/delete-address';
import { listAddresses } from '../../use-cases/addresses/list-addresses';
import { updateAddress } from '../../use-cases/addresses/update-address';
import { addressesValidators } from './addresses.routes';

const factory = createFactory<AppEnv>();

export const list = factory.createHandlers(requireUser, async (c) => {
  const rows = await listAddresses(c.get('services'), { userId: c.get('user').id });
  const body: AddressListResponse = { addresses: rows.map(presentAddress) };
  return c.json(body, 200);
});

export const senders = factory.createHandlers(requireUser, async (c) => {
  const rows = await listAddresses(c.get('services'), { userId: c.get('user').id, type: 'sender' });
  const body: AddressListResponse = { addresses: rows.map(presentAddress) };
  return c.json(body, 200);
});

export const create = factory.createHandlers(requireUser, addressesValidators.body, async (c) => {
  const row = await createAddress(c.get('services'), { userId: c.get('user').id, address: c.req.valid('json') });
  const body: AddressResponse = { address: presentAddress(row), message: 'Address saved successfully' };
  return c.json(body, 201);
});

export const update = factory.createHandlers(
  requireUser,
  addressesValidators.id,
  addressesValidators.body,
  async (c) => {
    const row = await updateAddress(c.get('services'), {
      userId: c.get('user').id,
      id: c.req.valid('param').id,
      address: c.req.valid('json'),
    });
    const body: AddressResponse = { address: presentAddress(row), message: 'Address updated successfully' };
    return c.json(body, 200);
  },
);

export const remove = factory.createHandlers(requireUser, addressesValidators.id, async (c) => {
  await deleteAddress(c.get('services'), { userId: c.get('user').id, id: c.req.valid('param').id });
  const body: MessageResponse = { message: 'Address deleted successfully' };
  return c.json(body, 200);
});

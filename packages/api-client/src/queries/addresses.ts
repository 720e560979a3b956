import type { AddressInput } from '@labeldesk/contracts';
import { api } from '../endpoints';
import { mutation, query } from './spec';

/** Saved addresses: all of them, and the sender addresses the order forms offer. */
export const addressKeys = {
  all: ['addresses'] as const,
  list: () => [...addressKeys.all, 'list'] as const,
  senders: () => [...addressKeys.all, 'senders'] as const,
};

export const addressQueries = {
  list: () => query(addressKeys.list(), () => api.addresses.list()),
  senders: () => query(addressKeys.senders(), () => api.addresses.senders()),
};

export const addressMutations = {
  create: mutation((body: AddressInput) => api.addresses.create(body), [addressKeys.all]),
  update: mutation(
    ({ id, body }: { id: string; body: AddressInput }) => api.addresses.update(id, body),
    [addressKeys.all],
  ),
  remove: mutation((id: string) => api.addresses.remove(id), [addressKeys.all]),
};

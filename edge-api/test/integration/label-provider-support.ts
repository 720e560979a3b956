import type { ProviderFetch } from '../../src/adapters/label-provider/http-label-provider';
import { nodeHttpFetch } from '../../src/adapters/node/node-http-fetch';
import { type CreateLabelInput, ProviderError } from '../../src/ports/label-provider';

/**
 * Shared by the provider adapter's integration files (label-provider.adapter / .misbehaving): the transports it runs
 * on — the global fetch (as on Workers) and nodeHttpFetch (the Node entry's) — a label request, and small helpers.
 */
export const TRANSPORTS: Array<[string, ProviderFetch]> = [
  ['global fetch', (url, init) => fetch(url, init)],
  ['nodeHttpFetch', nodeHttpFetch],
];

export const from = {
  name: 'Ada Shipper',
  street1: '1 Main St',
  city: 'New York',
  state: 'NY',
  zip: '10001',
  phone: '212-555-0100',
};
export const to = {
  name: 'Grace Receiver',
  street1: '500 Market St',
  city: 'San Francisco',
  state: 'CA',
  zip: '94105',
};
export const labelInput = (extra: Partial<CreateLabelInput> = {}): CreateLabelInput => ({
  serviceCode: 'usps_priority_mail',
  from,
  to,
  package: { weight: 3, weightUnit: 'lbs', length: 10, width: 8, height: 4, description: 'Books' },
  reference: 'ORD-1',
  ...extra,
});

/** The transport under test, counting the requests it sends. */
export function countingFetch(transport: ProviderFetch) {
  const calls: string[] = [];
  const f: ProviderFetch = (url, init) => {
    calls.push(`${init.method} ${url}`);
    return transport(url, init);
  };
  return { fetch: f, calls };
}

export async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ProviderError) return err;
    throw err;
  }
  throw new Error('expected a ProviderError');
}

export const noSleep = async () => {};

import { describe, expect, it } from 'vitest';
import { providerKeys, providerMutations } from './provider-config';
import { serviceReportKeys } from './service-report';
import { shippingKeys } from './shipping';
import type { Key } from './spec';

/** TanStack Query's partial match, as invalidateQueries({ queryKey }) uses it: the filter is a prefix of the key. */
function covers(prefix: Key, key: Key): boolean {
  return prefix.length <= key.length && prefix.every((part, i) => JSON.stringify(part) === JSON.stringify(key[i]));
}

/** A mutation spec of any input and answer, for what it invalidates. */
interface Invalidating {
  invalidates: readonly Key[] | ((data: never, vars: never) => readonly Key[]);
}

function invalidates(spec: Invalidating, key: Key): boolean {
  const keys =
    typeof spec.invalidates === 'function'
      ? spec.invalidates(undefined as never, undefined as never)
      : spec.invalidates;
  return keys.some((prefix) => covers(prefix, key));
}

const all: [string, Invalidating][] = Object.entries(providerMutations);
const apiId = 'api_1';

describe('provider mutations: what each refreshes', () => {
  it.each(all)('%s refreshes the API list every provider screen reads, and what customers can buy', (_name, spec) => {
    expect(invalidates(spec, providerKeys.apis())).toBe(true);
    expect(invalidates(spec, shippingKeys.all)).toBe(true);
  });

  it('a saved tier table is read again when its editor opens next', () => {
    const tiers = providerKeys.dynamicPricing(apiId, 'UPS', 'UPS Ground');
    expect(invalidates(providerMutations.updateDynamicPricing, tiers)).toBe(true);
  });

  it('our own changes do not ask the provider for its prices again; a new key or a deleted API does', () => {
    const prices = providerKeys.providerPrices(apiId);
    const asked = all.filter(([, spec]) => invalidates(spec, prices)).map(([name]) => name);
    expect(asked.sort()).toEqual(['deleteApi', 'updateApiKey']);
  });

  it('no change re-runs the Service Report at once (the report runs again itself 1 s later, SPEC §4)', () => {
    const body = { apis: [{ id: apiId, name: 'API 1', baseUrl: 'https://p.example.com' }] };
    for (const [name, spec] of all) {
      expect([name, invalidates(spec, serviceReportKeys.updates(body))]).toEqual([name, false]);
      expect([name, invalidates(spec, serviceReportKeys.cleanup(body))]).toEqual([name, false]);
    }
  });
});

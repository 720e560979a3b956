import type { CheckUpdatesResponse, CleanupReportResponse, ProviderService } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import { config } from '../service-management/test-fixtures';
import {
  addedMessage,
  buildAddRequest,
  buildRemoveRequest,
  cleanupRows,
  maxWeightText,
  newServiceRows,
  newServicesSummary,
  priceRanges,
  pruneSelection,
  removalConfirmText,
  removedMessage,
  reportEntries,
  reportRequest,
  selectionKey,
  toggleSelection,
} from './service-report';

function providerService(name: string, isNew: boolean, overrides: Partial<ProviderService> = {}): ProviderService {
  return {
    name,
    serviceCode: name.toLowerCase().replace(/\W+/g, '_'),
    status: 'active',
    maxWeight: 70,
    weightUnit: 'lbs',
    prices: [{ fromWeight: 0, toWeight: 70, price: 4.25 }],
    isNew,
    averagePrice: 4.25,
    ...overrides,
  };
}

const updates: CheckUpdatesResponse = {
  api_2: {
    name: 'API 2',
    carriers: {
      UPS: [providerService('UPS Ground', false)],
      USPS: [providerService('USPS Media Mail', true)],
      FEDEX: [],
    },
    totalServices: 2,
    newServices: 1,
  },
  api_1: {
    name: 'API 1',
    carriers: {
      UPS: [providerService('UPS Ground Saver', true), providerService('UPS Ground', false)],
      USPS: [],
      FEDEX: [providerService('FedEx Ground', false)],
    },
    totalServices: 3,
    newServices: 1,
  },
  api_3: { name: 'API 3', error: 'Provider unavailable' },
};

const cleanup: CleanupReportResponse = {
  api_1: {
    name: 'API 1',
    carriers: {
      UPS: [],
      USPS: [
        {
          name: 'USPS Media Mail',
          serviceCode: 'usps_media_mail',
          enabled: true,
          reliabilityStatus: 'testing',
          basePrice: 4.25,
        },
      ],
      FEDEX: [],
    },
    totalServices: 12,
    obsoleteServices: 1,
  },
};

describe('reportRequest / reportEntries', () => {
  const apis = [config('api_1', { name: 'API 1' }), config('api_2', { name: 'API 2' })];

  it('names every API by id, name and base URL (never a key)', () => {
    expect(reportRequest(apis)).toEqual({
      apis: [
        { id: 'api_1', name: 'API 1', baseUrl: 'https://api_1.example.com' },
        { id: 'api_2', name: 'API 2', baseUrl: 'https://api_2.example.com' },
      ],
    });
  });

  it('lists the answer in API order, with failing APIs as errors and unknown ones last', () => {
    const entries = reportEntries(updates, apis);
    expect(entries.map((e) => [e.apiId, e.name, e.ok])).toEqual([
      ['api_1', 'API 1', true],
      ['api_2', 'API 2', true],
      ['api_3', 'API 3', false],
    ]);
    const failed = entries[2];
    expect(failed && !failed.ok ? failed.error : null).toBe('Provider unavailable');
  });
});

describe('texts', () => {
  it("summarises 'X new services out of Y total'", () => {
    expect(newServicesSummary({ newServices: 1, totalServices: 12 })).toBe('1 new services out of 12 total');
  });

  it("shows max weight as 'N lbs' / 'N oz' / 'N/A'", () => {
    expect(maxWeightText({ name: 'UPS Ground', maxWeight: 150 })).toBe('150 lbs');
    expect(maxWeightText({ name: 'USPS Ground Advantage 15 oz', maxWeight: 15 })).toBe('15 oz');
    expect(maxWeightText({ name: 'UPS Ground', maxWeight: null })).toBe('N/A');
  });

  it("shows price ranges as '$price (from-to unit)' or 'No pricing data'", () => {
    expect(
      priceRanges({
        weightUnit: 'lbs',
        prices: [
          { fromWeight: 0, toWeight: 1, price: 8.95 },
          { fromWeight: 1, toWeight: 5, price: 11.4 },
        ],
      }),
    ).toEqual(['$8.95 (0-1 lbs)', '$11.40 (1-5 lbs)']);
    expect(priceRanges({ weightUnit: 'oz', prices: [{ fromWeight: 0, toWeight: 15, price: 3.75 }] })).toEqual([
      '$3.75 (0-15 oz)',
    ]);
    expect(priceRanges({ weightUnit: 'lbs', prices: [] })).toEqual(['No pricing data']);
  });

  it('words the removal dialog and the results as the SPEC does', () => {
    expect(removalConfirmText(2)).toBe(
      'You are about to remove 2 services that are no longer available from the provider APIs. This action cannot be undone.',
    );
    expect(addedMessage(3)).toBe('Successfully added 3 services');
    expect(removedMessage(1)).toBe('Successfully removed 1 services');
  });
});

describe('selection and requests', () => {
  it('adds only selected NEW services, with their API and carrier', () => {
    let selected = new Set<string>();
    selected = toggleSelection(selected, selectionKey('api_1', 'UPS', 'ups_ground_saver'), true);
    selected = toggleSelection(selected, selectionKey('api_2', 'USPS', 'usps_media_mail'), true);
    // A service the API already has cannot be added, even if a stale key says so.
    selected = toggleSelection(selected, selectionKey('api_1', 'UPS', 'ups_ground'), true);
    expect(buildAddRequest(updates, selected)).toEqual({
      ok: true,
      body: {
        services: [
          { apiId: 'api_2', carrier: 'USPS', service: { serviceCode: 'usps_media_mail', name: 'USPS Media Mail' } },
          { apiId: 'api_1', carrier: 'UPS', service: { serviceCode: 'ups_ground_saver', name: 'UPS Ground Saver' } },
        ],
      },
    });
  });

  it("refuses an empty selection with 'No services selected'", () => {
    expect(buildAddRequest(updates, new Set())).toEqual({ ok: false, error: 'No services selected' });
    expect(buildAddRequest(null, new Set(['x']))).toEqual({ ok: false, error: 'No services selected' });
    expect(buildRemoveRequest(cleanup, new Set())).toEqual({ ok: false, error: 'No services selected' });
  });

  it('removes selected obsolete services by name', () => {
    const selected = new Set([selectionKey('api_1', 'USPS', 'usps_media_mail')]);
    expect(buildRemoveRequest(cleanup, selected)).toEqual({
      ok: true,
      body: { services: [{ apiId: 'api_1', carrier: 'USPS', serviceName: 'USPS Media Mail' }] },
    });
  });

  it('toggles off and prunes selections the re-run report no longer has', () => {
    const key = selectionKey('api_1', 'UPS', 'ups_ground_saver');
    expect(toggleSelection(new Set([key]), key, false).size).toBe(0);
    const rows = newServiceRows(updates);
    expect(rows).toHaveLength(2);
    const kept = pruneSelection(new Set([key, selectionKey('api_1', 'UPS', 'gone')]), rows);
    expect([...kept]).toEqual([key]);
    expect(cleanupRows(cleanup)).toEqual([{ apiId: 'api_1', carrier: 'USPS', serviceCode: 'usps_media_mail' }]);
  });
});

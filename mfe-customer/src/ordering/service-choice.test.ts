import type { AllServicesResponse } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import { carrierOptions, reconcileSelection, serviceOptions } from './service-choice';
import { service } from './test-fixtures';

const catalogue: AllServicesResponse = {
  apiId: 'api_1',
  apiName: 'API 1',
  UPS: [service({ name: 'UPS Ground' }), service({ name: 'UPS 2nd Day Air', active: false })],
  USPS: [service({ name: 'USPS Priority Mail', carrier: 'USPS' })],
  FEDEX: [],
};

describe('services', () => {
  it('offers only carriers with services, in UPS, USPS, FedEx order', () => {
    expect(carrierOptions(catalogue).map((o) => o.value)).toEqual(['UPS', 'USPS']);
    expect(carrierOptions(null)).toEqual([]);
  });

  it('lists inactive services disabled with the SPEC text', () => {
    expect(serviceOptions(catalogue, 'UPS')).toEqual([
      { value: 'UPS 2nd Day Air', label: 'UPS 2nd Day Air — Service currently unavailable', disabled: true },
      { value: 'UPS Ground', label: 'UPS Ground', disabled: false },
    ]);
    expect(serviceOptions(catalogue, null)).toEqual([]);
  });

  it('keeps a selection the new API still offers, else falls back to its first carrier', () => {
    expect(reconcileSelection(catalogue, 'USPS', 'USPS Priority Mail')).toEqual({
      carrier: 'USPS',
      serviceType: 'USPS Priority Mail',
    });
    expect(reconcileSelection(catalogue, 'FEDEX', 'FedEx Ground')).toEqual({ carrier: 'UPS', serviceType: null });
    expect(reconcileSelection(catalogue, 'UPS', 'UPS 2nd Day Air')).toEqual({ carrier: 'UPS', serviceType: null });
  });
});

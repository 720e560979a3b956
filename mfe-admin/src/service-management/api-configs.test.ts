import { CreateApiConfigRequest } from '@labeldesk/contracts';
import { contractOutput, contractResolver } from '@labeldesk/ui';
import { describe, expect, it } from 'vitest';
import {
  apiOptions,
  deleteConfirmText,
  EMPTY_ADD_API_FORM,
  pickApi,
  replaceService,
  selectionAfterDelete,
  serviceCount,
  servicesOf,
  withKind,
} from './api-configs';
import { config, service } from './test-fixtures';

describe('pickApi', () => {
  const apis = [config('a'), config('b', { isDefault: true }), config('c')];

  it('keeps the current selection while it exists, else the default, else the first', () => {
    expect(pickApi(apis, 'c')).toBe('c');
    expect(pickApi(apis, 'gone')).toBe('b');
    expect(pickApi(apis)).toBe('b');
    expect(pickApi([config('x'), config('y')])).toBe('x');
    expect(pickApi([])).toBeNull();
  });
});

describe('selectionAfterDelete', () => {
  it('selects the default the server reports after deleting the selected API', () => {
    const remaining = [config('a'), config('c', { isDefault: true })];
    expect(selectionAfterDelete(remaining, 'b', 'c')).toBe('c');
  });

  it('falls back to the first remaining when no default is left, and to null when none is', () => {
    expect(selectionAfterDelete([config('a'), config('c')], 'b', null)).toBe('a');
    expect(selectionAfterDelete([], 'b', null)).toBeNull();
  });

  it('keeps the selection when another API was deleted', () => {
    expect(selectionAfterDelete([config('a'), config('c', { isDefault: true })], 'a', 'c')).toBe('a');
  });
});

describe('apiOptions', () => {
  it('marks the default API in its label', () => {
    expect(apiOptions([config('a', { name: 'API 1', isDefault: true }), config('b', { name: 'API 2' })])).toEqual([
      { value: 'a', label: 'API 1 (Default)' },
      { value: 'b', label: 'API 2' },
    ]);
  });
});

describe('servicesOf / serviceCount / replaceService', () => {
  const api = config('a', {
    services: {
      UPS: { 'UPS Ground': service('UPS Ground'), 'UPS 2nd Day Air': service('UPS 2nd Day Air') },
      USPS: { 'USPS Priority Mail': service('USPS Priority Mail', { carrier: 'USPS' }) },
      FEDEX: {},
    },
  });

  it('lists a carrier by name and counts every carrier', () => {
    expect(servicesOf(api, 'UPS').map((s) => s.name)).toEqual(['UPS 2nd Day Air', 'UPS Ground']);
    expect(servicesOf(api, 'FEDEX')).toEqual([]);
    expect(serviceCount(api)).toBe(3);
  });

  it('swaps in a saved service and leaves the rest untouched', () => {
    const saved = { ...service('UPS Ground'), basePrice: 12.25, enabled: false };
    const next = replaceService(api, saved);
    expect(next.services.UPS['UPS Ground']).toEqual(saved);
    expect(next.services.UPS['UPS 2nd Day Air']).toBe(api.services.UPS['UPS 2nd Day Air']);
    expect(next.services.USPS).toBe(api.services.USPS);
    expect(api.services.UPS['UPS Ground']?.basePrice).toBe(9.5);
  });
});

/** What the Add New API form does on submit: the contract's first field error (the modal's alert), or its body. */
function validateAddApi(values: typeof EMPTY_ADD_API_FORM) {
  const errors = contractResolver(CreateApiConfigRequest)(values);
  const first = Object.values(errors)[0];
  return first ? { ok: false, error: first } : { ok: true, body: contractOutput(CreateApiConfigRequest, values) };
}

describe('validateAddApi', () => {
  it('sends the trimmed values and the default flag', () => {
    expect(
      validateAddApi({
        name: ' API 3 ',
        key: ' sk_live_1 ',
        baseUrl: ' https://p.example.com ',
        isDefault: true,
        kind: 'generic',
      }),
    ).toEqual({
      ok: true,
      body: { name: 'API 3', key: 'sk_live_1', baseUrl: 'https://p.example.com', isDefault: true, kind: 'generic' },
    });
  });

  it("refuses any missing or blank field with 'Please fill in all API fields'", () => {
    const full = {
      name: 'API 3',
      key: 'k',
      baseUrl: 'https://p.example.com',
      isDefault: false,
      kind: 'generic' as const,
    };
    for (const field of ['name', 'key', 'baseUrl'] as const) {
      for (const value of ['', '   ']) {
        expect(validateAddApi({ ...full, [field]: value })).toEqual({
          ok: false,
          error: 'Please fill in all API fields',
        });
      }
    }
  });
});

describe('deleteConfirmText', () => {
  it("names the API and says it 'cannot be undone'", () => {
    const text = deleteConfirmText({ name: 'API 2' });
    expect(text).toContain('"API 2"');
    expect(text).toContain('cannot be undone');
  });
});

describe('withKind (Add New API: the kind pre-fills its official base URL)', () => {
  it('pre-fills EasyPost, clears it again for generic, and never overwrites a URL the admin typed', () => {
    const easypost = withKind(EMPTY_ADD_API_FORM, 'easypost');
    expect(easypost).toMatchObject({ kind: 'easypost', baseUrl: 'https://api.easypost.com' });
    expect(withKind(easypost, 'generic')).toMatchObject({ kind: 'generic', baseUrl: '' });
    const typed = { ...EMPTY_ADD_API_FORM, baseUrl: 'http://127.0.0.1:8787/sandbox/easypost' };
    expect(withKind(typed, 'easypost').baseUrl).toBe('http://127.0.0.1:8787/sandbox/easypost');
  });

  it('offers Shippo, pre-filling https://api.goshippo.com, and switching kinds swaps one official URL for the other', () => {
    const shippo = withKind(EMPTY_ADD_API_FORM, 'shippo');
    expect(shippo).toMatchObject({ kind: 'shippo', baseUrl: 'https://api.goshippo.com' });
    expect(withKind(shippo, 'easypost')).toMatchObject({ kind: 'easypost', baseUrl: 'https://api.easypost.com' });
    const checked = validateAddApi({ ...shippo, name: 'Shippo', key: 'shippo_test_abc' });
    expect(checked).toEqual({
      ok: true,
      body: {
        name: 'Shippo',
        key: 'shippo_test_abc',
        baseUrl: 'https://api.goshippo.com',
        isDefault: false,
        kind: 'shippo',
      },
    });
  });

  it('sends the kind to the server with the three required fields', () => {
    const checked = validateAddApi({ ...withKind(EMPTY_ADD_API_FORM, 'easypost'), name: 'EP', key: 'EZTK1' });
    expect(checked).toEqual({
      ok: true,
      body: { name: 'EP', key: 'EZTK1', baseUrl: 'https://api.easypost.com', isDefault: false, kind: 'easypost' },
    });
    expect(validateAddApi({ ...EMPTY_ADD_API_FORM, kind: 'easypost', key: 'EZTK1', baseUrl: 'https://x' })).toEqual({
      ok: false,
      error: 'Please fill in all API fields',
    });
  });
});

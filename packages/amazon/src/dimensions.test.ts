import { describe, expect, it } from 'vitest';
import { type DimensionsInput, validateDimensions } from './dimensions';

const full: DimensionsInput = { weight: 1.5, length: 12, width: 8, height: 4 };

describe('validateDimensions', () => {
  it('returns the parsed numbers per SKU when every SKU is complete (numbers or input text)', () => {
    const result = validateDimensions(['A', { sku: 'B', productName: 'Bee', orderLines: 1, units: 1 }], {
      A: full,
      B: { weight: '2', length: ' 6.5 ', width: '6', height: 0.1 },
    });
    expect(result).toEqual({
      ok: true,
      dimensions: {
        A: { weight: 1.5, length: 12, width: 8, height: 4 },
        B: { weight: 2, length: 6.5, width: 6, height: 0.1 },
      },
    });
  });

  it.each<[string, DimensionsInput | undefined]>([
    ['no entry at all', undefined],
    ['a missing field', { weight: 1, length: 2, width: 3 }],
    ['an empty input', { weight: 1, length: '', width: 3, height: 4 }],
    ['a blank input', { weight: 1, length: 2, width: '   ', height: 4 }],
    ['null', { weight: null, length: 2, width: 3, height: 4 }],
    ['NaN', { weight: 1, length: 2, width: 3, height: Number.NaN }],
  ])('asks to fill in all dimensions for %s', (_, input) => {
    const result = validateDimensions(['WIDGET-BLUE-12'], input ? { 'WIDGET-BLUE-12': input } : {});
    expect(result).toEqual({
      ok: false,
      sku: 'WIDGET-BLUE-12',
      field: null,
      error: 'Please fill in all dimensions for SKU: WIDGET-BLUE-12',
    });
  });

  it.each<[string, DimensionsInput, string]>([
    ['zero weight', { ...full, weight: 0 }, 'Weight must be a positive number for SKU: S-1'],
    ['negative length', { ...full, length: -2 }, 'Length must be a positive number for SKU: S-1'],
    ['text width', { ...full, width: 'wide' }, 'Width must be a positive number for SKU: S-1'],
    ['infinite height', { ...full, height: Number.POSITIVE_INFINITY }, 'Height must be a positive number for SKU: S-1'],
    ['"0" as text', { ...full, height: '0' }, 'Height must be a positive number for SKU: S-1'],
  ])('rejects %s with the SPEC text', (_, input, error) => {
    const result = validateDimensions(['S-1'], { 'S-1': input });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toBe(error);
  });

  it('reports the first field in Weight, Length, Width, Height order', () => {
    const result = validateDimensions(['S'], { S: { weight: 1, length: 2, width: -1, height: -1 } });
    expect(result).toMatchObject({ ok: false, field: 'width', error: 'Width must be a positive number for SKU: S' });
  });

  it('stops at the first SKU with a problem, in the given SKU order', () => {
    const input = { A: full, B: { ...full, weight: -1 }, C: {} };
    expect(validateDimensions(['A', 'B', 'C'], input)).toMatchObject({
      ok: false,
      error: 'Weight must be a positive number for SKU: B',
    });
    expect(validateDimensions(['A', 'C', 'B'], input)).toMatchObject({
      ok: false,
      error: 'Please fill in all dimensions for SKU: C',
    });
  });

  it('does not read inherited properties as a SKU entry', () => {
    expect(validateDimensions(['toString'], {})).toMatchObject({
      ok: false,
      error: 'Please fill in all dimensions for SKU: toString',
    });
  });

  it('refuses numbers that are not plain decimals (0x10, 1e3, Infinity, inner spaces) with the field message', () => {
    for (const weight of ['0x10', '1e3', 'Infinity', '1 0', '1,5']) {
      expect(validateDimensions(['A'], { A: { ...full, weight } }), weight).toEqual({
        ok: false,
        sku: 'A',
        field: 'weight',
        error: 'Weight must be a positive number for SKU: A',
      });
    }
    expect(validateDimensions(['A'], { A: { ...full, height: Number.POSITIVE_INFINITY } })).toMatchObject({
      ok: false,
      field: 'height',
      error: 'Height must be a positive number for SKU: A',
    });
  });
});

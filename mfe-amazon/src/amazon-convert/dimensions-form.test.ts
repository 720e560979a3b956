import type { SkuInfo } from '@labeldesk/amazon';
import { contractResolver } from '@labeldesk/ui';
import { describe, expect, it } from 'vitest';
import { NO_SENDER_MESSAGE } from './converter';
import {
  type DimensionsFormValues,
  dimensionErrorKey,
  dimensionsFormSchema,
  isMarked,
  isResolved,
  withDimension,
} from './dimensions-form';

const skus: SkuInfo[] = [
  { sku: 'MUG-1', productName: 'Coffee Mug', orderLines: 1, units: 1 },
  { sku: 'CAP.2', productName: 'Cap', orderLines: 1, units: 2 },
];
const full = { weight: 1, length: '2', width: 3, height: 4 };
const check = (values: DimensionsFormValues, hasSender = true) =>
  contractResolver<DimensionsFormValues>(dimensionsFormSchema(skus, hasSender))(values);

describe('the dimension form schema', () => {
  it("puts the first problem, with the SPEC's text, on the SKU or the field it names", () => {
    expect(check({ inputs: { 'MUG-1': { ...full, height: '' } } })).toEqual({
      'inputs.MUG-1': 'Please fill in all dimensions for SKU: MUG-1',
    });
    expect(check({ inputs: { 'MUG-1': full, 'CAP.2': { ...full, width: 0 } } })).toEqual({
      'inputs.CAP.2.width': 'Width must be a positive number for SKU: CAP.2',
    });
    expect(check({ inputs: { 'MUG-1': full, 'CAP.2': full } }, false)).toEqual({ sender: NO_SENDER_MESSAGE });
  });

  it('gives the numbers by SKU when every SKU has its four', () => {
    const schema = dimensionsFormSchema(skus, true);
    const out = schema.parse({ inputs: { 'MUG-1': full, 'CAP.2': full, OLD: { weight: 9 } } });
    expect(out).toEqual({
      'MUG-1': { weight: 1, length: 2, width: 3, height: 4 },
      'CAP.2': { weight: 1, length: 2, width: 3, height: 4 },
    });
  });
});

describe('marking and clearing a problem', () => {
  it('marks the named field, or every empty field of the SKU for "fill in all"', () => {
    const named = { [dimensionErrorKey('MUG-1', 'width')]: 'Width must be a positive number for SKU: MUG-1' };
    expect(isMarked(named, 'MUG-1', 'width', 0)).toBe(true);
    expect(isMarked(named, 'MUG-1', 'height', '')).toBe(false);
    const all = { [dimensionErrorKey('MUG-1', null)]: 'Please fill in all dimensions for SKU: MUG-1' };
    expect(isMarked(all, 'MUG-1', 'height', '')).toBe(true);
    expect(isMarked(all, 'MUG-1', 'weight', 1)).toBe(false);
    expect(isMarked(all, 'CAP.2', 'height', '')).toBe(false);
  });

  it('clears a named field once it holds a positive number, and not on edits of other fields', () => {
    const errors = { [dimensionErrorKey('MUG-1', 'width')]: 'Width must be a positive number for SKU: MUG-1' };
    expect(isResolved(errors, 'MUG-1', { height: 1 })).toBe(false);
    expect(isResolved(errors, 'MUG-1', { width: '' })).toBe(false);
    expect(isResolved(errors, 'MUG-1', { width: 0.5 })).toBe(true);
    expect(isResolved(errors, 'CAP.2', { width: 0.5 })).toBe(false);
  });

  it('keeps "fill in all dimensions" until all four values of that SKU are there', () => {
    const errors = { [dimensionErrorKey('MUG-1', null)]: 'Please fill in all dimensions for SKU: MUG-1' };
    let values: DimensionsFormValues = { inputs: {} };
    for (const [field, value] of [
      ['weight', 1],
      ['length', '2'],
      ['width', 3],
    ] as const) {
      values = withDimension(values, 'MUG-1', field, value);
      expect(isResolved(errors, 'MUG-1', values.inputs['MUG-1'])).toBe(false);
    }
    values = withDimension(values, 'OTHER', 'height', 4);
    expect(isResolved(errors, 'OTHER', values.inputs.OTHER)).toBe(false);
    values = withDimension(values, 'MUG-1', 'height', 4);
    expect(isResolved(errors, 'MUG-1', values.inputs['MUG-1'])).toBe(true);
  });

  it('never clears the missing sender by typing', () => {
    expect(isResolved({ sender: NO_SENDER_MESSAGE }, 'MUG-1', full)).toBe(false);
  });
});

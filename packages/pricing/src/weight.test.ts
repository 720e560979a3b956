import { describe, expect, it } from 'vitest';
import {
  checkMaxWeight,
  describeMaxWeight,
  exceedsMax,
  formatWeight,
  maxWeightMessage,
  toServiceUnit,
  weightToHundredths,
  weightUnitFor,
  weightUnitLabel,
  weightWithUnit,
} from './weight';

describe('weightUnitFor', () => {
  it.each([
    ['USPS First Class 15 oz', 'oz'],
    ['Ground Advantage 8oz', 'oz'],
    ['FIRST CLASS OZ', 'oz'],
    ['Priority (oz)', 'oz'],
    ['Flat Box 12oz+', 'oz'],
    ['oz Letter', 'oz'],
    ['UPS Ground', 'lbs'],
    ['Ozone Express', 'lbs'],
    ['Cozy Mail', 'lbs'],
    ['Priority Mail', 'lbs'],
    ['', 'lbs'],
  ])('%j weighs in %s', (name, unit) => {
    expect(weightUnitFor(name)).toBe(unit);
  });
});

describe('toServiceUnit', () => {
  it('converts with 16 oz to the pound', () => {
    expect(toServiceUnit(1, 'lbs', 'oz')).toBe(16);
    expect(toServiceUnit(8, 'oz', 'lbs')).toBe(0.5);
    expect(toServiceUnit(0.1, 'lbs', 'oz')).toBeCloseTo(1.6, 12);
    expect(toServiceUnit(2.5, 'lbs', 'lbs')).toBe(2.5);
    expect(toServiceUnit(3, 'oz', 'oz')).toBe(3);
  });
});

describe('weightToHundredths (what tiers are matched against)', () => {
  it('rounds any fraction of 0.01 up, in the service unit', () => {
    expect(weightToHundredths(1, 'lbs', 'lbs')).toBe(100);
    expect(weightToHundredths(1.001, 'lbs', 'lbs')).toBe(101);
    expect(weightToHundredths(16, 'oz', 'lbs')).toBe(100);
    expect(weightToHundredths(17, 'oz', 'lbs')).toBe(107); // 1.0625 lbs
    expect(weightToHundredths(0.01, 'oz', 'lbs')).toBe(1);
    expect(weightToHundredths(1, 'lbs', 'oz')).toBe(1600);
    expect(weightToHundredths(0.01, 'lbs', 'oz')).toBe(16);
  });

  it('does not let floating-point noise push a weight up a step', () => {
    expect(weightToHundredths(0.1 + 0.2, 'lbs', 'lbs')).toBe(30);
    expect(weightToHundredths(1.1 * 3, 'lbs', 'lbs')).toBe(330); // 3.3000000000000003
  });

  it('refuses unreadable and negative weights', () => {
    expect(weightToHundredths(Number.NaN, 'lbs', 'lbs')).toBeNull();
    expect(weightToHundredths(Number.POSITIVE_INFINITY, 'lbs', 'lbs')).toBeNull();
    expect(weightToHundredths(-1, 'lbs', 'lbs')).toBeNull();
  });
});

describe('maximum weight', () => {
  const ground = { name: 'UPS Ground', maxWeight: 70 };
  const firstClass = { name: 'First Class 15.99 oz', maxWeight: 15.99 };

  it('allows exactly the maximum and refuses anything above, across units', () => {
    expect(exceedsMax(70, 'lbs', ground)).toBe(false);
    expect(exceedsMax(70.001, 'lbs', ground)).toBe(true);
    expect(exceedsMax(1120, 'oz', ground)).toBe(false);
    expect(exceedsMax(1120.01, 'oz', ground)).toBe(true);
    expect(exceedsMax(15.99, 'oz', firstClass)).toBe(false);
    expect(exceedsMax(16, 'oz', firstClass)).toBe(true);
    expect(exceedsMax(1, 'lbs', firstClass)).toBe(true);
    expect(exceedsMax(0.99, 'lbs', firstClass)).toBe(false); // 15.84 oz
  });

  it('has no limit when maxWeight is null, missing or not positive', () => {
    expect(exceedsMax(1000, 'lbs', { name: 'X', maxWeight: null })).toBe(false);
    expect(exceedsMax(1000, 'lbs', { name: 'X' })).toBe(false);
    expect(exceedsMax(1000, 'lbs', { name: 'X', maxWeight: 0 })).toBe(false);
    expect(maxWeightMessage({ name: 'X', maxWeight: null })).toBeNull();
  });

  it('words the SPEC message with the service unit', () => {
    expect(maxWeightMessage(ground)).toBe('Weight exceeds maximum allowed (70 lbs) for UPS Ground');
    expect(maxWeightMessage(firstClass)).toBe('Weight exceeds maximum allowed (15.99 oz) for First Class 15.99 oz');
    expect(checkMaxWeight(71, 'lbs', ground)).toBe('Weight exceeds maximum allowed (70 lbs) for UPS Ground');
    expect(checkMaxWeight(69, 'lbs', ground)).toBeNull();
  });

  it('describes the limit for the service report', () => {
    expect(describeMaxWeight(ground)).toBe('70 lbs');
    expect(describeMaxWeight(firstClass)).toBe('15.99 oz');
    expect(describeMaxWeight({ name: 'X', maxWeight: null })).toBe('N/A');
    expect(describeMaxWeight({ name: 'Letter', maxWeight: 1 })).toBe('1 lb');
  });

  it("prints one weight with its unit: '1 lb', never '1 lbs' (issue 19)", () => {
    expect(weightWithUnit(1, 'lbs')).toBe('1 lb');
    expect(weightWithUnit(1.0, 'lbs')).toBe('1 lb');
    expect(weightWithUnit(2, 'lbs')).toBe('2 lbs');
    expect(weightWithUnit(0.5, 'lbs')).toBe('0.5 lbs');
    expect(weightWithUnit(1.01, 'lbs')).toBe('1.01 lbs');
    expect(weightWithUnit(1, 'oz')).toBe('1 oz');
    expect(weightUnitLabel(Number('1'), 'lbs')).toBe('lb');
    expect(weightUnitLabel(Number('abc'), 'lbs')).toBe('lbs');
  });

  it('prints weights short', () => {
    expect(formatWeight(70)).toBe('70');
    expect(formatWeight(0.1 + 0.2)).toBe('0.3');
    expect(formatWeight(1.5)).toBe('1.5');
    expect(formatWeight(0.125)).toBe('0.125');
  });
});

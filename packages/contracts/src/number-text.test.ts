import { describe, expect, it } from 'vitest';
import { decimalOf, integerFromText, parseDecimalText, parseIntegerText } from './number-text';

describe('parseDecimalText', () => {
  it('reads plain decimals, with blanks around them', () => {
    expect(parseDecimalText('12')).toBe(12);
    expect(parseDecimalText(' 1.5 ')).toBe(1.5);
    expect(parseDecimalText('\t0.25\n')).toBe(0.25);
    expect(parseDecimalText('.5')).toBe(0.5);
    expect(parseDecimalText('2.')).toBe(2);
    expect(parseDecimalText('-3.75')).toBe(-3.75);
    expect(parseDecimalText('+4')).toBe(4);
    expect(parseDecimalText('007')).toBe(7);
    expect(Object.is(parseDecimalText('-0'), 0)).toBe(true);
  });

  it('refuses what Number() would read but no customer writes as a number', () => {
    for (const text of [
      '0x10',
      '0X1A',
      '0b101',
      '0o17',
      '1e3',
      '1E-2',
      'Infinity',
      '-Infinity',
      'NaN',
      '1_000',
      '1,000',
      '1,5',
      '1 0',
      '1\u00a00',
      '',
      '   ',
      '.',
      '-',
      '+-1',
      '١٢',
      '１２',
      '12lbs',
      '$5',
    ]) {
      expect(parseDecimalText(text), JSON.stringify(text)).toBeNull();
    }
  });

  it('refuses texts too long to be a number, and ones too large to be finite', () => {
    expect(parseDecimalText('9'.repeat(400))).toBeNull();
    expect(parseDecimalText(`${' '.repeat(300)}1`)).toBeNull();
    expect(parseDecimalText('1'.repeat(64))).toBe(Number('1'.repeat(64)));
  });
});

describe('parseIntegerText', () => {
  it('reads whole numbers only', () => {
    expect(parseIntegerText(' 42 ')).toBe(42);
    expect(parseIntegerText('-3')).toBe(-3);
    for (const text of ['1.0', '1.5', '0x10', '1e1', '', ' ', 'Infinity', '2 5', String(2 ** 53 + 2)]) {
      expect(parseIntegerText(text), JSON.stringify(text)).toBeNull();
    }
  });
});

describe('decimalOf', () => {
  it('passes JSON numbers through and reads texts as plain decimals', () => {
    expect(decimalOf(2.5)).toBe(2.5);
    expect(decimalOf('2.5')).toBe(2.5);
    expect(decimalOf('0x10')).toBeNaN();
    expect(decimalOf(null)).toBeNaN();
    expect(decimalOf(true)).toBeNaN();
  });
});

describe('integerFromText', () => {
  const page = integerFromText('Page must be a whole number');
  it('accepts digit texts and numbers, and fails with the field message otherwise', () => {
    expect(page.parse('3')).toBe(3);
    expect(page.parse(4)).toBe(4);
    for (const text of ['0x10', '1e1', 'Infinity', '1 0', '2.5', '']) {
      const result = page.safeParse(text);
      expect(result.success, text).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Page must be a whole number');
    }
  });
});

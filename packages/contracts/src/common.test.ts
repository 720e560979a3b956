import { describe, expect, it } from 'vitest';
import { hasVisibleText, requiredText } from './common';

const INVISIBLE_ONLY = [
  '\u200B',
  '\u200B\u200C\u200D',
  '\u2060\uFEFF',
  '\u00AD',
  '\u200E\u200F\u202A\u202C',
  '\u3164',
  '\u115F\u1160',
  '\uFFA0',
  '\u2800',
  '\uFE0F',
  '\u0301',
  '\u00A0\u2003\u3000',
  ' \u200B ',
];

describe('hasVisibleText', () => {
  it('is false for text made only of zero-width, format, blank-rendering or whitespace characters', () => {
    for (const text of INVISIBLE_ONLY) expect(hasVisibleText(text), JSON.stringify(text)).toBe(false);
    expect(hasVisibleText('')).toBe(false);
  });

  it('is true as soon as one character shows, in any script', () => {
    for (const text of ['A', '\u200BBob', 'José', '李', 'Ω', '1', '.', 'e\u0301', '😀', 'محمد']) {
      expect(hasVisibleText(text), text).toBe(true);
    }
  });
});

describe('requiredText', () => {
  const name = requiredText('Name is required', 10);
  it('refuses invisible-only text with the field message, once', () => {
    for (const text of INVISIBLE_ONLY) {
      const result = name.safeParse(text);
      expect(result.success, JSON.stringify(text)).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual(['Name is required']);
    }
    expect(name.safeParse('').error?.issues.map((i) => i.message)).toEqual(['Name is required']);
    expect(name.safeParse(undefined).error?.issues.map((i) => i.message)).toEqual(['Name is required']);
  });

  it('keeps trimming and the length limit', () => {
    expect(name.parse('  Ada  ')).toBe('Ada');
    expect(name.safeParse('x'.repeat(11)).success).toBe(false);
  });
});

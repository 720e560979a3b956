import { describe, expect, it } from 'vitest';
import { nulPath } from './validate';

describe('nulPath', () => {
  it('names the first NUL in document order, keys checked before their values', () => {
    expect(nulPath({ a: { b: 'x\0' }, 'k\0': 1 })).toBe('a.b');
    expect(nulPath({ 'k\0': 'y\0', a: 'x\0' })).toBe('k\\u0000');
    expect(nulPath({ orders: [{ ok: 'fine' }, { recipient: { city: 'Spring\0field' } }] })).toBe(
      'orders.1.recipient.city',
    );
    expect(nulPath(['a', 'b\0'])).toBe('1');
    expect(nulPath('\0')).toBe('');
    expect(nulPath({ a: [1, null, true, { b: 'clean' }] })).toBeNull();
  });

  it('walks a value far deeper than the call stack allows without throwing', () => {
    let value: unknown = 'bottom\0';
    for (let i = 0; i < 200_000; i += 1) value = [value];
    expect(nulPath(value)).toBe(Array.from({ length: 200_000 }, () => '0').join('.'));
  });
});

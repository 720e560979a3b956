import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  it('answers a value until its time is up, then forgets it', () => {
    const cache = new TtlCache<number>(1000);
    cache.set('a', 1, 10_000);
    expect(cache.get('a', 10_999)).toBe(1);
    expect(cache.get('a', 11_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never holds more than maxEntries: expired entries go first, then everything', () => {
    const cache = new TtlCache<number>(1000, 3);
    cache.set('a', 1, 0);
    cache.set('b', 2, 500);
    cache.set('c', 3, 500);
    cache.set('d', 4, 1200); // 'a' expired at 1000: dropped to make room
    expect(cache.size).toBe(3);
    expect(cache.get('a', 1200)).toBeUndefined();
    expect(cache.get('d', 1200)).toBe(4);
    cache.set('e', 5, 1300); // all live and full: start over
    expect(cache.size).toBe(1);
    expect(cache.get('e', 1300)).toBe(5);
  });

  it('overwrites a key in place without counting it twice', () => {
    const cache = new TtlCache<string>(1000, 2);
    cache.set('a', 'x', 0);
    cache.set('b', 'y', 0);
    cache.set('a', 'z', 10);
    expect(cache.size).toBe(2);
    expect(cache.get('a', 20)).toBe('z');
    expect(cache.get('b', 20)).toBe('y');
  });
});

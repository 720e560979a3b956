import { AMAZON_CONFIRM_MESSAGES } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import { deliveryStatusWord, isOlderThanDays, parseCookiesFile, savedAgeText } from './credentials';

const NOW = new Date('2026-11-24T12:00:00Z');
const ago = (days: number, hours = 0) => new Date(NOW.getTime() - (days * 24 + hours) * 3600 * 1000).toISOString();

describe('savedAgeText (SPEC §2: today, yesterday, N days ago, 1 week ago, N weeks ago, then a date)', () => {
  it('uses the SPEC words at each boundary', () => {
    expect(savedAgeText(ago(0, 3), NOW)).toBe('today');
    expect(savedAgeText(ago(1, 2), NOW)).toBe('yesterday');
    expect(savedAgeText(ago(2), NOW)).toBe('2 days ago');
    expect(savedAgeText(ago(6, 23), NOW)).toBe('6 days ago');
    expect(savedAgeText(ago(7), NOW)).toBe('1 week ago');
    expect(savedAgeText(ago(13), NOW)).toBe('1 week ago');
    expect(savedAgeText(ago(14), NOW)).toBe('2 weeks ago');
    expect(savedAgeText(ago(29), NOW)).toBe('4 weeks ago');
    expect(savedAgeText('2026-09-01T12:00:00Z', NOW)).toBe('Sep 1, 2026');
  });
});

describe('isOlderThanDays (SPEC §9 warnings: token past 2 days, cookies past 14)', () => {
  it('warns only past the limit', () => {
    expect(isOlderThanDays(ago(1, 23), 2, NOW)).toBe(false);
    expect(isOlderThanDays(ago(2, 1), 2, NOW)).toBe(true);
    expect(isOlderThanDays(ago(13), 14, NOW)).toBe(false);
    expect(isOlderThanDays(ago(15), 14, NOW)).toBe(true);
    expect(isOlderThanDays(null, 2, NOW)).toBe(false);
  });
});

describe('parseCookiesFile (SPEC §5)', () => {
  it('joins an array of name/value pairs or an object as name=value;', () => {
    expect(
      parseCookiesFile(
        JSON.stringify([
          { name: 'session-id', value: '1', domain: 'x' },
          { name: 'b', value: '2' },
        ]),
      ),
    ).toEqual({
      ok: true,
      cookies: 'session-id=1; b=2',
      count: 2,
    });
    expect(parseCookiesFile('{"a":"1","b":"2"}')).toEqual({ ok: true, cookies: 'a=1; b=2', count: 2 });
  });
  it('gives the SPEC texts for a file that is not JSON or of another shape', () => {
    expect(parseCookiesFile('not json')).toEqual({ ok: false, error: AMAZON_CONFIRM_MESSAGES.cookiesParse });
    expect(parseCookiesFile('"a=1"')).toEqual({ ok: false, error: AMAZON_CONFIRM_MESSAGES.cookiesFormat });
    expect(parseCookiesFile('[{"nom":"a"}]')).toEqual({ ok: false, error: AMAZON_CONFIRM_MESSAGES.cookiesFormat });
    expect(parseCookiesFile('[]')).toEqual({ ok: false, error: AMAZON_CONFIRM_MESSAGES.cookiesFormat });
    expect(parseCookiesFile(JSON.stringify({ a: 'x'.repeat(20_000) }))).toEqual({
      ok: false,
      error: AMAZON_CONFIRM_MESSAGES.cookiesTooLarge,
    });
  });
});

describe('deliveryStatusWord (SPEC §2)', () => {
  it('maps to In Transit, Delivered, Processing, Cancelled, else Unknown', () => {
    expect(
      ['in_transit', 'delivered', 'processing', 'pending', 'cancelled', 'exception'].map(deliveryStatusWord),
    ).toEqual(['In Transit', 'Delivered', 'Processing', 'Processing', 'Cancelled', 'Unknown']);
  });
});

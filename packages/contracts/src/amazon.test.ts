import { describe, expect, it } from 'vitest';
import { AMAZON_CONFIRM_MESSAGES, AmazonConfirmRequest, cookieHeaderProblem, cookiesToHeader } from './amazon';

describe('cookiesToHeader (SPEC §5: array of name/value pairs or an object, joined as name=value;)', () => {
  it('joins a browser export (array of {name, value, ...}) and an object', () => {
    expect(
      cookiesToHeader([
        { name: 'session-id', value: '123-456', domain: '.amazon.com' },
        { name: 'ubid-main', value: 'abc' },
      ]),
    ).toBe('session-id=123-456; ubid-main=abc');
    expect(cookiesToHeader({ 'session-id': '1', 'x-main': 2 })).toBe('session-id=1; x-main=2');
  });
  it('refuses other shapes and empty files', () => {
    expect(cookiesToHeader([{ nom: 'a' }])).toBeUndefined();
    expect(cookiesToHeader([])).toBeUndefined();
    expect(cookiesToHeader({})).toBeUndefined();
    expect(cookiesToHeader('a=1')).toBeUndefined();
    expect(cookiesToHeader(null)).toBeUndefined();
    expect(cookiesToHeader({ a: { nested: true } })).toBeUndefined();
  });
  it('a header with CR/LF, a value with ";" smuggled in, or a huge one cannot be sent', () => {
    expect(cookieHeaderProblem('a=1\r\nX: y')).toBe(AMAZON_CONFIRM_MESSAGES.cookiesInvalid);
    expect(cookieHeaderProblem(`a=${'x'.repeat(20_000)}`)).toBe(AMAZON_CONFIRM_MESSAGES.cookiesTooLarge);
    expect(cookieHeaderProblem('novalue')).toBe(AMAZON_CONFIRM_MESSAGES.cookiesFormat);
    expect(cookieHeaderProblem('a=1; b=2')).toBeUndefined();
  });
  it('the request accepts a header string or a file shape, and refuses an absurd CSRF token', () => {
    const ok = AmazonConfirmRequest.parse({
      bulkOrderId: 'blk_1',
      cookies: [{ name: 'a', value: '1' }],
      csrfToken: 'tok12345',
    });
    expect(ok.cookies).toBe('a=1');
    expect(AmazonConfirmRequest.safeParse({ bulkOrderId: 'blk_1', csrfToken: 'a b c d e f' }).success).toBe(false);
  });
});

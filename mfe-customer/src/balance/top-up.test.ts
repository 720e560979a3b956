import { describe, expect, it } from 'vitest';
import { checkTopUp, isPaymentMethod, METHOD_NOT_IMPLEMENTED, parseAmountInput, safePaymentUrl } from './top-up';

describe('parseAmountInput', () => {
  it('takes numbers and numeric text, and nothing else', () => {
    expect(parseAmountInput(25)).toBe(25);
    expect(parseAmountInput(' 12.5 ')).toBe(12.5);
    expect(parseAmountInput('')).toBeNull();
    expect(parseAmountInput('-')).toBeNull();
    expect(parseAmountInput('abc')).toBeNull();
    expect(parseAmountInput(Number.NaN)).toBeNull();
  });
});

describe('checkTopUp', () => {
  it('accepts a crypto top-up of at least $1 in whole cents and sends the amount as a number', () => {
    expect(checkTopUp('crypto', 1)).toEqual({ ok: true, body: { amount: 1 } });
    expect(checkTopUp('crypto', '49.99')).toEqual({ ok: true, body: { amount: 49.99 } });
  });

  it("refuses empty, zero, negative, below-minimum and sub-cent amounts with 'Please enter a valid amount'", () => {
    for (const amount of ['', 0, -5, 0.99, '0.5', 10.005, 'ten']) {
      expect(checkTopUp('crypto', amount)).toEqual({ ok: false, error: 'Please enter a valid amount' });
    }
  });

  it('refuses every method but crypto before looking at the amount', () => {
    expect(checkTopUp('card', 50)).toEqual({ ok: false, error: METHOD_NOT_IMPLEMENTED });
    expect(checkTopUp('bank_transfer', '')).toEqual({ ok: false, error: 'Payment method not implemented yet' });
  });
});

describe('isPaymentMethod', () => {
  it('knows the listed methods only', () => {
    expect(isPaymentMethod('crypto')).toBe(true);
    expect(isPaymentMethod('card')).toBe(true);
    expect(isPaymentMethod('paypal')).toBe(false);
    expect(isPaymentMethod(null)).toBe(false);
  });
});

describe('safePaymentUrl', () => {
  it('lets absolute http(s) payment pages through', () => {
    expect(safePaymentUrl('https://pay.example.com/i/inv_1')).toBe('https://pay.example.com/i/inv_1');
    expect(safePaymentUrl('http://localhost:18123/sandbox/btcpay/i/abc')).toBe(
      'http://localhost:18123/sandbox/btcpay/i/abc',
    );
  });

  it('refuses script URLs, relative paths and garbage', () => {
    expect(safePaymentUrl('javascript:alert(1)')).toBeNull();
    expect(safePaymentUrl('data:text/html,hi')).toBeNull();
    expect(safePaymentUrl('/pay/inv_1')).toBeNull();
    expect(safePaymentUrl('not a url')).toBeNull();
  });
});

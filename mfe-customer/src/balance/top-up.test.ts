import { CreateInvoiceRequest } from '@labeldesk/contracts';
import { contractResolver } from '@labeldesk/ui';
import { describe, expect, it } from 'vitest';
import { isPaymentMethod, safePaymentUrl, type TopUpFormValues, toTopUpInput } from './top-up';

const form = (amount: number | string): TopUpFormValues => ({ method: 'crypto', amount });
const validate = contractResolver(CreateInvoiceRequest, toTopUpInput);

describe('the top-up form against its contract', () => {
  it('accepts a top-up of at least $1 in whole cents and sends the amount as a number', () => {
    expect(validate(form(1))).toEqual({});
    expect(CreateInvoiceRequest.parse(toTopUpInput(form('49.99')))).toEqual({ amount: 49.99 });
    expect(toTopUpInput(form(' 12.5 '))).toEqual({ amount: 12.5 });
  });

  it("refuses empty, unfinished, zero, negative, below-minimum and sub-cent amounts with 'Please enter a valid amount'", () => {
    for (const amount of ['', '-', 0, -5, 0.99, '0.5', 10.005, 'ten', Number.NaN]) {
      expect(validate(form(amount))).toEqual({ amount: 'Please enter a valid amount' });
    }
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

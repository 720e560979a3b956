import { describe, expect, it } from 'vitest';
import { buildBalanceRequest, isBalanceMode, projectedBalance } from './balance-form';

describe('buildBalanceRequest', () => {
  it('sends add with amount and set with balance, reason trimmed or left out', () => {
    expect(buildBalanceRequest('add', 25, ' refund for order 7 ')).toEqual({
      ok: true,
      body: { mode: 'add', amount: 25, reason: 'refund for order 7' },
    });
    expect(buildBalanceRequest('set', '100.5', '   ')).toEqual({ ok: true, body: { mode: 'set', balance: 100.5 } });
  });

  it("refuses anything but a number > 0 in whole cents with 'Please enter a valid amount'", () => {
    for (const mode of ['add', 'set'] as const) {
      for (const amount of ['', 0, '0', -1, 'abc', 0.001, 1.005]) {
        expect(buildBalanceRequest(mode, amount, '')).toEqual({ ok: false, error: 'Please enter a valid amount' });
      }
    }
  });

  it('refuses a reason longer than 200 characters', () => {
    expect(buildBalanceRequest('add', 5, 'x'.repeat(201))).toEqual({
      ok: false,
      error: 'Reason must be 200 characters or fewer',
    });
    expect(buildBalanceRequest('add', 5, 'x'.repeat(200)).ok).toBe(true);
  });
});

describe('projectedBalance', () => {
  it('adds to the current balance in cents, or replaces it', () => {
    expect(projectedBalance(10.1, 'add', 0.2)).toBe(10.3);
    expect(projectedBalance(10.1, 'set', 3)).toBe(3);
  });

  it('is null while the amount is not valid', () => {
    expect(projectedBalance(10, 'add', '')).toBeNull();
    expect(projectedBalance(10, 'set', 0)).toBeNull();
  });
});

describe('isBalanceMode', () => {
  it('knows add and set', () => {
    expect(isBalanceMode('add')).toBe(true);
    expect(isBalanceMode('set')).toBe(true);
    expect(isBalanceMode('subtract')).toBe(false);
  });
});

import { UpdateBalanceRequest } from '@labeldesk/contracts';
import { contractResolver } from '@labeldesk/ui';
import { describe, expect, it } from 'vitest';
import { type BalanceFormValues, balanceFieldOf, projectedBalance, toBalanceInput } from './balance-form';

const values = (v: Partial<BalanceFormValues>): BalanceFormValues => ({ mode: 'add', amount: '', reason: '', ...v });
const validate = contractResolver(UpdateBalanceRequest, toBalanceInput, balanceFieldOf);

describe('the balance form against its contract', () => {
  it('sends add with amount and set with balance, reason trimmed or left out', () => {
    expect(UpdateBalanceRequest.parse(toBalanceInput(values({ amount: 25, reason: ' refund for order 7 ' })))).toEqual({
      mode: 'add',
      amount: 25,
      reason: 'refund for order 7',
    });
    expect(UpdateBalanceRequest.parse(toBalanceInput(values({ mode: 'set', amount: '100.5', reason: '   ' })))).toEqual(
      {
        mode: 'set',
        balance: 100.5,
      },
    );
  });

  it("refuses anything but a number > 0 in whole cents with 'Please enter a valid amount', on the amount field", () => {
    for (const mode of ['add', 'set'] as const) {
      for (const amount of ['', 0, '0', -1, 'abc', 0.001, 1.005]) {
        expect(validate(values({ mode, amount }))).toEqual({ amount: 'Please enter a valid amount' });
      }
    }
    expect(validate(values({ mode: 'set', amount: 12.5 }))).toEqual({});
  });

  it('refuses a reason longer than 200 characters on the reason field', () => {
    expect(Object.keys(validate(values({ amount: 5, reason: 'x'.repeat(201) })))).toEqual(['reason']);
    expect(validate(values({ amount: 5, reason: 'x'.repeat(200) }))).toEqual({});
  });
});

describe('projectedBalance', () => {
  it('adds to the current balance in cents, or replaces it', () => {
    expect(projectedBalance(10.1, values({ amount: 0.2 }))).toBe(10.3);
    expect(projectedBalance(10.1, values({ mode: 'set', amount: 3 }))).toBe(3);
  });

  it('is null while the amount is not valid', () => {
    expect(projectedBalance(10, values({ amount: '' }))).toBeNull();
    expect(projectedBalance(10, values({ mode: 'set', amount: 0 }))).toBeNull();
  });
});

import { ListQuery, type Transaction } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import {
  amountStyle,
  capitalize,
  HISTORY_PAGE_SIZE,
  signedAmount,
  transactionStatusColor,
} from './transaction-history';

const usd = (n: number) => `$${n.toFixed(2)}`;

describe('HISTORY_PAGE_SIZE', () => {
  it('asks for pages of 10 (SPEC §2), a size the list endpoint accepts', () => {
    expect(HISTORY_PAGE_SIZE).toBe(10);
    expect(ListQuery.safeParse({ page: 1, limit: HISTORY_PAGE_SIZE }).success).toBe(true);
  });
});

describe('signedAmount', () => {
  it('shows credits with + and debits with -, whatever sign the amount came with', () => {
    expect(signedAmount({ type: 'credit', amount: 25 }, usd)).toBe('+$25.00');
    expect(signedAmount({ type: 'debit', amount: 7.4 }, usd)).toBe('-$7.40');
    expect(signedAmount({ type: 'debit', amount: -7.4 }, usd)).toBe('-$7.40');
  });
});

describe('transactionStatusColor', () => {
  it('is green for completed, yellow for pending, red for failed', () => {
    const colors = (['completed', 'pending', 'failed'] as Transaction['status'][]).map(transactionStatusColor);
    expect(colors).toEqual(['green', 'yellow', 'red']);
  });
});

describe('capitalize', () => {
  it('upper-cases the first letter', () => {
    expect(capitalize('credit')).toBe('Credit');
    expect(capitalize('')).toBe('');
  });
});

describe('amountStyle', () => {
  it('colours money that moved and dims money that did not', () => {
    expect(amountStyle({ type: 'credit', status: 'completed' })).toEqual({ color: 'green', struck: false });
    expect(amountStyle({ type: 'debit', status: 'completed' })).toEqual({ color: 'red', struck: false });
    expect(amountStyle({ type: 'credit', status: 'pending' })).toEqual({ color: 'dimmed', struck: false });
    expect(amountStyle({ type: 'credit', status: 'failed' })).toEqual({ color: 'dimmed', struck: true });
  });
});

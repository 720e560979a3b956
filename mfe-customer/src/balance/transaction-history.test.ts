import type { Transaction } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import {
  amountStyle,
  capitalize,
  hasHistoryFilters,
  historyQuery,
  signedAmount,
  transactionStatusColor,
} from './transaction-history';

const usd = (n: number) => `$${n.toFixed(2)}`;

describe('historyQuery', () => {
  it('sends page and page size, plus only the filters that are set (search trimmed)', () => {
    expect(historyQuery({ search: '', from: null, to: null, page: 1 })).toEqual({
      ok: true,
      query: { page: 1, limit: 10 },
    });
    expect(historyQuery({ search: '  top-up ', from: '2026-03-01', to: '2026-03-31', page: 3 })).toEqual({
      ok: true,
      query: { page: 3, limit: 10, search: 'top-up', from: '2026-03-01', to: '2026-03-31' },
    });
  });

  it('allows a single-day range (the end day is inclusive on the server)', () => {
    const q = historyQuery({ search: '', from: '2026-03-05', to: '2026-03-05', page: 1 });
    expect(q.ok).toBe(true);
  });

  it('refuses a From date after the To date with the contract text, so nothing is sent', () => {
    expect(historyQuery({ search: '', from: '2026-03-06', to: '2026-03-05', page: 1 })).toEqual({
      ok: false,
      error: 'From date cannot be after To date',
    });
  });
});

describe('hasHistoryFilters', () => {
  it('is true when search text or a date is set', () => {
    expect(hasHistoryFilters({ search: ' ', from: null, to: null })).toBe(false);
    expect(hasHistoryFilters({ search: 'x', from: null, to: null })).toBe(true);
    expect(hasHistoryFilters({ search: '', from: '2026-01-01', to: null })).toBe(true);
    expect(hasHistoryFilters({ search: '', from: null, to: '2026-01-01' })).toBe(true);
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
    expect(amountStyle({ type: 'credit', status: 'completed' })).toEqual({ color: 'green.7', struck: false });
    expect(amountStyle({ type: 'debit', status: 'completed' })).toEqual({ color: 'red.7', struck: false });
    expect(amountStyle({ type: 'credit', status: 'pending' })).toEqual({ color: 'dimmed', struck: false });
    expect(amountStyle({ type: 'credit', status: 'failed' })).toEqual({ color: 'dimmed', struck: true });
  });
});

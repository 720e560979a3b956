import { describe, expect, it } from 'vitest';
import { checkedListQuery, type ListFilterInput } from './list-query';
import { ListQuery } from './money';
import { AdminOrderListQuery, ORDER_MESSAGES, OrderListQuery } from './orders';

const none: ListFilterInput = { search: '', from: null, to: null };

describe('checkedListQuery', () => {
  it('sends only the base (page, page size) when nothing is filtered', () => {
    expect(checkedListQuery(ListQuery, { page: 1, limit: 10 }, none)).toEqual({
      ok: true,
      query: { page: 1, limit: 10 },
    });
    expect(checkedListQuery(ListQuery, { page: 1, limit: 10 }, { ...none, search: '   ' })).toEqual({
      ok: true,
      query: { page: 1, limit: 10 },
    });
  });

  it('adds the trimmed search and the dates that are set, keeping the base', () => {
    expect(
      checkedListQuery(
        ListQuery,
        { page: 3, limit: 10 },
        { search: '  top-up ', from: '2026-03-01', to: '2026-03-31' },
      ),
    ).toEqual({ ok: true, query: { page: 3, limit: 10, search: 'top-up', from: '2026-03-01', to: '2026-03-31' } });
    expect(
      checkedListQuery(
        ListQuery,
        { page: 2, limit: 50 },
        { search: ' ada@example.com ', from: '2026-03-01', to: null },
      ),
    ).toEqual({ ok: true, query: { page: 2, limit: 50, search: 'ada@example.com', from: '2026-03-01' } });
    expect(
      checkedListQuery(
        AdminOrderListQuery,
        { page: 1, limit: 25, status: 'processing' },
        { ...none, to: '2026-03-31' },
      ),
    ).toEqual({ ok: true, query: { page: 1, limit: 25, status: 'processing', to: '2026-03-31' } });
  });

  it('accepts a single-day range (the end day is inclusive on the server)', () => {
    const day = { search: '', from: '2026-03-05', to: '2026-03-05' };
    expect(checkedListQuery(ListQuery, { page: 1, limit: 10 }, day).ok).toBe(true);
    expect(checkedListQuery(OrderListQuery, { page: 1, limit: 10 }, day).ok).toBe(true);
    expect(checkedListQuery(AdminOrderListQuery, { page: 1, limit: 10 }, day).ok).toBe(true);
  });

  it('refuses From after To with the contract text on every list, so nothing is sent', () => {
    const inverted = { search: '', from: '2026-03-06', to: '2026-03-05' };
    const refused = { ok: false, error: 'From date cannot be after To date' };
    expect(ORDER_MESSAGES.dateRange).toBe(refused.error);
    expect(checkedListQuery(ListQuery, { page: 1, limit: 10 }, inverted)).toEqual(refused);
    expect(checkedListQuery(OrderListQuery, { page: 1, limit: 10, status: 'delivered' }, inverted)).toEqual(refused);
    expect(checkedListQuery(AdminOrderListQuery, { page: 1, limit: 10 }, inverted)).toEqual(refused);
  });

  it('refuses a day not written YYYY-MM-DD and a page size the API does not offer', () => {
    expect(checkedListQuery(ListQuery, { page: 1, limit: 10 }, { ...none, from: '03/05/2026' })).toEqual({
      ok: false,
      error: 'Dates must be YYYY-MM-DD',
    });
    expect(checkedListQuery(AdminOrderListQuery, { page: 1, limit: 20 }, none)).toEqual({
      ok: false,
      error: 'Page size must be 10, 25, 50 or 100',
    });
  });
});

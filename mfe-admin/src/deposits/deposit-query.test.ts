import type { Deposit, ListQuery } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import { EXPORT_PAGE_SIZE, fetchAllDeposits, totalPeriodLabel } from './deposit-query';

const noFilters = { search: '', from: null, to: null };

describe('totalPeriodLabel', () => {
  it('says what the total covers', () => {
    expect(totalPeriodLabel(noFilters)).toBe('All time');
    expect(totalPeriodLabel({ from: '2026-03-01', to: '2026-03-31' })).toBe('2026-03-01 to 2026-03-31');
    expect(totalPeriodLabel({ from: '2026-03-01', to: null })).toBe('Since 2026-03-01');
    expect(totalPeriodLabel({ from: null, to: '2026-03-31' })).toBe('Until 2026-03-31');
  });
});

/** An in-memory deposit list answering like the API: newest first, pages of `limit`, filtered by search. */
function fakeServer(count: number) {
  const rows: Deposit[] = Array.from({ length: count }, (_, i) => ({
    _id: `txn_${String(i).padStart(4, '0')}`,
    transactionId: `txn_${String(i).padStart(4, '0')}`,
    amount: i + 1,
    description: i % 2 === 0 ? 'Crypto top-up' : 'Admin credit',
    createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    status: 'completed',
    metadata: { method: i % 2 === 0 ? 'crypto' : 'admin_adjustment', invoiceId: null },
    userDetails: { name: 'Ada', email: 'ada@example.com' },
    user: { email: 'ada@example.com' },
  }));
  const calls: ListQuery[] = [];
  const fetchPage = async (q: ListQuery) => {
    calls.push(q);
    const page = Number(q.page);
    const limit = Number(q.limit);
    const matching = rows.filter((r) => !q.search || r.description.includes(q.search));
    return {
      deposits: matching.slice((page - 1) * limit, page * limit),
      totalPages: Math.ceil(matching.length / limit),
    };
  };
  return { rows, calls, fetchPage };
}

describe('fetchAllDeposits', () => {
  it('collects every page of 100 with the same filters, in server order', async () => {
    const server = fakeServer(250);
    const all = await fetchAllDeposits(server.fetchPage, noFilters);
    expect(all.map((d) => d._id)).toEqual(server.rows.map((d) => d._id));
    expect(server.calls.map((c) => [c.page, c.limit])).toEqual([
      [1, EXPORT_PAGE_SIZE],
      [2, EXPORT_PAGE_SIZE],
      [3, EXPORT_PAGE_SIZE],
    ]);
  });

  it('passes search and dates on every page, so only matching rows are exported', async () => {
    const server = fakeServer(250);
    const all = await fetchAllDeposits(server.fetchPage, { search: 'Admin', from: '2026-01-01', to: '2026-01-02' });
    expect(all).toHaveLength(125);
    expect(all.every((d) => d.description === 'Admin credit')).toBe(true);
    expect(server.calls.every((c) => c.search === 'Admin' && c.from === '2026-01-01' && c.to === '2026-01-02')).toBe(
      true,
    );
  });

  it('refuses From after To with the contract text before asking the server', async () => {
    const server = fakeServer(10);
    await expect(
      fetchAllDeposits(server.fetchPage, { ...noFilters, from: '2026-04-02', to: '2026-04-01' }),
    ).rejects.toThrow('From date cannot be after To date');
    expect(server.calls).toHaveLength(0);
  });

  it('makes one call when nothing matches', async () => {
    const server = fakeServer(0);
    expect(await fetchAllDeposits(server.fetchPage, noFilters)).toEqual([]);
    expect(server.calls).toHaveLength(1);
  });

  it('never writes a row twice when a new deposit shifts the pages', async () => {
    const server = fakeServer(150);
    let first = true;
    const shifting = async (q: ListQuery) => {
      const res = await server.fetchPage(q);
      if (first) {
        first = false;
        // A newer deposit lands at the top after page 1 was read: page 2 now starts with page 1's last row.
        server.rows.unshift({ ...server.rows[0], _id: 'txn_new', transactionId: 'txn_new' } as Deposit);
      }
      return res;
    };
    const all = await fetchAllDeposits(shifting, noFilters);
    expect(new Set(all.map((d) => d._id)).size).toBe(all.length);
    expect(all).toHaveLength(150);
  });
});

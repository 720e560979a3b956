import { describe, expect, it } from 'vitest';
import {
  addTierRow,
  adminEditorRows,
  checkTierRows,
  customerTierRows,
  issuesForRow,
  removeTierRow,
  type TierRow,
  updateTierRow,
} from './tier-editor';

const values = (rows: TierRow[]) => rows.map(({ start, end, price }) => ({ start, end, price }));

describe('adminEditorRows', () => {
  it('opens with the admin defaults 0-1, 1.01-5, 5.01-10 at the base price when the service has no tiers', () => {
    expect(values(adminEditorRows([], 8.95))).toEqual([
      { start: 0, end: 1, price: 8.95 },
      { start: 1.01, end: 5, price: 8.95 },
      { start: 5.01, end: 10, price: 8.95 },
    ]);
  });

  it('opens with the stored tiers when there are some, with distinct keys', () => {
    const rows = adminEditorRows(
      [
        { start: 0, end: 4, price: 3.95 },
        { start: 4.01, end: 15, price: 6.25 },
      ],
      3.95,
    );
    expect(values(rows)).toEqual([
      { start: 0, end: 4, price: 3.95 },
      { start: 4.01, end: 15, price: 6.25 },
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(2);
  });
});

describe('customerTierRows', () => {
  it('starts a customer list with one tier 0-1 at the base price', () => {
    expect(values(customerTierRows(undefined, 12))).toEqual([{ start: 0, end: 1, price: 12 }]);
    expect(values(customerTierRows([], 12))).toEqual([{ start: 0, end: 1, price: 12 }]);
  });
});

describe('addTierRow / removeTierRow / updateTierRow', () => {
  it('adds a tier 0.01 above the highest end with a 5 unit span at the base price', () => {
    const rows = addTierRow(adminEditorRows([], 10), 10);
    expect(values(rows).at(-1)).toEqual({ start: 10.01, end: 15.01, price: 10 });
    expect(new Set(rows.map((r) => r.key)).size).toBe(4);
  });

  it('ignores a row still being typed when placing the new tier', () => {
    const rows: TierRow[] = [
      { key: 1, start: 0, end: 2, price: 5 },
      { key: 2, start: '', end: '', price: '' },
    ];
    expect(values(addTierRow(rows, 5)).at(-1)).toEqual({ start: 2.01, end: 7.01, price: 5 });
  });

  it('starts an emptied list at 0-1', () => {
    expect(values(addTierRow([], 4))).toEqual([{ start: 0, end: 1, price: 4 }]);
  });

  it('removes a row but never the last one', () => {
    const rows = adminEditorRows([], 1);
    const [first, second] = rows;
    if (!first || !second) throw new Error('fixture');
    const two = removeTierRow(rows, second.key);
    expect(values(two)).toEqual([
      { start: 0, end: 1, price: 1 },
      { start: 5.01, end: 10, price: 1 },
    ]);
    const one = removeTierRow(removeTierRow(two, first.key), 99);
    expect(one).toHaveLength(1);
    expect(removeTierRow(one, one[0]?.key ?? 0)).toHaveLength(1);
  });

  it('updates one field of one row', () => {
    const rows = adminEditorRows([], 1);
    const key = rows[1]?.key ?? 0;
    expect(updateTierRow(rows, key, { price: '7.5' })[1]?.price).toBe('7.5');
    expect(updateTierRow(rows, key, { price: '7.5' })[0]).toBe(rows[0]);
  });
});

describe('checkTierRows', () => {
  it('accepts the defaults and sends them as numbers, strings read too', () => {
    expect(checkTierRows(adminEditorRows([], 8.95))).toEqual({
      ok: true,
      tiers: [
        { start: 0, end: 1, price: 8.95 },
        { start: 1.01, end: 5, price: 8.95 },
        { start: 5.01, end: 10, price: 8.95 },
      ],
    });
    expect(checkTierRows([{ key: 1, start: '0', end: '2.5', price: '4.10' }])).toEqual({
      ok: true,
      tiers: [{ start: 0, end: 2.5, price: 4.1 }],
    });
  });

  it('reports the SPEC texts per tier: order, negative, overlap', () => {
    const result = checkTierRows([
      { key: 1, start: 0, end: 1, price: 5 },
      { key: 2, start: 5, end: 2, price: 5 },
      { key: 3, start: -1, end: 3, price: 5 },
      { key: 4, start: 1, end: 4, price: 5 },
    ]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(issuesForRow(result.issues, 1)).toEqual([]);
    expect(issuesForRow(result.issues, 2)).toEqual(['Tier 2: Start weight must be less than end weight']);
    expect(issuesForRow(result.issues, 3)).toEqual(['Tier 3: Values cannot be negative']);
    expect(issuesForRow(result.issues, 4)).toEqual(['Tier 4 overlaps with Tier 1']);
  });

  it('reports empty values per row before anything else', () => {
    const result = checkTierRows([
      { key: 1, start: 0, end: 1, price: 5 },
      { key: 2, start: 2, end: '', price: 5 },
    ]);
    expect(result).toEqual({ ok: false, issues: [{ tier: 2, message: 'Tier 2: Values must be numbers' }] });
  });

  it('refuses an empty list: at least one tier must remain', () => {
    expect(checkTierRows([])).toEqual({ ok: false, issues: [{ tier: 0, message: 'At least one tier must remain' }] });
  });
});

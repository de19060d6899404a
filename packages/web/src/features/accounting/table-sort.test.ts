import { describe, expect, it } from 'vitest';
import { HISTORY_SORT, nextSort, sortRows, type SortValue } from './table-sort.ts';

interface Row {
  id: number;
  timestamp: number;
  member: string;
  amountCents: number;
}

const rows: Row[] = [
  { id: 1, timestamp: 1_000, member: 'bob Baker', amountCents: 500 },
  { id: 2, timestamp: 3_000, member: 'Alice Archer', amountCents: -2_000 },
  { id: 3, timestamp: 2_000, member: 'Émile Eagle', amountCents: 500 },
  { id: 4, timestamp: 2_000, member: 'alice archer', amountCents: 10_000 },
];
const values: ((r: Row) => SortValue)[] = [(r) => r.timestamp, (r) => r.member, (r) => r.amountCents];
const ids = (list: Row[]) => list.map((r) => r.id);

describe('sortable accounting tables (columns sortable, history tables by column 0 descending)', () => {
  it('history tables open on column 0 (the date) descending: newest first', () => {
    expect(HISTORY_SORT).toEqual({ column: 0, descending: true });
    // 3 and 4 share a time and keep their order.
    expect(ids(sortRows(rows, values, HISTORY_SORT))).toEqual([2, 3, 4, 1]);
  });

  it('sorts amounts by value, not as text: −$20.00 < $5.00 < $100.00', () => {
    expect(ids(sortRows(rows, values, { column: 2, descending: false }))).toEqual([2, 1, 3, 4]);
    expect(ids(sortRows(rows, values, { column: 2, descending: true }))).toEqual([4, 1, 3, 2]);
  });

  it('sorts names ignoring case and accents, equal names in their original order', () => {
    expect(ids(sortRows(rows, values, { column: 1, descending: false }))).toEqual([2, 4, 1, 3]);
  });

  it('does not change the rows it was given', () => {
    const before = ids(rows);
    sortRows(rows, values, HISTORY_SORT);
    expect(ids(rows)).toEqual(before);
  });

  it('a click on the sorted column reverses it; on another column sorts that one ascending', () => {
    expect(nextSort({ column: 0, descending: true }, 0)).toEqual({ column: 0, descending: false });
    expect(nextSort({ column: 0, descending: false }, 0)).toEqual({ column: 0, descending: true });
    expect(nextSort({ column: 0, descending: true }, 2)).toEqual({ column: 2, descending: false });
  });

  it('puts numbers before text when a column mixes them', () => {
    const mixed = [{ v: 'b' }, { v: 2 }, { v: 'a' }, { v: 1 }];
    expect(sortRows(mixed, [(r) => r.v], { column: 0, descending: false }).map((r) => r.v)).toEqual([1, 2, 'a', 'b']);
  });
});

import { describe, expect, it } from 'vitest';
import { ANY_CATEGORY, categoryOptions, filterOtherRevenue } from './other-revenue-filter.ts';

const rows = [
  { id: 1, note: 'Annual membership 2026', fee: 'Membership' },
  { id: 2, note: 'Hangar spot, north row', fee: 'Hangar' },
  { id: 3, note: 'membership top-up', fee: 'Membership' },
  { id: 4, note: '', fee: 'Trailer parking' },
];
const ids = (list: { id: number }[]) => list.map((r) => r.id);

describe('Other Revenue note search and Category filter', () => {
  it('shows every row with an empty search and Category Any', () => {
    expect(ids(filterOtherRevenue(rows, { search: '', category: ANY_CATEGORY }))).toEqual([1, 2, 3, 4]);
  });

  it('searches the note for every word typed, ignoring case and order', () => {
    expect(ids(filterOtherRevenue(rows, { search: 'MEMBERSHIP', category: ANY_CATEGORY }))).toEqual([1, 3]);
    expect(ids(filterOtherRevenue(rows, { search: 'row hangar', category: ANY_CATEGORY }))).toEqual([2]);
    expect(ids(filterOtherRevenue(rows, { search: '  ', category: ANY_CATEGORY }))).toEqual([1, 2, 3, 4]);
  });

  it('keeps only the chosen fee class, combined with the search', () => {
    expect(ids(filterOtherRevenue(rows, { search: '', category: 'Membership' }))).toEqual([1, 3]);
    expect(ids(filterOtherRevenue(rows, { search: 'annual', category: 'Membership' }))).toEqual([1]);
    expect(ids(filterOtherRevenue(rows, { search: 'annual', category: 'Hangar' }))).toEqual([]);
  });

  it('offers Any first, then the fee list, then classes no longer listed that rows still carry', () => {
    expect(categoryOptions(['Membership', 'Hangar'], rows)).toEqual(['Any', 'Membership', 'Hangar', 'Trailer parking']);
    expect(categoryOptions([], [])).toEqual(['Any']);
  });
});

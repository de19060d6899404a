import { compareText } from '@flightline/domain/club/text-order';

/** The Other Revenue table's note search and Category filter. */

export const ANY_CATEGORY = 'Any';

export interface OtherRevenueFilter {
  search: string;
  category: string;
}

/** Rows whose note holds every word typed (any order, any case), in the chosen fee class or Any. */
export function filterOtherRevenue<T extends { note: string; fee: string }>(
  rows: readonly T[],
  filter: OtherRevenueFilter,
): T[] {
  const words = filter.search.toLowerCase().split(/\s+/).filter(Boolean);
  return rows.filter((row) => {
    if (filter.category !== ANY_CATEGORY && row.fee !== filter.category) return false;
    const note = row.note.toLowerCase();
    return words.every((word) => note.includes(word));
  });
}

/** Any, the club's fee list, then classes removed from the list that rows still carry. */
export function categoryOptions(feeList: readonly string[], rows: readonly { fee: string }[]): string[] {
  const listed = new Set(feeList);
  const removed = [...new Set(rows.map((r) => r.fee).filter((fee) => fee && !listed.has(fee)))].sort(compareText);
  return [ANY_CATEGORY, ...feeList, ...removed];
}

import { compareText } from '@flightline/domain/club/text-order';

/** Sortable tables of the accounting summary: click a header to sort, again to reverse. */

export type SortValue = string | number;

export interface SortState {
  column: number;
  descending: boolean;
}

/** History tables open newest first: column 0 (the date), descending. */
export const HISTORY_SORT: SortState = { column: 0, descending: true };

function compareValues(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  // Numbers before text when a column mixes them.
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return compareText(a, b);
}

/** The rows ordered by one column's values; equal values keep their order (stable, also when descending). */
export function sortRows<T>(rows: readonly T[], sortValues: readonly ((row: T) => SortValue)[], sort: SortState): T[] {
  const value = sortValues[sort.column];
  if (!value) return [...rows];
  const sign = sort.descending ? -1 : 1;
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((a, b) => sign * compareValues(a.key, b.key) || a.index - b.index)
    .map((entry) => entry.row);
}

/** A click on a header: the same column reverses, another column sorts ascending. */
export function nextSort(current: SortState, column: number): SortState {
  return column === current.column ? { column, descending: !current.descending } : { column, descending: false };
}

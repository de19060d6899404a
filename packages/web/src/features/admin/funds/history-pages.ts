/**
 * The pilot editor's history on a phone: newest first, a page at a time. A
 * pilot's membership year holds a hundred entries and more (the demo season's
 * Mary Member: 93), which drawn whole made the editor 14,000 px tall; the
 * server answers the year's range in one read, so the pages are cut here.
 */

/** Entries a page shows: a phone screen or two. */
export const HISTORY_PAGE_SIZE = 20;

export interface HistoryPage<T> {
  /** This page's rows, newest first. */
  rows: T[];
  /** 0 for the newest entries. */
  page: number;
  pages: number;
  /** The rows' places among all, newest first and from 1 ('21–40 of 93'); 0 and 0 when there are none. */
  first: number;
  last: number;
  total: number;
}

/**
 * Page `page` of entries given oldest first (as the server answers them), newest first; a page past the end is the
 * last one.
 */
export function newestFirstPage<T>(oldestFirst: readonly T[], page: number, size = HISTORY_PAGE_SIZE): HistoryPage<T> {
  const total = oldestFirst.length;
  const pages = Math.max(1, Math.ceil(total / size));
  const shown = Math.min(Math.max(0, Math.floor(page)), pages - 1);
  const newestFirst = [...oldestFirst].reverse();
  const rows = newestFirst.slice(shown * size, shown * size + size);
  return {
    rows,
    page: shown,
    pages,
    first: rows.length === 0 ? 0 : shown * size + 1,
    last: shown * size + rows.length,
    total,
  };
}

import { describe, expect, it } from 'vitest';
import { HISTORY_PAGE_SIZE, newestFirstPage } from './history-pages.ts';

/** Entries 1..n, oldest first, as get-transactions answers. */
const entries = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe("the pilot editor's history pages (issue 25 item 13)", () => {
  it('shows 20 entries a page', () => {
    expect(HISTORY_PAGE_SIZE).toBe(20);
  });

  it('page 0 is the newest 20 entries, newest first: 93 → 93..74, and 5 pages', () => {
    const page = newestFirstPage(entries(93), 0);
    expect(page.rows).toEqual(entries(93).slice(73).reverse());
    expect([page.page, page.pages, page.first, page.last, page.total]).toEqual([0, 5, 1, 20, 93]);
  });

  it('the last page holds what is left, the oldest last: 13..1 as places 81–93', () => {
    const page = newestFirstPage(entries(93), 4);
    expect(page.rows).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect([page.first, page.last]).toEqual([81, 93]);
  });

  it('a page past the end (the history got shorter) shows the last page; below 0 the first', () => {
    expect(newestFirstPage(entries(25), 7).page).toBe(1);
    expect(newestFirstPage(entries(25), 7).rows).toEqual([5, 4, 3, 2, 1]);
    expect(newestFirstPage(entries(25), -1).rows[0]).toBe(25);
  });

  it('no entries: one empty page, places 0 and 0', () => {
    expect(newestFirstPage([], 0)).toEqual({ rows: [], page: 0, pages: 1, first: 0, last: 0, total: 0 });
  });

  it('exactly 20 is one page; 21 is two', () => {
    expect(newestFirstPage(entries(20), 0).pages).toBe(1);
    expect(newestFirstPage(entries(21), 1).rows).toEqual([1]);
  });

  it('leaves the list it is given as it was (the query cache holds it)', () => {
    const list = entries(3);
    newestFirstPage(list, 0);
    expect(list).toEqual([1, 2, 3]);
  });
});

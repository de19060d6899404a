import { escapeHtml } from './escape-html.ts';

/**
 * The field pages whose title does not depend on data, and how they draw it.
 * The page draws its title from here; before any script runs, the server
 * draws the same title with the loading line in the HTML it sends for that
 * page to a signed-in phone (decision 0009), so the page's heading is on the
 * screen with the first paint and nothing moves when the app takes over.
 */
export interface PageHeading {
  title: string;
  /** Bootstrap's heading size: the line page keeps a smaller one, for the room its lists need. */
  size: 'h3' | 'h4';
}

/** By route, as app/router.tsx names it. */
export const PAGE_HEADINGS = {
  '/crew': { title: 'Request Flight', size: 'h3' },
  '/ground': { title: 'Record Launch or Landing', size: 'h4' },
  '/awaiting': { title: 'Awaiting Launches', size: 'h3' },
  '/fuel': { title: 'Log Fuel, Oil, or Shift Change', size: 'h3' },
  '/userAccount': { title: 'Account Summary', size: 'h3' },
} as const satisfies Record<string, PageHeading>;

/** What every page says while the session is read. */
export const LOADING_SESSION_TEXT = 'Retrieving your data....';

/**
 * A page's place in the HTML while the app loads: its heading and the loading
 * line, as the app's `RouteLoading` draws them (static-shell.test.tsx checks).
 */
export function headingSkeletonHtml(heading: PageHeading): string {
  return (
    `<main class="container page py-3"><h1 class="${heading.size} mb-3">${escapeHtml(heading.title)}</h1>` +
    (`<div class="d-flex align-items-center gap-2 my-4" role="status"><span ` +
      `class="spinner-border spinner-border-sm" aria-hidden="true"></span>`) +
    `<span>${LOADING_SESSION_TEXT}</span></div></main>`
  );
}

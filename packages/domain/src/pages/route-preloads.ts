/**
 * What the web build tells the server to preload with index.html for each
 * page (decision 0009): a screen's lazily loaded chunk and its own imports,
 * so they download with the first script instead of after it. Written by the
 * build to dist/.vite/route-preloads.json (packages/web/src/build/route-preloads.ts),
 * read by the server (packages/server/src/app/web-app.ts).
 */

/** Where the build writes it, under the built app's folder (a dot folder: never served). */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

export interface RoutePreload {
  /** Only a signed-in person gets this screen (others are sent to the login page): not preloaded without a session. */
  signedIn: boolean;
  /** Module scripts to preload (`/assets/…js`), beyond what index.html already loads. */
  js: string[];
  /** Style sheets the screen adds (`/assets/…css`). */
  css: string[];
}

export interface RoutePreloads {
  /**
   * By route path as app/router.tsx writes it ('/crew', '/login/reset');
   * '/' is the signed-in home page, '*' the page for any other address.
   */
  routes: Record<string, RoutePreload>;
}

/**
 * The route of an address as the router matches it: '/crew/', '/crew' and
 * '/Crew' are the same page; an address of no route is '*'.
 */
export function routeOf(pathname: string, routes: Readonly<Record<string, unknown>>): string {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return '*';
  }
  if (path.length > 1) path = path.replace(/\/+$/, '') || '/';
  const wanted = path.toLowerCase();
  return Object.keys(routes).find((route) => route !== '*' && route.toLowerCase() === wanted) ?? '*';
}

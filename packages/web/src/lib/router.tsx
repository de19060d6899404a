import {
  Redirect,
  useLocation as useWouterLocation,
  useSearch,
  useSearchParams as useWouterSearchParams,
} from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';

/**
 * How the app's screens move between pages: one module over the router
 * library (wouter, decision 0011), so a screen imports its links and
 * navigation from here and never from the library. Paths are the app's own
 * ('/crew', '/login?redirect=…'); a navigation may carry state for the next
 * page (history state), as the login and reset pages do with the email typed.
 */

export { Link } from 'wouter';

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface AppLocation {
  pathname: string;
  /** With its '?', or '' (as `window.location.search`). */
  search: string;
  /** The state the navigation to this page carried, or null. */
  state: unknown;
}

/** Where the app is: path, query and the state the navigation carried. */
export function useLocation(): AppLocation {
  const [pathname] = useWouterLocation();
  const search = useSearch();
  const state: unknown = useHistoryState();
  return { pathname, search: search ? `?${search}` : '', state };
}

/** A function that goes to another page of the app. */
export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  const [, navigate] = useWouterLocation();
  return navigate;
}

/** Goes to `to` once drawn (a redirect); draws nothing. */
export function Navigate({ to, replace = false, state }: { to: string } & NavigateOptions) {
  return <Redirect to={to} replace={replace} state={state} />;
}

/** The query string's parameters, and a function that replaces them (a new history entry unless `replace`). */
export const useSearchParams = useWouterSearchParams;

import { LOADING_SESSION_TEXT, PAGE_HEADINGS } from '@flightline/domain/pages/page-headings';
import { routeOf } from '@flightline/domain/pages/route-preloads';
import { holdsServedPage } from '../lib/first-paint.ts';
import { useLocation } from '../lib/router.tsx';
import { Loading, Page } from './page-state.tsx';
import { ServedPage } from './served-page.tsx';

/**
 * A page while the session or its code loads: its heading when it has a fixed
 * one (the same the server put in the HTML), and the loading line; or the page
 * itself, when the server drew it with the person's data (decision 0020).
 */
export function RouteLoading() {
  const { pathname } = useLocation();
  const route = routeOf(pathname, PAGE_HEADINGS);
  if (holdsServedPage(route)) return <ServedPage />;
  const heading = route in PAGE_HEADINGS ? PAGE_HEADINGS[route as keyof typeof PAGE_HEADINGS] : undefined;
  // Not Page's title: nothing is shown yet, so no "Offline — as of" notice under it.
  return (
    <Page>
      {heading && <h1 className={`${heading.size} mb-3`}>{heading.title}</h1>}
      <Loading text={LOADING_SESSION_TEXT} />
    </Page>
  );
}

import { keepServedPage } from '../lib/first-paint.ts';

/**
 * The page as the server drew it in the HTML with the person's own data
 * (lib/first-paint.ts, decision 0020): shown while the session, the page's
 * code and its reads are on their way.
 */
export function ServedPage() {
  return <main className="container page py-3" ref={keepServedPage} />;
}

/**
 * What the server drew in the HTML before any script ran (decision 0009,
 * packages/server/src/app/web-app.ts), read once as the script starts,
 * before React replaces that markup, so the first render can draw the same
 * while the session is read, and nothing flashes.
 */
const root = typeof document === 'undefined' ? null : document.getElementById('root');

/** The landing page, or Awaiting Launches' landing title (`data-landing`): the request had no session cookie. */
export const servedLandingPage: boolean = root?.hasAttribute('data-landing') === true;

/** The signed-in navbar (`data-session`): the request had a session cookie. */
export const servedWithSession: boolean = root?.hasAttribute('data-session') === true;

/**
 * The visitor's navbar, Signup and Login (`data-signed-out`): the request had
 * no session cookie. A page with neither mark (the service worker's copy of
 * index.html) shows neither navbar's links until the session is read.
 */
export const servedSignedOut: boolean = root?.hasAttribute('data-signed-out') === true;

/**
 * The page the server drew with the signed-in person's own data
 * (`data-first-state`, its route: Home's menu, balance and club message;
 * decision 0020). Its nodes are kept as the script starts: React's first
 * renders put them back unchanged (`keepServedPage`) until the page's reads
 * have answered, then draw the page from those reads, the same markup
 * (static-shell.test.tsx), so nothing flashes or moves.
 */
const firstStateRoute = root?.getAttribute('data-first-state') ?? null;
const servedMain = firstStateRoute ? root?.querySelector('main') : null;
const servedNodes: readonly Node[] = [...(servedMain?.childNodes ?? [])];
/** A form drawn by the server is inert until the app takes it over: a choice made in it would be lost. */
const servedInert = servedMain?.inert ?? false;
let released = false;

/** Whether the page the server drew for `route` is still the one to show while the page's reads are in flight. */
export function holdsServedPage(route: string): boolean {
  return !released && firstStateRoute === route;
}

/**
 * Called once the app has drawn the page from its own reads: the server's copy
 * is never shown again (coming back to the page later, or in another club, it
 * would be out of date).
 */
export function releaseServedPage(): void {
  released = true;
}

/** A ref for the `<main>` React draws while it holds the page: the server's own nodes go back in it. */
export function keepServedPage(main: HTMLElement | null): void {
  // Called again on a re-render (and twice in development): the same nodes, so the same page.
  if (!main) return;
  main.inert = servedInert;
  main.replaceChildren(...servedNodes);
}

/**
 * Resolves once the browser has shown its first frame with content: a task
 * after its first largest-contentful-paint entry, or after the next animation
 * frame where it reports none (Safari), or after 200 ms in a tab that draws no
 * frames (opened in the background), so the app never waits on a frame that
 * will not come. Waiting for the entry, not only for the frame, matters: the
 * entry comes up to ~20 ms after the frame, and Chromium forgets a painted
 * element it has not yet reported if the element leaves the page first. React's
 * first render replaces the navbar and the page the server drew, so the
 * largest paint would count as the app's redraw instead of the first frame
 * (Lighthouse's observed LCP on Home was 0.15–0.2 s instead of 0.08 s in half
 * its runs, and its simulated LCP 2.2–2.4 s instead of 1.8 s).
 */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    let observer: PerformanceObserver | undefined;
    const done = () => {
      clearTimeout(fallback);
      observer?.disconnect();
      resolve();
    };
    const fallback = setTimeout(done, 200);
    const inATask = () => setTimeout(done, 0);
    if (
      typeof PerformanceObserver !== 'undefined' &&
      PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')
    ) {
      observer = new PerformanceObserver(inATask);
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
    } else {
      requestAnimationFrame(inATask);
    }
  });
}

/**
 * What the server drew in the HTML before any script ran (decision 0009,
 * packages/server/src/http/web-app.ts), read once as the script starts,
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
 * Resolves once the browser has painted a frame (a task after the next
 * animation frame), or after 100 ms in a tab that draws no frames (opened in
 * the background), so the app never waits on a frame that will not come.
 */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}

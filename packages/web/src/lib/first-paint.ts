/**
 * What the server drew in the HTML before any script ran (decision 0009,
 * packages/server/src/http/web-app.ts), read once as the script starts,
 * before React replaces that markup, so the first render can draw the same
 * while the session is read, and nothing flashes.
 */
const root = typeof document === 'undefined' ? null : document.getElementById('root');

/** The landing page (`data-landing`): the request had no session cookie. */
export const servedLandingPage: boolean = root?.hasAttribute('data-landing') === true;

/** The signed-in navbar (`data-session`): the request had a session cookie. */
export const servedWithSession: boolean = root?.hasAttribute('data-session') === true;

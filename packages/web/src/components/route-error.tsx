import { Page } from './page-state.tsx';

/**
 * What a route shows when its screen fails to render, instead of React
 * Router's developer page. Most often the screen's code did not download: the
 * phone lost signal, or a deploy replaced the files this page was built
 * with. Only a full reload recovers: a lazy screen keeps its failed load.
 */
export function RouteError() {
  return (
    <Page title="This page could not be loaded">
      <p>The connection may have dropped, or Flightline was updated since you opened it. Reload to try again.</p>
      <button type="button" className="btn btn-primary btn-lg" onClick={() => window.location.reload()}>
        Reload
      </button>
    </Page>
  );
}

import { Page } from '../components/page-state.tsx';
import { reloadToNewestVersion } from '../lib/new-version.ts';

/** Shown instead of the app when the server no longer supports this client version. */
export function UpdateRequired() {
  return (
    <Page title="Time for an Update">
      <p>A newer version of Flightline is available. Reload the page, bypassing the cache, to get it:</p>
      <ul>
        <li>
          <strong>Windows</strong> (Chrome, Edge, Firefox): press <kbd>Ctrl</kbd> + <kbd>F5</kbd>, or <kbd>Ctrl</kbd> +{' '}
          <kbd>Shift</kbd> + <kbd>R</kbd>.
        </li>
        <li>
          <strong>Mac</strong>: press <kbd>Cmd</kbd> + <kbd>Shift</kbd> + <kbd>R</kbd> (Safari: <kbd>Cmd</kbd> +{' '}
          <kbd>Option</kbd> + <kbd>E</kbd>, then <kbd>Cmd</kbd> + <kbd>R</kbd>).
        </li>
        <li>
          <strong>Phones and tablets</strong>: close every Flightline tab, then open the site again; if it still shows
          this page, clear the browser's cached images and files for this site in its settings and reload.
        </li>
      </ul>
      <button type="button" className="btn btn-primary" onClick={() => void reloadToNewestVersion()}>
        Reload now
      </button>
    </Page>
  );
}

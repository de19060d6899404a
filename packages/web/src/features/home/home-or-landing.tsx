import { useEffect, useState } from 'react';
import { Loading, LoadError, Page } from '../../components/page-state.tsx';
import { ServedPage } from '../../components/served-page.tsx';
import { holdsServedPage, servedLandingPage, servedWithSession } from '../../lib/first-paint.ts';
import { failedToLoad } from '../../lib/offline-status.ts';
import { preloadable } from '../../lib/preloadable.tsx';
import { useSession } from '../../lib/session.ts';
import { Landing } from './landing.tsx';

const HomePage = preloadable(async () => (await import('./home-page.tsx')).HomePage);
// A page opened with a session cookie is most likely Home signed in: its code starts loading with the app (the HTML
// preloads its chunk), so Home draws as soon as the session is read.
if (servedWithSession && typeof window !== 'undefined' && window.location.pathname === '/') void HomePage.preload();

/** `/`: the landing page signed out, the home page signed in. */
export function HomeOrLanding() {
  const session = useSession();
  const served = holdsServedPage('/');
  // Home drawn by the server stays until Home's code is in: a page still loading would show the loading state instead.
  const [homeCode, setHomeCode] = useState(false);
  useEffect(() => {
    if (served) void HomePage.preload().then(() => setHomeCode(true));
  }, [served]);
  if (served && (session.isPending || !homeCode)) return <ServedPage />;
  // The server already drew the landing page for a visitor with no session: keep it while the session is read.
  if (session.isPending)
    return servedLandingPage ? (
      <Landing />
    ) : (
      <Page>
        <Loading text="Retrieving your data...." />
      </Page>
    );
  if (!session.data || failedToLoad(session))
    return (
      <Page>
        <LoadError error={session.error} />
      </Page>
    );
  return session.data.isAuthenticated ? <HomePage /> : <Landing />;
}

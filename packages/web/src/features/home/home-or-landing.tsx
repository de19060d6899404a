import { lazy } from 'react';
import { Loading, LoadError, Page } from '../../components/page-state.tsx';
import { servedLandingPage } from '../../lib/first-paint.ts';
import { failedToLoad } from '../../lib/offline-status.ts';
import { useSession } from '../../lib/session.ts';
import { Landing } from './landing.tsx';

const HomePage = lazy(async () => ({ default: (await import('./home-page.tsx')).HomePage }));

/** `/`: the landing page signed out, the home page signed in. */
export function HomeOrLanding() {
  const session = useSession();
  // The server already drew the landing page for a visitor with no session: keep it while the session is read.
  if (session.isPending) return servedLandingPage ? <Landing /> : <Page><Loading text="Retrieving your data...." /></Page>;
  if (!session.data || failedToLoad(session)) return <Page><LoadError error={session.error} /></Page>;
  return session.data.isAuthenticated ? <HomePage /> : <Landing />;
}

import { lazy } from 'react';
import { Loading, LoadError, Page } from '../../components/page-state.tsx';
import { failedToLoad } from '../../lib/offline-status.ts';
import { useSession } from '../../lib/session.ts';
import { Landing } from './landing.tsx';

const HomePage = lazy(async () => ({ default: (await import('./home-page.tsx')).HomePage }));

/** `/`: the landing page signed out, the home page signed in. */
export function HomeOrLanding() {
  const session = useSession();
  if (session.isPending) return <Page><Loading text="Retrieving your data...." /></Page>;
  if (!session.data || failedToLoad(session)) return <Page><LoadError error={session.error} /></Page>;
  return session.data.isAuthenticated ? <HomePage /> : <Landing />;
}

import type { ReactNode } from 'react';
import { Navigate, useLocation } from '../lib/router.tsx';
import { failedToLoad } from '../lib/offline-status.ts';
import { useSession } from '../lib/session.ts';
import { LoadError, Page } from './page-state.tsx';
import { RouteLoading } from './route-loading.tsx';

/** Signed-in routes: a signed-out visitor goes to /login?redirect={path}{query}. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <RouteLoading />;
  // Offline, the session read last seen stands: a signed-in person is not sent to the login page.
  if (!session.data || failedToLoad(session)) return <Page><LoadError error={session.error} /></Page>;
  if (!session.data.isAuthenticated) {
    const redirect = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login?redirect=${redirect}`} replace />;
  }
  return <>{children}</>;
}

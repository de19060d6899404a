import type { ReactNode } from 'react';
import { Navigate, useLocation } from '../lib/router.tsx';
import { servedLandingPage } from '../lib/first-paint.ts';
import { failedToLoad } from '../lib/offline-status.ts';
import { useSession } from '../lib/session.ts';
import { LoadError, Page } from './page-state.tsx';
import { RouteLoading } from './route-loading.tsx';

/**
 * Signed-in routes: a signed-out visitor goes to /login?redirect={path}{query},
 * or sees `signedOut` when the route has a page of its own for visitors.
 */
export function RequireAuth({ children, signedOut }: { children: ReactNode; signedOut?: ReactNode | undefined }) {
  const session = useSession();
  const location = useLocation();
  // The server drew the visitor's page (no session cookie came): keep it while the session is read.
  if (session.isPending) return signedOut !== undefined && servedLandingPage ? <>{signedOut}</> : <RouteLoading />;
  // Offline, the session read last seen stands: a signed-in person is not sent to the login page.
  if (!session.data || failedToLoad(session))
    return (
      <Page>
        <LoadError error={session.error} />
      </Page>
    );
  if (!session.data.isAuthenticated) {
    if (signedOut !== undefined) return <>{signedOut}</>;
    const redirect = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login?redirect=${redirect}`} replace />;
  }
  return <>{children}</>;
}

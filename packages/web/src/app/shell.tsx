import { lazy, Suspense, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '../lib/router.tsx';
import { APP_VERSION } from '@flightline/domain/api/app-version';
import { ConfirmHost } from '../components/confirm-host.tsx';
import { Notifications } from '../components/notifications.tsx';
import { RouteLoading } from '../components/route-loading.tsx';
import { errorMessage, post } from '../lib/api.ts';
import { servedSignedOut, servedWithSession } from '../lib/first-paint.ts';
import { notifications } from '../lib/notifications-store.ts';
import { hasWaitingTaps } from '../lib/outbox/waiting-flag.ts';
import { useRefreshSession, useSession } from '../lib/session.ts';
import { optionalPart } from '../lib/optional-part.tsx';
import { useIdle } from '../lib/when-idle.ts';
import { versionCheckQuery } from '../lib/api/version.ts';

export const LANDING_NAME = 'Flightline';

// Only drawn when the server no longer supports this version: not part of every first visit.
const UpdateRequired = lazy(async () => ({ default: (await import('./update-required.tsx')).UpdateRequired }));
// The field outbox's "2 waiting" (docs/offline.md): loaded after the page, for a signed-in person or taps left waiting;
// loaded with the page, not later, so that it is there when the signal goes right after the first visit.
const OutboxStatus = optionalPart(async () => (await import('../components/outbox-status.tsx')).OutboxStatus);
// The live line's stream (docs/live.md): loaded after the page, for a signed-in person.
const LiveStream = optionalPart(async () => (await import('../lib/live-stream.tsx')).LiveStream);

function useVersionCheck(enabled: boolean) {
  return useQuery({
    enabled,
    ...versionCheckQuery(APP_VERSION),
    staleTime: 60 * 60 * 1000,
    retry: false,
  });
}

// The navbar's links and Logout look alike: white text buttons of one height.
const NAV_BUTTON = 'btn btn-link text-white text-decoration-none px-2 d-inline-flex align-items-center';

function NavbarLink({ to, children }: { to: string; children: string }) {
  return (
    <Link className={NAV_BUTTON} to={to}>
      {children}
    </Link>
  );
}

export function Shell({ children }: { children: ReactNode }) {
  const session = useSession();
  // Asked once the first screen is up: the answer only matters for a version the server no longer takes.
  const idle = useIdle();
  const version = useVersionCheck(idle);
  const refresh = useRefreshSession();
  const navigate = useNavigate();
  const signedIn = session.data?.isAuthenticated ?? false;
  const hasClub = Boolean(session.data?.club);
  // Until the session is read, the navbar stays as the server drew it (first-paint.ts): signed in when a session cookie
  // came, Signup and Login when none came, and neither when the page is not the server's (the service worker's copy).
  const navLinks = session.isPending
    ? servedWithSession
      ? 'signed-in'
      : servedSignedOut
        ? 'signed-out'
        : 'none'
    : signedIn
      ? 'signed-in'
      : 'signed-out';
  const navHome = session.isPending ? servedWithSession : signedIn && hasClub;

  const logout = async () => {
    try {
      await post('/auth/sign-out', {});
    } catch (error) {
      notifications.toast({ status: 'danger', message: errorMessage(error) });
    }
    await refresh();
    navigate('/');
  };

  if (signedIn && version.data && !version.data.supported) {
    return (
      <Suspense fallback={null}>
        <UpdateRequired />
      </Suspense>
    );
  }

  return (
    <div className="d-flex flex-column min-vh-100">
      <nav className="navbar navbar-dark bg-primary py-1">
        <div className="container-fluid">
          <Link className="navbar-brand" to="/">
            {navHome ? 'Home' : LANDING_NAME}
          </Link>
          <div className="d-flex align-items-center gap-1">
            {(signedIn || hasWaitingTaps()) && (
              <OutboxStatus userID={session.data?.userID ?? null} timeZone={session.data?.clubTimeZone ?? ''} />
            )}
            {navLinks === 'signed-in' ? (
              <>
                <NavbarLink to="/settings">Settings</NavbarLink>
                <button type="button" className={NAV_BUTTON} onClick={() => void logout()}>
                  Logout
                </button>
              </>
            ) : navLinks === 'signed-out' ? (
              <>
                <NavbarLink to="/signup">Signup</NavbarLink>
                <NavbarLink to="/login">Login</NavbarLink>
              </>
            ) : null}
          </div>
        </div>
      </nav>
      <div className="flex-grow-1">
        <Suspense fallback={<RouteLoading />}>{children}</Suspense>
      </div>
      <footer className="text-center text-body-secondary small py-2 border-top">App version {APP_VERSION}</footer>
      <Notifications />
      {signedIn && <LiveStream />}
      <ConfirmHost />
    </div>
  );
}

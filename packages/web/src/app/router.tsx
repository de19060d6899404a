import { isValidElement, type ComponentType, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { RequireAuth } from '../components/require-auth.tsx';
import { RequireMember } from '../components/require-member.tsx';
import { RouteError } from '../components/route-error.tsx';
import { HomeOrLanding } from '../features/home/home-or-landing.tsx';
import { LandingTitlePage } from '../features/home/landing.tsx';
import { preloadable, type Preloadable } from '../lib/preloadable.tsx';
import { useLocation } from '../lib/router.tsx';
import { routeOf } from '@flightline/domain/pages/route-preloads';
import { Shell } from './shell.tsx';

/** A page loaded on first visit, so a phone downloads only the screens it opens. */
function page(load: () => Promise<Record<string, ComponentType>>, name: string) {
  const Component = preloadable(async () => (await load())[name]!);
  return <Component />;
}

/** The `preload` of the page a route draws, found through the wrappers (RequireAuth, RequireMember) around it. */
function preloadOf(node: ReactNode): (() => Promise<void>) | undefined {
  if (!isValidElement<{ children?: ReactNode }>(node)) return undefined;
  const own = (node.type as Partial<Preloadable<object>>).preload;
  return own ?? preloadOf(node.props.children);
}

const signedIn = (element: ReactNode) => <RequireAuth>{element}</RequireAuth>;
/** A club screen; `signedOut`, what a visitor sees instead of the login page. */
const member = (element: ReactNode, signedOut?: ReactNode) => (
  <RequireMember signedOut={signedOut}>{element}</RequireMember>
);

/**
 * The screen, drawn inside the shell: a screen that fails (most often its code
 * would not download) says so with the navbar still there. Another page starts over.
 */
function Screen({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary key={pathname} fallback={<RouteError />}>
      {children}
    </ErrorBoundary>
  );
}

interface AppRoute {
  /** Matched whole, without regard to case or a trailing slash; '*' matches any other path. */
  path: string;
  element: ReactNode;
}

/** Every route of the member and back-office screens. */
export const routes: AppRoute[] = [
  { path: '/', element: <HomeOrLanding /> },
  { path: '/index', element: <HomeOrLanding /> },
  { path: '/index.html', element: <HomeOrLanding /> },
  // Signed out
  { path: '/login', element: page(() => import('../features/auth/login-page.tsx'), 'LoginPage') },
  {
    path: '/login/reset',
    element: page(() => import('../features/auth/reset-password-page.tsx'), 'ResetPasswordPage'),
  },
  { path: '/signup', element: page(() => import('../features/auth/signup-page.tsx'), 'SignupPage') },
  // Signed in, any club state
  {
    path: '/settings',
    element: signedIn(page(() => import('../features/settings/settings-page.tsx'), 'SettingsPage')),
  },
  {
    path: '/settings/profile',
    element: signedIn(page(() => import('../features/settings/profile-page.tsx'), 'ProfilePage')),
  },
  {
    path: '/settings/password',
    element: signedIn(page(() => import('../features/auth/change-password-page.tsx'), 'ChangePasswordPage')),
  },
  {
    path: '/new pilot',
    element: signedIn(page(() => import('../features/members/new-pilot-page.tsx'), 'NewPilotPage')),
  },
  // Club members
  {
    path: '/emergency',
    element: member(page(() => import('../features/members/directory-page.tsx'), 'DirectoryPage')),
  },
  { path: '/crew', element: member(page(() => import('../features/crew/crew-page.tsx'), 'CrewPage')) },
  { path: '/ground', element: member(page(() => import('../features/ground/ground-page.tsx'), 'GroundPage')) },
  // Signed out, the landing title and tagline; the server draws them too (web-app.ts).
  {
    path: '/awaiting',
    element: member(
      page(() => import('../features/awaiting/awaiting-page.tsx'), 'AwaitingPage'),
      <LandingTitlePage />,
    ),
  },
  { path: '/fuel', element: member(page(() => import('../features/tugs/fuel-page.tsx'), 'FuelPage')) },
  { path: '/logs', element: member(page(() => import('../features/logs/logs-page.tsx'), 'LogsPage')) },
  {
    path: '/userAccount',
    element: member(page(() => import('../features/account/account-summary-page.tsx'), 'AccountSummaryPage')),
  },
  { path: '/metrics', element: member(page(() => import('../features/metrics/metrics-page.tsx'), 'MetricsPage')) },
  { path: '/gliders', element: member(page(() => import('../features/gliders/gliders-page.tsx'), 'GlidersPage')) },
  // The duty roster: /roster, /roster/day/:day, /roster/availability, /roster/edit, /roster/notifications
  // (features/roster/roster-routes.tsx).
  { path: '/roster/*?', element: member(page(() => import('../features/roster/roster-routes.tsx'), 'RosterRoutes')) },
  // Back office
  { path: '/admin', element: member(page(() => import('../features/admin/admin-page.tsx'), 'AdminPage')) },
  {
    path: '/admin/club',
    element: member(page(() => import('../features/club-settings/club-settings-page.tsx'), 'ClubSettingsPage')),
  },
  { path: '/intro', element: member(page(() => import('../features/intros/intro-sale-page.tsx'), 'IntroSalePage')) },
  {
    path: '/intro/refund',
    element: member(page(() => import('../features/intros/intro-refund-page.tsx'), 'IntroRefundPage')),
  },
  {
    path: '/intro/cancel',
    element: member(page(() => import('../features/intros/intro-cancel-page.tsx'), 'IntroCancelPage')),
  },
  { path: '/export', element: member(page(() => import('../features/exports/export-page.tsx'), 'ExportPage')) },
  {
    path: '/accounts',
    element: member(page(() => import('../features/accounting/accounting-summary-page.tsx'), 'AccountingSummaryPage')),
  },
  {
    path: '/accountingAdmin',
    element: member(page(() => import('../features/accounting/accounting-admin-page.tsx'), 'AccountingAdminPage')),
  },
  { path: '*', element: page(() => import('../features/not-found.tsx'), 'NotFound') },
];

// The page this tab opens on starts loading with the app (its chunk is preloaded by the HTML): it is ready when the
// session is, and draws without a Suspense fallback.
if (typeof window !== 'undefined') {
  const opening = routeOf(window.location.pathname, Object.fromEntries(routes.map((r) => [r.path, r])));
  void preloadOf(routes.find((r) => r.path === opening)?.element)?.();
}

/**
 * The app's pages, each drawn inside the shell (wouter, decision 0011: the
 * screens need no loaders or actions, only paths matched to screens).
 */
export function AppRouter() {
  return (
    // Only if the shell itself fails: the same message on its own, as the shell cannot be drawn.
    <ErrorBoundary fallback={<RouteError />}>
      <Shell>
        <Screen>
          <Switch>
            {routes.map(({ path, element }) => (
              <Route key={path} path={path === '*' ? undefined : path}>
                {element}
              </Route>
            ))}
          </Switch>
        </Screen>
      </Shell>
    </ErrorBoundary>
  );
}

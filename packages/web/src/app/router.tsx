import { lazy, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { RequireAuth } from '../components/require-auth.tsx';
import { RequireMember } from '../components/require-member.tsx';
import { HomeOrLanding } from '../features/home/home-or-landing.tsx';
import { NotFound } from '../features/not-found.tsx';
import { ComingSoon } from '../features/placeholders/coming-soon.tsx';
import { Shell } from './shell.tsx';

/** A page loaded on first visit, so a phone downloads only the screens it opens. */
function page(load: () => Promise<Record<string, ComponentType>>, name: string) {
  const Component = lazy(async () => ({ default: (await load())[name]! }));
  return <Component />;
}

const signedIn = (element: ReactNode) => <RequireAuth>{element}</RequireAuth>;
const member = (element: ReactNode) => <RequireMember>{element}</RequireMember>;

/** Every route of member spec §2 and back-office spec §2. */
export const routes: RouteObject[] = [
  {
    element: (
      <Shell>
        <Outlet />
      </Shell>
    ),
    children: [
      { path: '/', element: <HomeOrLanding /> },
      { path: '/index', element: <HomeOrLanding /> },
      { path: '/index.html', element: <HomeOrLanding /> },
      // Signed out
      { path: '/login', element: page(() => import('../features/auth/login-page.tsx'), 'LoginPage') },
      { path: '/login/reset', element: page(() => import('../features/auth/reset-password-page.tsx'), 'ResetPasswordPage') },
      { path: '/signup', element: page(() => import('../features/auth/signup-page.tsx'), 'SignupPage') },
      // Signed in, any club state
      { path: '/settings', element: signedIn(page(() => import('../features/settings/settings-page.tsx'), 'SettingsPage')) },
      { path: '/settings/profile', element: signedIn(page(() => import('../features/settings/profile-page.tsx'), 'ProfilePage')) },
      { path: '/settings/password', element: signedIn(page(() => import('../features/auth/change-password-page.tsx'), 'ChangePasswordPage')) },
      { path: '/new pilot', element: signedIn(page(() => import('../features/members/new-pilot-page.tsx'), 'NewPilotPage')) },
      // Club members
      { path: '/emergency', element: member(page(() => import('../features/members/directory-page.tsx'), 'DirectoryPage')) },
      { path: '/crew', element: member(<ComingSoon title="Request Flight" />) },
      { path: '/ground', element: member(<ComingSoon title="Record Launch or Landing" />) },
      { path: '/awaiting', element: member(<ComingSoon title="Awaiting Launches" />) },
      { path: '/fuel', element: member(<ComingSoon title="Log Fuel, Oil, or Shift Change" />) },
      { path: '/logs', element: member(<ComingSoon title="Flight Logs" />) },
      { path: '/userAccount', element: member(page(() => import('../features/account/account-summary-page.tsx'), 'AccountSummaryPage')) },
      // Back office
      { path: '/admin', element: member(page(() => import('../features/admin/admin-page.tsx'), 'AdminPage')) },
      { path: '/admin/club', element: member(page(() => import('../features/club-settings/club-settings-page.tsx'), 'ClubSettingsPage')) },
      { path: '/intro', element: member(<ComingSoon title="New Intro Flight" />) },
      { path: '/intro/refund', element: member(<ComingSoon title="Refund Intro" />) },
      { path: '/intro/cancel', element: member(<ComingSoon title="Cancel Intro" />) },
      { path: '/export', element: member(<ComingSoon title="Club Data Exports" />) },
      { path: '/accounts', element: member(page(() => import('../features/accounting/accounting-summary-page.tsx'), 'AccountingSummaryPage')) },
      { path: '/accountingAdmin', element: member(page(() => import('../features/accounting/accounting-admin-page.tsx'), 'AccountingAdminPage')) },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const router = createBrowserRouter(routes);

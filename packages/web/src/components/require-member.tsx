import type { ReactNode } from 'react';
import { Navigate } from '../lib/router.tsx';
import { useSession } from '../lib/session.ts';
import { Page } from './page-state.tsx';
import { RequireAuth } from './require-auth.tsx';

export const NO_CLUB_NOTICE =
  'Your account does not have an active club, go to settings, request membership at a club, ' +
  'select it as the active club, and a club admin must activate the account.';
export const NOT_ACTIVATED_NOTICE =
  'Your account has not been activated at this club, Contact a club admin to have your account activated.';

export function NotActivated() {
  return (
    <Page>
      <div className="alert alert-warning" role="alert">
        {NOT_ACTIVATED_NOTICE}
      </div>
    </Page>
  );
}

/**
 * Club screens: signed in (else `signedOut` or the login page), with an active club (else settings), and active
 * there (else the notice).
 */
export function RequireMember({ children, signedOut }: { children: ReactNode; signedOut?: ReactNode | undefined }) {
  return (
    <RequireAuth signedOut={signedOut}>
      <MemberGate>{children}</MemberGate>
    </RequireAuth>
  );
}

function MemberGate({ children }: { children: ReactNode }) {
  const { data } = useSession();
  if (!data) return null;
  if (!data.club) return <Navigate to="/settings" replace state={{ notice: NO_CLUB_NOTICE }} />;
  if (!data.userIsActive) return <NotActivated />;
  return <>{children}</>;
}

import '../../app/back-office.scss';
import './intros.css';
import '../../components/touch-checks.css';
import type { ReactNode } from 'react';
import type { SessionInfo } from '@flightline/domain/api/types';
import { Loading, Page } from '../../components/page-state.tsx';
import { useSession } from '../../lib/session.ts';
import { NotAuthorized } from '../../components/not-authorized.tsx';

export interface IntroSession {
  club: string;
  timeZone: string;
}

/** Intro sale, refund and cancel are for admins and holders of canAddIntros. */
export function canManageIntros(s: Pick<SessionInfo, 'userIsAdmin' | 'userCanAddIntros'>): boolean {
  return s.userIsAdmin || s.userCanAddIntros;
}

/** The page once the session says who may see it; 'User is not authorized (603)' for the others. */
export function IntroGate({ title, children }: { title: string; children: (session: IntroSession) => ReactNode }) {
  const s = useSession().data;
  if (!s?.club || !s.clubTimeZone) {
    return (
      <Page title={title}>
        <Loading />
      </Page>
    );
  }
  if (!canManageIntros(s)) return <NotAuthorized title={title} />;
  return children({ club: s.club, timeZone: s.clubTimeZone });
}

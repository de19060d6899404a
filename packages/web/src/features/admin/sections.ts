import type { SessionInfo } from '@flightline/domain/api/types';

/** The sections of the Administration page, in page order. */
export type AdminSection =
  'users' | 'gliders' | 'launches' | 'tugs' | 'blocks' | 'introLaunches' | 'introManagement' | 'exports';

export const NOT_AUTHORIZED = 'User is not authorized (603)';

type Rights = Pick<SessionInfo, 'userIsAdmin' | 'userCanAddFunds' | 'userCanAddIntros' | 'userCanUpdateGliders'>;

/** Someone with none of these rights sees 'User is not authorized (603)'. */
export function hasAdminRights(r: Rights): boolean {
  return r.userIsAdmin || r.userCanAddFunds || r.userCanAddIntros || r.userCanUpdateGliders;
}

/** The sections shown for these rights; Intro Management only when intro launches exist. */
export function visibleSections(r: Rights, introLaunchCount: number): AdminSection[] {
  const shown: AdminSection[] = [];
  if (r.userIsAdmin || r.userCanAddFunds) shown.push('users');
  if (r.userIsAdmin || r.userCanUpdateGliders) shown.push('gliders');
  if (r.userIsAdmin) shown.push('launches', 'tugs', 'blocks', 'introLaunches');
  if ((r.userIsAdmin || r.userCanAddIntros) && introLaunchCount > 0) shown.push('introManagement');
  if (r.userIsAdmin) shown.push('exports');
  return shown;
}

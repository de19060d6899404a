import type { SessionInfo } from './api-types.ts';

/** Test data: Mary Member's session, an active member of the Demo Soaring Club with no rights beyond flying, with `fields` changed. */
export function memberSession(fields: Partial<SessionInfo> = {}): SessionInfo {
  return {
    isAuthenticated: true,
    userID: 'u1',
    email: 'mary@example.org',
    first: 'Mary',
    last: 'Member',
    club: 'c1',
    clubName: 'Demo Soaring Club',
    clubShortName: 'DSC',
    clubLink: '',
    clubLogo: '',
    clubMessage: '',
    clubTimeZone: 'America/Toronto',
    clubZoneRules: null,
    currency: 'CAD',
    userIsActive: true,
    userIsAdmin: false,
    userCanAddFunds: false,
    userCanAddIntros: false,
    userCanUpdateGliders: false,
    userCanEditLogs: false,
    userCanEditRoster: false,
    isInstructor: false,
    isTowPilot: false,
    groundOnly: false,
    ...fields,
  };
}

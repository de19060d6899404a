import type { AdminPilot } from './api-types.ts';

/** Test data: a pilot as the admin's list shows one, active with no rights or qualifications, with `fields` changed. */
export function adminPilot(fields: Partial<AdminPilot> = {}): AdminPilot {
  return {
    userID: 'u1',
    first: 'Mary',
    last: 'Member',
    email: 'mary@example.org',
    isInstructor: false,
    isTowPilot: false,
    isAdmin: false,
    canAddFunds: false,
    canAddIntros: false,
    canUpdateGliders: false,
    canEditLogs: false,
    canEditRoster: false,
    groundOnly: false,
    isActive: true,
    activeExpiration: null,
    status: 'active',
    requestedAt: 0,
    ...fields,
  };
}

import type { AdminPilot } from '@flightline/domain/api/types';
import type { Qualifications } from '@flightline/domain/schemas/fleet';
import { filterOptions } from '../../../lib/filter-options.ts';
import { clubToday } from '../../../lib/club-dates.ts';

/** The qualifications an admin edits, with the spec's exact labels, in its order. */
export const QUALIFICATION_LABELS = [
  ['isInstructor', 'Instructor'],
  ['isTowPilot', 'Tow Pilot'],
  ['isAdmin', 'Admin'],
  ['canAddFunds', 'Can Add User Funds'],
  ['canAddIntros', 'Can Add Intro Certificates'],
  ['canUpdateGliders', 'Can Update Gliders'],
  ['canEditLogs', 'Can Edit Flight Logs'],
  ['canEditRoster', 'Can Edit Roster'],
  ['groundOnly', 'Ground only member'],
  ['isActive', 'Active'],
] as const satisfies readonly (readonly [keyof Qualifications, string])[];

export function pilotName(pilot: Pick<AdminPilot, 'first' | 'last'>): string {
  return `${pilot.first} ${pilot.last}`.trim();
}

export function qualificationsOf(pilot: AdminPilot): Qualifications {
  return {
    isInstructor: pilot.isInstructor,
    isTowPilot: pilot.isTowPilot,
    isAdmin: pilot.isAdmin,
    canAddFunds: pilot.canAddFunds,
    canAddIntros: pilot.canAddIntros,
    canUpdateGliders: pilot.canUpdateGliders,
    canEditLogs: pilot.canEditLogs,
    canEditRoster: pilot.canEditRoster,
    groundOnly: pilot.groundOnly,
    isActive: pilot.isActive,
    activeExpiration: pilot.activeExpiration,
  };
}

const byName = (a: AdminPilot, b: AdminPilot) => a.last.localeCompare(b.last) || a.first.localeCompare(b.first);

/**
 * The pilot Edit dropdown: members matching every typed word (name or
 * email), by last name, under separate Active and Inactive headings.
 * Pending membership requests are answered in their own list, not here.
 */
export function pilotGroups(
  pilots: readonly AdminPilot[],
  text: string,
): { active: AdminPilot[]; inactive: AdminPilot[] } {
  const members = pilots.filter((p) => p.status !== 'pending');
  const matching = new Set(
    filterOptions(
      members.map((p) => ({ value: p.userID, label: pilotName(p), detail: p.email })),
      text,
    ).map((o) => o.value),
  );
  const shown = members.filter((p) => matching.has(p.userID)).sort(byName);
  return { active: shown.filter((p) => p.status === 'active'), inactive: shown.filter((p) => p.status === 'inactive') };
}

/** Membership requests, oldest first. */
export function pendingPilots(pilots: readonly AdminPilot[]): AdminPilot[] {
  return pilots.filter((p) => p.status === 'pending').sort((a, b) => a.requestedAt - b.requestedAt);
}

/** Today's date ('YYYY-MM-DD') in the club's time zone. */
export function todayIn(timeZone: string, nowMs: number): string {
  try {
    return clubToday(timeZone || 'UTC', nowMs);
  } catch {
    return new Date(nowMs).toISOString().slice(0, 10);
  }
}

/**
 * The expiry offered when an admin turns "Never" off: the club's next
 * membership year end ('MM-DD') on or after today, the usual end of a membership.
 */
export function nextYearEnd(today: string, membershipYearEnd: string): string {
  if (!/^\d{2}-\d{2}$/.test(membershipYearEnd)) return today;
  const year = Number(today.slice(0, 4));
  const thisYear = `${year}-${membershipYearEnd}`;
  return thisYear >= today ? thisYear : `${year + 1}-${membershipYearEnd}`;
}

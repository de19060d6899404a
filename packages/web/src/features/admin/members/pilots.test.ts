import { describe, expect, it } from 'vitest';
import { adminPilot } from '@flightline/domain/fixtures/admin-pilot';
import type { AdminPilot } from '@flightline/domain/api/types';
import { nextYearEnd, pendingPilots, pilotGroups, qualificationsOf, QUALIFICATION_LABELS, todayIn } from './pilots.ts';

function pilot(
  userID: string,
  first: string,
  last: string,
  status: AdminPilot['status'],
  extra: Partial<AdminPilot> = {},
): AdminPilot {
  return adminPilot({
    userID,
    first,
    last,
    email: `${first.toLowerCase()}@example.org`,
    isActive: status === 'active',
    status,
    ...extra,
  });
}

const pilots = [
  pilot('u1', 'Zoe', 'Adams', 'active'),
  pilot('u2', 'Ann', 'Brown', 'inactive'),
  pilot('u3', 'Bob', 'Adams', 'active'),
  pilot('u4', 'Pat', 'Pending', 'pending', { requestedAt: 200 }),
  pilot('u5', 'Sam', 'Later', 'pending', { requestedAt: 100 }),
];

describe('pilot Edit dropdown: filter box, Active and Inactive headings', () => {
  it('groups by status, sorted by last then first name, leaving out pending requests', () => {
    const groups = pilotGroups(pilots, '');
    expect(groups.active.map((p) => p.userID)).toEqual(['u3', 'u1']);
    expect(groups.inactive.map((p) => p.userID)).toEqual(['u2']);
  });

  it('keeps pilots matching every typed word, in name or email', () => {
    expect(pilotGroups(pilots, 'adams zo').active.map((p) => p.userID)).toEqual(['u1']);
    expect(pilotGroups(pilots, 'ann@').inactive.map((p) => p.userID)).toEqual(['u2']);
    expect(pilotGroups(pilots, 'pending')).toEqual({ active: [], inactive: [] });
  });

  it('membership requests are the pending pilots, oldest first', () => {
    expect(pendingPilots(pilots).map((p) => p.userID)).toEqual(['u5', 'u4']);
  });
});

describe('qualifications', () => {
  it('has the spec labels in its order', () => {
    expect(QUALIFICATION_LABELS.map(([, label]) => label)).toEqual([
      'Instructor',
      'Tow Pilot',
      'Admin',
      'Can Add User Funds',
      'Can Add Intro Certificates',
      'Can Update Gliders',
      'Can Edit Flight Logs',
      'Can Edit Roster',
      'Ground only member',
      'Active',
    ]);
  });

  it('takes exactly the qualification fields of a pilot', () => {
    expect(Object.keys(qualificationsOf(pilots[0]!)).sort()).toEqual(
      ['activeExpiration', ...QUALIFICATION_LABELS.map(([key]) => key)].sort(),
    );
  });
});

describe('expiry offered when Never is turned off', () => {
  it("is this year's membership year end when it is still ahead", () => {
    expect(nextYearEnd('2025-06-15', '12-31')).toBe('2025-12-31');
    expect(nextYearEnd('2025-12-31', '12-31')).toBe('2025-12-31');
  });
  it("is next year's once this year's has passed", () => {
    expect(nextYearEnd('2025-11-01', '10-31')).toBe('2026-10-31');
  });
  it('today is taken in the club time zone', () => {
    // 2025-01-01 03:00 UTC is still New Year's Eve in Vancouver.
    expect(todayIn('America/Vancouver', Date.UTC(2025, 0, 1, 3))).toBe('2024-12-31');
    expect(todayIn('UTC', Date.UTC(2025, 0, 1, 3))).toBe('2025-01-01');
  });
});

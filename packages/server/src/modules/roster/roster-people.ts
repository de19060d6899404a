import type { Kysely } from 'kysely';
import { isMembershipActive } from '@flightline/domain/time/club-time';
import { compareText } from '@flightline/domain/club/text-order';
import type { DB } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { PushSender } from '../../push/push-sender.ts';
import { listClubPilots } from '../members/repo.ts';
import { listDutyRoles, listEligibility, type DutyRoleRow } from './repo.ts';

/** What the roster's services are given. */
export interface RosterDeps {
  db: Kysely<DB>;
  mailer: Mailer;
  /** Web Push to the members' installed apps; without it (a tool, a test of mail alone) notices go by email only. */
  push?: PushSender | undefined;
  /** Links in mail point there (PUBLIC_URL). */
  publicUrl: string;
  /** Where a mail that could not be sent is reported (the change it tells of is kept). */
  log: (message: string) => void;
}

/** The club a roster call is about. */
export interface RosterClub {
  id: string;
  name: string;
  time_zone: string;
}

export interface RosterMember {
  userID: string;
  first: string;
  last: string;
  email: string;
  isAdmin: boolean;
  /** The active roles this member may take now. */
  roleIds: Set<string>;
}

export interface RosterPeople {
  /**
   * Active roles: Instructor, Tow pilot, Duty pilot, then added roles by name (inactive ones after, in the same
   * order).
   */
  roles: DutyRoleRow[];
  /** Active members, by last then first name. */
  members: RosterMember[];
  byId: Map<string, RosterMember>;
  /** Every pilot of the club (active or not) by id: names and email, for the mail about their duties. */
  anyone: Map<string, { first: string; last: string; email: string }>;
}

const KIND_ORDER = { instructor: 0, towPilot: 1, dutyPilot: 2, custom: 3 } as const;

/** Roles in the order every answer lists them. */
export function sortRoles(roles: DutyRoleRow[]): DutyRoleRow[] {
  return [...roles].sort(
    (a, b) =>
      Number(b.active) - Number(a.active) ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      compareText(a.name, b.name) ||
      a.id.localeCompare(b.id),
  );
}

/**
 * Who may take which role (docs/duty-roster.md, "Who may take a role"): an
 * active member; Instructor and Tow pilot follow the pilot's flag unless an
 * admin left them out; Duty pilot and added roles only by an admin's choice;
 * nobody an inactive role.
 */
export async function loadRosterPeople(db: Kysely<DB>, club: RosterClub, now: number): Promise<RosterPeople> {
  const [roleRows, pilots, choices] = await Promise.all([
    listDutyRoles(db, club.id),
    listClubPilots(db, club.id),
    listEligibility(db, club.id),
  ]);
  const roles = sortRoles(roleRows);
  const choice = new Map(choices.map((row) => [`${row.role_id}|${row.user_id}`, row.eligible]));
  const members = pilots
    .filter((pilot) =>
      isMembershipActive({ isActive: pilot.is_active, activeExpiration: pilot.active_expiration }, club.time_zone, now),
    )
    .map((pilot): RosterMember => {
      const roleIds = new Set<string>();
      for (const role of roles) {
        if (!role.active) continue;
        const chosen = choice.get(`${role.id}|${pilot.user_id}`);
        const byFlag =
          role.kind === 'instructor' ? pilot.is_instructor : role.kind === 'towPilot' ? pilot.is_tow_pilot : undefined;
        if (byFlag === undefined ? chosen === true : byFlag && chosen !== false) roleIds.add(role.id);
      }
      return {
        userID: pilot.user_id,
        first: pilot.firstName,
        last: pilot.lastName,
        email: pilot.login_email,
        isAdmin: pilot.is_admin,
        roleIds,
      };
    })
    .sort((a, b) => compareText(a.last, b.last) || compareText(a.first, b.first) || a.userID.localeCompare(b.userID));
  const anyone = new Map(
    pilots.map((pilot) => [pilot.user_id, { first: pilot.firstName, last: pilot.lastName, email: pilot.login_email }]),
  );
  return { roles, members, byId: new Map(members.map((m) => [m.userID, m])), anyone };
}

export const fullName = (person: { first: string; last: string }) => `${person.first} ${person.last}`.trim();

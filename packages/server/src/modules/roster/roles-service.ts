import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AnswerOf } from '@flightline/domain/api/define-call';
import type {
  getDutyRoles as getDutyRolesCall,
  getRosterSettings as getRosterSettingsCall,
  saveDutyRole as saveDutyRoleCall,
  setDutyEligibility as setDutyEligibilityCall,
  updateRosterSettings as updateRosterSettingsCall,
} from '@flightline/domain/api/roster';
import { bitsOfWeekdays, weekdaysOfBits } from '@flightline/domain/roster/roster-days';
import type {
  rosterSettingsSchema,
  saveDutyRoleSchema,
  setDutyEligibilitySchema,
} from '@flightline/domain/schemas/roster';
import type { DB } from '../../db/schema.ts';
import type { MemberContext } from '../../http/context.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { findClubPilot } from '../members/repo.ts';
import { fullName, loadRosterPeople } from './roster-people.ts';
import {
  findDutyRole,
  findDutyRoleAnyClub,
  findDutyRoleByName,
  findRosterSetting,
  insertDutyRole,
  lockRoster,
  setEligibility,
  updateDutyRole,
  updateRosterSetting,
  type DutyRoleRow,
  type RosterSettingRow,
} from './repo.ts';

/** Duty roles, who may take them, and the club's roster settings (docs/duty-roster.md). */

const roleAnswer = (role: DutyRoleRow) => ({ roleId: role.id, name: role.name, kind: role.kind, active: role.active });

/** GET /api/get-duty-roles. */
export async function getDutyRoles(db: Kysely<DB>, ctx: MemberContext): Promise<AnswerOf<typeof getDutyRolesCall>> {
  const people = await loadRosterPeople(db, ctx.club, ctx.now);
  return {
    roles: people.roles.map(roleAnswer),
    people: people.members.map((member) => ({
      userID: member.userID,
      first: member.first,
      last: member.last,
      roleIds: people.roles.filter((r) => member.roleIds.has(r.id)).map((r) => r.id),
    })),
  };
}

/**
 * POST /api/save-duty-role (admin): a new id adds a role (a retry finds it
 * made and answers the same); an added role may be renamed; any role may be
 * made inactive or active. Names are unique in the club whatever their case.
 */
export async function saveDutyRole(
  db: Kysely<DB>,
  ctx: MemberContext,
  input: z.output<typeof saveDutyRoleSchema>,
): Promise<AnswerOf<typeof saveDutyRoleCall>> {
  const role = await db.transaction().execute(async (trx) => {
    await lockRoster(trx, ctx.club.id);
    const existing = await findDutyRole(trx, ctx.club.id, input.roleId);
    const named = await findDutyRoleByName(trx, ctx.club.id, input.name);
    if (named && named.id !== input.roleId) throw conflict(`The club already has a duty role named ${named.name}`);
    if (!existing) {
      if (await findDutyRoleAnyClub(trx, input.roleId)) throw conflict('That role id is taken: make a new one');
      return {
        row: await insertDutyRole(trx, {
          club_id: ctx.club.id,
          id: input.roleId,
          name: input.name,
          active: input.active,
        }),
        made: true,
      };
    }
    if (existing.kind !== 'custom' && existing.name !== input.name)
      throw conflict(`${existing.name} is one of the roles every club has: its name stays`);
    return {
      row: await updateDutyRole(trx, ctx.club.id, existing.id, { name: input.name, active: input.active }),
      made: false,
    };
  });
  const state = role.row.active ? '' : ' (not in use)';
  return { statusCode: 200, message: `Duty role ${role.row.name}${state} saved`, role: roleAnswer(role.row) };
}

/**
 * POST /api/set-duty-eligibility (admin). Duty pilot and added roles: the
 * choice is who may take them. Instructor and Tow pilot follow the member's
 * flag: false leaves a flagged member out, true takes them back; true for a
 * member without the flag is refused (the qualification is set in
 * Administration, not here).
 */
export async function setDutyEligibility(
  db: Kysely<DB>,
  ctx: MemberContext,
  input: z.output<typeof setDutyEligibilitySchema>,
): Promise<AnswerOf<typeof setDutyEligibilityCall>> {
  const role = await findDutyRole(db, ctx.club.id, input.roleId);
  if (!role) throw notFound('No such duty role at this club');
  const pilot = await findClubPilot(db, ctx.club.id, input.userID);
  if (!pilot || pilot.declined_at !== null) throw notFound('No such member at this club');
  const name = fullName({ first: pilot.firstName, last: pilot.lastName });
  const flag =
    role.kind === 'instructor' ? pilot.is_instructor : role.kind === 'towPilot' ? pilot.is_tow_pilot : undefined;
  if (input.eligible && flag === false) {
    throw conflict(
      `${name} is not ${role.kind === 'instructor' ? 'an instructor' : 'a tow pilot'}: set ` +
        `${role.kind === 'instructor' ? 'Instructor' : 'Tow Pilot'} in Administration first`,
    );
  }
  await setEligibility(db, {
    club_id: ctx.club.id,
    role_id: role.id,
    user_id: input.userID,
    eligible: input.eligible,
    set_by: ctx.user.id,
    set_at: new Date(ctx.now),
  });
  const people = await loadRosterPeople(db, ctx.club, ctx.now);
  const roleIds = people.roles.filter((r) => people.byId.get(input.userID)?.roleIds.has(r.id)).map((r) => r.id);
  return {
    statusCode: 200,
    message: input.eligible ? `${name} may take ${role.name}` : `${name} will not be put on ${role.name}`,
    userID: input.userID,
    roleIds,
  };
}

const DEFAULT_SETTINGS = { flying_weekdays: 65, swap_warning_days: 3, surge_threshold: 8 };

const settingsAnswer = (row: Pick<RosterSettingRow, 'flying_weekdays' | 'swap_warning_days' | 'surge_threshold'>) => ({
  flyingWeekdays: weekdaysOfBits(row.flying_weekdays),
  swapWarningDays: row.swap_warning_days,
  surgeThreshold: row.surge_threshold,
});

/** The club's roster settings, the defaults when never set. */
export async function rosterSettingsOf(db: Kysely<DB>, clubId: string) {
  return (await findRosterSetting(db, clubId)) ?? { club_id: clubId, ...DEFAULT_SETTINGS };
}

export async function getRosterSettings(
  db: Kysely<DB>,
  ctx: MemberContext,
): Promise<AnswerOf<typeof getRosterSettingsCall>> {
  return settingsAnswer(await rosterSettingsOf(db, ctx.club.id));
}

export async function updateRosterSettings(
  db: Kysely<DB>,
  ctx: MemberContext,
  input: z.output<typeof rosterSettingsSchema>,
): Promise<AnswerOf<typeof updateRosterSettingsCall>> {
  const row = await db.transaction().execute(async (trx) => {
    await lockRoster(trx, ctx.club.id);
    return updateRosterSetting(trx, ctx.club.id, {
      flying_weekdays: bitsOfWeekdays(input.flyingWeekdays),
      swap_warning_days: input.swapWarningDays,
      surge_threshold: input.surgeThreshold,
    });
  });
  return { statusCode: 200, message: 'Roster settings saved', settings: settingsAnswer(row) };
}

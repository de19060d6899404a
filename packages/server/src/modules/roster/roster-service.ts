import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type {
  generateRoster as generateRosterCall,
  getRoster as getRosterCall,
  publishRoster as publishRosterCall,
  setDuty as setDutyCall,
} from '@flightline/domain/api/roster';
import type { AnswerOf } from '@flightline/domain/api/define-call';
import { clubToday } from '@flightline/domain/time/club-time';
import { generateRoster as draftRoster, type RosterPerson } from '@flightline/domain/roster/generate-roster';
import { addDays, dayText, eachDay, weekdayOf, weekdaysOfBits } from '@flightline/domain/roster/roster-days';
import type { generateRosterSchema, publishRosterSchema, setDutySchema } from '@flightline/domain/schemas/roster';
import type { DB } from '../../db/schema.ts';
import { hasRight, type MemberContext } from '../../http/context.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { dutyAnswers, type DutyAnswer } from './duty-answer.ts';
import {
  clearDrafts,
  deleteExtraDuty,
  deleteUnpublished,
  findDuty,
  findSlot,
  insertDuties,
  insertDuty,
  listDuties,
  publishDuties,
  setDraftPerson,
  withdrawOpenSwapsOf,
  type DutyRow,
} from './duty-repo.ts';
import { publishedMail, type DutyLine } from './roster-mail.ts';
import { tellMembers, type MemberNotice } from '../notifications/notifier.ts';
import { fullName, loadRosterPeople, type RosterDeps, type RosterMember, type RosterPeople } from './roster-people.ts';
import { isBlackedOut, listBlackouts, listPreferences, lockRoster, type DutyRoleRow } from './repo.ts';

/** The roster: read, drafted, edited by hand and published (docs/duty-roster.md, "The roster"). */

export const mayEditRoster = (ctx: MemberContext) => hasRight(ctx, 'admin') || hasRight(ctx, 'canEditRoster');

const todayOf = (ctx: MemberContext) => clubToday(ctx.club.time_zone, ctx.now);
const monthOf = (day: string) => day.slice(0, 7);

/** GET /api/get-roster: published duties for members; the working copy too for an editor. */
export async function getRoster(
  db: Kysely<DB>,
  ctx: MemberContext,
  query: { start: string; end: string },
): Promise<AnswerOf<typeof getRosterCall>> {
  const canEdit = mayEditRoster(ctx);
  const people = await loadRosterPeople(db, ctx.club, ctx.now);
  const rows = await listDuties(db, ctx.club.id, query.start, query.end, { publishedOnly: !canEdit });
  return {
    start: query.start,
    end: query.end,
    canEdit,
    duties: await dutyAnswers(db, ctx.club.id, rows, people.roles, canEdit),
  };
}

/** Before today the roster is what happened: refused. */
function requireFromToday(ctx: MemberContext, day: string, what: string): void {
  const today = todayOf(ctx);
  if (day < today) throw badRequest(`${what} from today (${today}) on: ${day} is before today`);
}

/**
 * POST /api/generate-roster: a draft of the range's flying days (the days
 * given, or the club's flying weekdays) from the generator, replacing the
 * working copy of those days. A day with a published duty is kept as it is
 * unless replacePublished; extra duties (volunteers) are always kept. Drafts
 * on days of the range no longer drafted, or of inactive roles, go. Each
 * member's monthly limit counts the duties they keep in that month, so the
 * generator runs month by month.
 */
export async function generate(
  db: Kysely<DB>,
  ctx: MemberContext,
  input: z.output<typeof generateRosterSchema>,
): Promise<AnswerOf<typeof generateRosterCall>> {
  requireFromToday(ctx, input.start, 'A roster is drafted');
  const at = new Date(ctx.now);
  return db.transaction().execute(async (trx) => {
    const setting = await lockRoster(trx, ctx.club.id);
    const people = await loadRosterPeople(trx, ctx.club, ctx.now);
    const roles = people.roles.filter((role) => role.active);
    const weekdays = new Set(weekdaysOfBits(setting.flying_weekdays));
    const candidates = [
      ...new Set(input.days ?? eachDay(input.start, input.end).filter((day) => weekdays.has(weekdayOf(day)))),
    ].sort();
    const monthStart = `${monthOf(input.start)}-01`;
    const monthEnd = addDays(`${monthOf(addDays(`${monthOf(input.end)}-01`, 31))}-01`, -1);
    const existing = await listDuties(trx, ctx.club.id, monthStart, monthEnd, { publishedOnly: false });
    const inRange = existing.filter((row) => row.day >= input.start && row.day <= input.end);
    const publishedDays = new Set(
      input.replacePublished ? [] : inRange.filter((row) => row.published_at !== null).map((row) => row.day),
    );
    const draftDays = candidates.filter((day) => !publishedDays.has(day));
    const keptDays = candidates.filter((day) => publishedDays.has(day));
    const drafting = new Set(draftDays);
    const activeRoleIds = new Set(roles.map((role) => role.id));

    const redrafted = inRange.filter((row) => !row.extra && drafting.has(row.day) && activeRoleIds.has(row.role_id));
    const dropped = inRange.filter(
      (row) =>
        !row.extra && row.published_at === null && (!candidates.includes(row.day) || !activeRoleIds.has(row.role_id)),
    );
    const redraftedIds = new Set([...redrafted, ...dropped].map((row) => row.id));
    const kept = existing.filter((row) => !redraftedIds.has(row.id));

    const duties = await draft(trx, ctx.club.id, {
      days: draftDays,
      roles,
      people,
      kept,
      seed: input.seed,
      start: input.start,
      end: input.end,
    });

    await deleteUnpublished(
      trx,
      ctx.club.id,
      dropped.map((row) => row.id),
    );
    await clearDrafts(
      trx,
      ctx.club.id,
      redrafted.map((row) => row.id),
      at,
    );
    const slot = new Map(redrafted.map((row) => [`${row.day}|${row.role_id}`, row]));
    const inserts: { club_id: string; day: string; role_id: string; user_id: string | null; updated_at: Date }[] = [];
    for (const duty of duties) {
      const row = slot.get(`${duty.day}|${duty.role}`);
      if (!row)
        inserts.push({ club_id: ctx.club.id, day: duty.day, role_id: duty.role, user_id: duty.person, updated_at: at });
      else if (duty.person !== null) await setDraftPerson(trx, ctx.club.id, row.id, duty.person, at);
    }
    await insertDuties(trx, inserts);
    const uncovered = duties.filter((duty) => duty.person === null).length;
    const kept_ = keptDays.length
      ? `; ${keptDays.length} published day${keptDays.length === 1 ? '' : 's'} ` +
        `kept as ${keptDays.length === 1 ? 'it was' : 'they were'}`
      : '';
    const nobody = uncovered ? ` (${uncovered} nobody could take)` : '';
    return {
      statusCode: 200 as const,
      message:
        `Drafted ${duties.length} duties on ${draftDays.length} day${draftDays.length === 1 ? '' : 's'}` +
        `${nobody}${kept_}. ` +
        `Publish to tell members.`,
      days: draftDays,
      keptDays,
      drafted: duties.length,
      uncovered,
    };
  });
}

/**
 * The generator, month by month: each member's limit less the duties they keep that month; a kept duty's day is not
 * theirs to draft.
 */
async function draft(
  trx: Transaction<DB>,
  clubId: string,
  input: {
    days: string[];
    roles: DutyRoleRow[];
    people: RosterPeople;
    kept: DutyRow[];
    seed: number;
    start: string;
    end: string;
  },
) {
  if (input.days.length === 0 || input.roles.length === 0) return [];
  const [blackouts, preferences] = await Promise.all([
    listBlackouts(trx, clubId, input.start, input.end),
    listPreferences(trx, clubId),
  ]);
  const limit = new Map(preferences.map((row) => [row.user_id, row.max_per_month]));
  const away = new Map<string, Set<string>>();
  const awayOf = (id: string) => away.get(id) ?? away.set(id, new Set()).get(id)!;
  for (const row of blackouts) awayOf(row.user_id).add(row.day);
  const keptPerMonth = new Map<string, number>();
  for (const row of input.kept) {
    for (const id of new Set([row.user_id, row.published_user_id])) if (id !== null) awayOf(id).add(row.day);
    if (row.user_id !== null)
      keptPerMonth.set(
        `${row.user_id}|${monthOf(row.day)}`,
        (keptPerMonth.get(`${row.user_id}|${monthOf(row.day)}`) ?? 0) + 1,
      );
  }
  const roleIds = input.roles.map((role) => role.id);
  const takers = input.people.members.filter((member) => roleIds.some((id) => member.roleIds.has(id)));
  const duties: { day: string; role: string; person: string | null }[] = [];
  for (const month of [...new Set(input.days.map(monthOf))]) {
    const people = takers.map((member): RosterPerson => {
      const max = limit.get(member.userID) ?? null;
      return {
        id: member.userID,
        roles: roleIds.filter((id) => member.roleIds.has(id)),
        blackouts: [...(away.get(member.userID) ?? [])],
        maxPerMonth: max === null ? null : Math.max(0, max - (keptPerMonth.get(`${member.userID}|${month}`) ?? 0)),
      };
    });
    duties.push(
      ...draftRoster({
        days: input.days.filter((day) => monthOf(day) === month),
        roles: roleIds,
        people,
        seed: input.seed,
      }).duties,
    );
  }
  return duties;
}

/** Why a member may not take a duty of a role on a day, if they may not (a set-duty's 409, a swap's, a volunteer's). */
export async function refusalFor(
  db: Kysely<DB>,
  clubId: string,
  member: RosterMember,
  role: DutyRoleRow,
  day: string,
  onDuty: DutyRow | undefined,
  roleName: (roleId: string) => string,
): Promise<string | undefined> {
  const name = fullName(member);
  if (!member.roleIds.has(role.id)) {
    const how = role.kind === 'instructor' ? 'Instructor' : role.kind === 'towPilot' ? 'Tow Pilot' : undefined;
    return how
      ? `${name} may not take ${role.name}: an admin sets ${how} in ` +
          `Administration, and may leave a member out of the role`
      : `${name} may not take ${role.name}: an admin chooses who may take it`;
  }
  if (await isBlackedOut(db, clubId, member.userID, day))
    return `${name} can't do ${dayText(day)}: it is one of their blackout days`;
  if (onDuty) return `${name} is already on duty on ${dayText(day)} as ${roleName(onDuty.role_id)}`;
  return undefined;
}

/**
 * POST /api/set-duty: one duty of the working copy, by hand. Refused (409,
 * naming them) for someone who may not take the role, is blacked out that day
 * or is on another duty that day in the working copy. Clearing an extra duty
 * removes it; a day's duty stays, with nobody.
 */
export async function setDuty(
  db: Kysely<DB>,
  ctx: MemberContext,
  input: z.output<typeof setDutySchema>,
): Promise<AnswerOf<typeof setDutyCall>> {
  requireFromToday(ctx, input.day, 'Duties are changed');
  const at = new Date(ctx.now);
  const result = await db.transaction().execute(async (trx) => {
    await lockRoster(trx, ctx.club.id);
    const people = await loadRosterPeople(trx, ctx.club, ctx.now);
    const role = people.roles.find((r) => r.id === input.roleId);
    if (!role) throw notFound('No such duty role at this club');
    const roleName = (id: string) => people.roles.find((r) => r.id === id)?.name ?? 'another role';
    let row: DutyRow | undefined;
    if (input.dutyId) {
      row = await findDuty(trx, ctx.club.id, input.dutyId);
      if (!row) throw notFound('No such duty at this club');
      if (row.day !== input.day || row.role_id !== role.id)
        throw badRequest(`That duty is ${roleName(row.role_id)} on ${row.day}, not ${role.name} on ${input.day}`);
    } else {
      row = await findSlot(trx, ctx.club.id, input.day, role.id);
    }
    const what = `${role.name} on ${dayText(input.day)}`;
    if (input.userID === null) {
      if (!row || row.user_id === null) return { row: row ?? null, message: `Nobody is on ${what}` };
      if (row.extra && row.published_at === null) {
        await deleteExtraDuty(trx, ctx.club.id, row.id);
        return { row: null, message: `${what}: extra duty removed` };
      }
      return { row: await setDraftPerson(trx, ctx.club.id, row.id, null, at), message: `${what}: cleared` };
    }
    const member = people.byId.get(input.userID);
    if (!member) throw notFound('No such active member at this club');
    if (row?.user_id === member.userID) return { row, message: `${fullName(member)} is on ${what}` };
    if (!role.active) throw conflict(`${role.name} is not in use: an admin can make the role active again`);
    const onDuty = (await listDuties(trx, ctx.club.id, input.day, input.day, { publishedOnly: false })).find(
      (duty) => duty.user_id === member.userID && duty.id !== row?.id,
    );
    const refusal = await refusalFor(trx, ctx.club.id, member, role, input.day, onDuty, roleName);
    if (refusal) throw conflict(refusal);
    const written = row
      ? await setDraftPerson(trx, ctx.club.id, row.id, member.userID, at)
      : await insertDuty(trx, {
          club_id: ctx.club.id,
          day: input.day,
          role_id: role.id,
          user_id: member.userID,
          updated_at: at,
        });
    return { row: written, message: `${fullName(member)} is on ${what}` };
  });
  const people = await loadRosterPeople(db, ctx.club, ctx.now);
  const [duty] = result.row ? await dutyAnswers(db, ctx.club.id, [result.row], people.roles, true) : [];
  return { statusCode: 200, message: `${result.message}. Publish to tell members.`, duty: duty ?? null };
}

/**
 * POST /api/publish-roster: what members see of the range becomes the
 * working copy. Everyone whose published duties in the range changed (or who
 * is on it for the first time) gets one mail listing their duties there, and
 * what is no longer theirs; a re-publish tells only them. An open swap offer
 * on a duty whose person changed is withdrawn.
 */
export async function publish(
  deps: RosterDeps,
  ctx: MemberContext,
  input: z.output<typeof publishRosterSchema>,
): Promise<AnswerOf<typeof publishRosterCall>> {
  const at = new Date(ctx.now);
  const { db } = deps;
  const { changed, before, after, roles, anyone } = await db.transaction().execute(async (trx) => {
    await lockRoster(trx, ctx.club.id);
    const people = await loadRosterPeople(trx, ctx.club, ctx.now);
    const rows = await listDuties(trx, ctx.club.id, input.start, input.end, { publishedOnly: false });
    const changed = rows.filter((row) => row.published_at === null || row.user_id !== row.published_user_id);
    const before = dutiesByPerson(
      rows.filter((row) => row.published_at !== null).map((row) => ({ ...row, person: row.published_user_id })),
    );
    const after = dutiesByPerson(rows.map((row) => ({ ...row, person: row.user_id })));
    await withdrawOpenSwapsOf(
      trx,
      ctx.club.id,
      changed.filter((row) => row.published_at !== null).map((row) => row.id),
      at,
    );
    await publishDuties(
      trx,
      ctx.club.id,
      changed.map((row) => row.id),
      at,
    );
    return { changed, before, after, roles: people.roles, anyone: people.anyone };
  });
  const roleName = new Map(roles.map((role) => [role.id, role.name]));
  const line = (duty: { day: string; role_id: string }): DutyLine => ({
    day: duty.day,
    role: roleName.get(duty.role_id) ?? '',
  });
  const told = [...new Set([...before.keys(), ...after.keys()])].filter(
    (id) => !sameDuties(before.get(id) ?? [], after.get(id) ?? []),
  );
  const notices = told.flatMap((id): MemberNotice[] => {
    const person = anyone.get(id);
    if (!person) return [];
    const now = after.get(id) ?? [];
    const removed = (before.get(id) ?? []).filter(
      (duty) => !now.some((d) => d.day === duty.day && d.role_id === duty.role_id),
    );
    const mail = publishedMail({
      to: person.email,
      first: person.first,
      clubName: ctx.club.name,
      start: input.start,
      end: input.end,
      duties: now.map(line),
      removed: removed.map(line),
      link: `${deps.publicUrl}/roster`,
    });
    const body = now.length
      ? now.map((duty) => `${dayText(duty.day)}: ${line(duty).role}`).join('; ')
      : 'You have no duties in these days';
    return [
      { userId: id, mail, push: { title: `${ctx.club.name}: your duties`, body, url: '/roster', tag: 'roster' } },
    ];
  });
  await tellMembers(deps, ctx.club.id, 'roster', notices);
  const message = changed.length
    ? `Published ${changed.length} ${changed.length === 1 ? 'duty' : 'duties'}; ` +
      `${notices.length} ${notices.length === 1 ? 'person' : 'people'} told`
    : 'Nothing to publish: members already see this roster';
  return { statusCode: 200, message, published: changed.length, told: notices.length };
}

type PersonDuty = { day: string; role_id: string; id: string };

function dutiesByPerson(rows: (DutyRow & { person: string | null })[]): Map<string, PersonDuty[]> {
  const by = new Map<string, PersonDuty[]>();
  for (const row of rows) {
    if (row.person === null) continue;
    (by.get(row.person) ?? by.set(row.person, []).get(row.person)!).push({
      day: row.day,
      role_id: row.role_id,
      id: row.id,
    });
  }
  return by;
}

const key = (duties: PersonDuty[]) =>
  duties
    .map((d) => `${d.day}|${d.role_id}`)
    .sort()
    .join(',');
const sameDuties = (a: PersonDuty[], b: PersonDuty[]) => key(a) === key(b);

export type { DutyAnswer };

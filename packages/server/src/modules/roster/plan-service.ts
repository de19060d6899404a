import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AnswerOf } from '@flightline/domain/api/define-call';
import type { flyingDayAnswer, volunteerDuty as volunteerDutyCall } from '@flightline/domain/api/roster';
import { clubToday } from '@flightline/domain/time/club-time';
import { addDays, dayText } from '@flightline/domain/roster/roster-days';
import type { flyingPlanSchema } from '@flightline/domain/schemas/roster';
import { compareText } from '@flightline/domain/club/text-order';
import type { DB } from '../../db/schema.ts';
import type { MemberContext } from '../../http/context.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { findItem } from '../fleet/repo.ts';
import { dutyAnswers, peopleNamed } from './duty-answer.ts';
import { insertDuty, listDuties } from './duty-repo.ts';
import { claimHelpCall, listPlans, setHelpCallCount, upsertPlan, withdrawPlan } from './plan-repo.ts';
import { helpMail } from './roster-mail.ts';
import { tellMembers } from '../notifications/notifier.ts';
import { loadRosterPeople, type RosterDeps } from './roster-people.ts';
import { mayEditRoster, refusalFor } from './roster-service.ts';
import { rosterSettingsOf } from './roles-service.ts';
import { listBlackouts, lockRoster } from './repo.ts';

/** Planned flying, busy days and volunteers (docs/duty-roster.md, "Planned flying"). */

type FlyingDay = z.output<typeof flyingDayAnswer>;

/** How far ahead a plan may be made. */
const PLAN_DAYS_AHEAD = 366;

/** GET /api/get-flying-day: the day's plans (counts, names, wishes) and its published duties. */
export async function getFlyingDay(db: Kysely<DB>, ctx: MemberContext, day: string): Promise<FlyingDay> {
  const [plans, people, duties] = await Promise.all([
    listPlans(db, ctx.club.id, day),
    loadRosterPeople(db, ctx.club, ctx.now),
    listDuties(db, ctx.club.id, day, day, { publishedOnly: true }),
  ]);
  const names = await peopleNamed(
    db,
    plans.map((plan) => plan.user_id),
  );
  const answers = plans
    .map((plan) => ({
      ...(names.get(plan.user_id) ?? { userID: plan.user_id, first: '', last: '' }),
      instruction: plan.instruction,
      gliderId: plan.glider_id,
      tow: plan.tow,
    }))
    .sort((a, b) => compareText(a.last, b.last) || compareText(a.first, b.first) || a.userID.localeCompare(b.userID));
  return {
    day,
    planners: answers.length,
    wantInstruction: answers.filter((plan) => plan.instruction).length,
    wantTow: answers.filter((plan) => plan.tow).length,
    plans: answers,
    myPlan: answers.find((plan) => plan.userID === ctx.user.id) ?? null,
    duties: await dutyAnswers(db, ctx.club.id, duties, people.roles, false),
  };
}

function requirePlanDay(ctx: MemberContext, day: string): void {
  const today = clubToday(ctx.club.time_zone, ctx.now);
  if (day < today) throw badRequest(`Plans are for today (${today}) or later: ${day} is before today`);
  if (day > addDays(today, PLAN_DAYS_AHEAD))
    throw badRequest(`Plans are for the next ${PLAN_DAYS_AHEAD} days: ${day} is further ahead`);
}

/**
 * POST /api/set-flying-plan: the caller's plan for a day, made or changed
 * (sent again, the same). Then, with the plan committed, the day may call for
 * help (askForHelp).
 */
export async function setFlyingPlan(deps: RosterDeps, ctx: MemberContext, input: z.output<typeof flyingPlanSchema>) {
  requirePlanDay(ctx, input.day);
  if (input.gliderId !== null && !(await findItem(deps.db, 'glider', ctx.club.id, input.gliderId))) {
    throw badRequest(`No glider ${input.gliderId} at this club`);
  }
  await upsertPlan(
    deps.db,
    ctx.club.id,
    ctx.user.id,
    input.day,
    { instruction: input.instruction, glider_id: input.gliderId, tow: input.tow },
    new Date(ctx.now),
  );
  await askForHelp(deps, ctx, input.day);
  return {
    statusCode: 200 as const,
    message: `You plan to fly on ${dayText(input.day)}`,
    flyingDay: await getFlyingDay(deps.db, ctx, input.day),
  };
}

/** POST /api/withdraw-flying-plan: sent again, or with no plan, it answers the same. */
export async function withdrawFlyingPlan(db: Kysely<DB>, ctx: MemberContext, day: string) {
  const withdrawn = await withdrawPlan(db, ctx.club.id, ctx.user.id, day, new Date(ctx.now));
  const message = withdrawn ? `Your plan for ${dayText(day)} is withdrawn` : `You have no plan for ${dayText(day)}`;
  return { statusCode: 200 as const, message, flyingDay: await getFlyingDay(db, ctx, day) };
}

/**
 * A busy day: at least the club's threshold of plans, and fewer than two
 * tow pilots (or instructors) on the published roster. The off-duty members
 * who may take that role and have not blacked the day out are asked by mail,
 * once per day and role: the call's row is inserted by one request only
 * (claimHelpCall), so two plans written at once ask once. Run after the
 * plan's commit, so the last of two concurrent plans sees both.
 */
async function askForHelp(deps: RosterDeps, ctx: MemberContext, day: string): Promise<void> {
  const { db } = deps;
  const settings = await rosterSettingsOf(db, ctx.club.id);
  const plans = await listPlans(db, ctx.club.id, day);
  if (plans.length < settings.surge_threshold) return;
  const people = await loadRosterPeople(db, ctx.club, ctx.now);
  const duties = await listDuties(db, ctx.club.id, day, day, { publishedOnly: true });
  const onDuty = new Set(duties.map((duty) => duty.published_user_id).filter((id) => id !== null));
  const away = new Set((await listBlackouts(db, ctx.club.id, day, day)).map((row) => row.user_id));
  for (const role of people.roles.filter((r) => r.active && (r.kind === 'towPilot' || r.kind === 'instructor'))) {
    const rostered = duties.filter((duty) => duty.role_id === role.id && duty.published_user_id !== null).length;
    if (rostered >= 2) continue;
    if (!(await claimHelpCall(db, ctx.club.id, day, role.id, new Date(ctx.now)))) continue;
    const asked = people.members.filter(
      (member) => member.roleIds.has(role.id) && !onDuty.has(member.userID) && !away.has(member.userID),
    );
    await setHelpCallCount(db, ctx.club.id, day, role.id, asked.length);
    await tellMembers(
      deps,
      ctx.club.id,
      'help',
      asked.map((member) => {
        const link = `${deps.publicUrl}/roster/day/${day}?volunteer=${role.id}`;
        return {
          userId: member.userID,
          mail: helpMail({
            to: member.email,
            first: member.first,
            clubName: ctx.club.name,
            day,
            role: role.name,
            planners: plans.length,
            onDuty: rostered,
            link,
          }),
          push: {
            title: `Help wanted on ${dayText(day)}`,
            body:
              `${plans.length} plan to fly and ${rostered === 0 ? 'no' : 'one'} ` +
              `${role.name.toLowerCase()} is on duty. Can you help?`,
            url: `/roster/day/${day}?volunteer=${role.id}`,
            tag: `help-${day}-${role.id}`,
          },
        };
      }),
    );
  }
}

/**
 * POST /api/volunteer-duty: the caller joins the day as an extra duty of the
 * role, published at once, if they may (role, not blacked out, no other duty
 * that day). Sent again, it answers the same.
 */
export async function volunteer(
  db: Kysely<DB>,
  ctx: MemberContext,
  input: { day: string; roleId: string },
): Promise<AnswerOf<typeof volunteerDutyCall>> {
  const today = clubToday(ctx.club.time_zone, ctx.now);
  if (input.day < today) throw badRequest(`Duties are taken from today (${today}) on: ${input.day} is before today`);
  const at = new Date(ctx.now);
  const { row, again } = await db.transaction().execute(async (trx) => {
    await lockRoster(trx, ctx.club.id);
    const people = await loadRosterPeople(trx, ctx.club, ctx.now);
    const role = people.roles.find((r) => r.id === input.roleId);
    if (!role) throw notFound('No such duty role at this club');
    if (!role.active) throw conflict(`${role.name} is not in use at this club`);
    const member = people.byId.get(ctx.user.id);
    if (!member) throw notFound('No such active member at this club');
    const duties = await listDuties(trx, ctx.club.id, input.day, input.day, { publishedOnly: false });
    const mine = duties.find((duty) => duty.user_id === member.userID || duty.published_user_id === member.userID);
    if (mine && mine.role_id === role.id && mine.published_user_id === member.userID) return { row: mine, again: true };
    const refusal = await refusalFor(
      trx,
      ctx.club.id,
      member,
      role,
      input.day,
      mine,
      (id) => people.roles.find((r) => r.id === id)?.name ?? 'another role',
    );
    if (refusal) throw conflict(refusal);
    const row = await insertDuty(trx, {
      club_id: ctx.club.id,
      day: input.day,
      role_id: role.id,
      user_id: member.userID,
      extra: true,
      published_user_id: member.userID,
      published_at: at,
      updated_at: at,
    });
    return { row, again: false };
  });
  const people = await loadRosterPeople(db, ctx.club, ctx.now);
  const [duty] = await dutyAnswers(db, ctx.club.id, [row], people.roles, mayEditRoster(ctx));
  const what = `on duty as ${duty!.role} on ${dayText(input.day)}`;
  return { statusCode: 200, message: again ? `You are already ${what}` : `Thank you: you are ${what}`, duty: duty! };
}

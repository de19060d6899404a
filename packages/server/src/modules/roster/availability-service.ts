import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AnswerOf } from '@flightline/domain/api/define-call';
import type {
  getDutyAvailability as getDutyAvailabilityCall,
  setBlackouts as setBlackoutsCall,
  setDutyLimit as setDutyLimitCall,
} from '@flightline/domain/api/roster';
import { clubToday } from '@flightline/domain/time/club-time';
import {
  MAX_FUTURE_BLACKOUTS,
  type setBlackoutsSchema,
  type setDutyLimitSchema,
} from '@flightline/domain/schemas/roster';
import type { DB } from '../../db/schema.ts';
import { hasRight, type MemberContext } from '../../http/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { findClubPilot } from '../members/repo.ts';
import { mayEditRoster } from './roster-service.ts';
import { addBlackouts, listBlackouts, listPreferences, removeBlackouts, setPreference } from './repo.ts';

/** Members' blackout days and duties a month (docs/duty-roster.md, "Availability"). */

const LAST_DAY = '9999-12-31';

type Availability = AnswerOf<typeof getDutyAvailabilityCall>;

async function availabilityOf(db: Kysely<DB>, ctx: MemberContext, userId: string): Promise<Availability> {
  const today = clubToday(ctx.club.time_zone, ctx.now);
  const [blackouts, preferences] = await Promise.all([
    listBlackouts(db, ctx.club.id, today, LAST_DAY, userId),
    listPreferences(db, ctx.club.id, userId),
  ]);
  return {
    userID: userId,
    maxPerMonth: preferences[0]?.max_per_month ?? null,
    blackouts: blackouts.map((row) => row.day),
  };
}

/** The member a call is about: the caller, or another of the club for one who may. */
async function subject(
  db: Kysely<DB>,
  ctx: MemberContext,
  userId: string | undefined,
  may: boolean,
  refusal: string,
): Promise<string> {
  if (userId === undefined || userId === ctx.user.id) return ctx.user.id;
  if (!may) throw forbidden(refusal);
  const pilot = await findClubPilot(db, ctx.club.id, userId);
  if (!pilot || pilot.declined_at !== null) throw notFound('No such member at this club');
  return userId;
}

/**
 * GET /api/get-duty-availability: the caller's own; anyone's for an admin or Can Edit Roster (they draft the roster
 * from it).
 */
export async function getAvailability(
  db: Kysely<DB>,
  ctx: MemberContext,
  userId: string | undefined,
): Promise<Availability> {
  const id = await subject(
    db,
    ctx,
    userId,
    mayEditRoster(ctx),
    "Only an admin or a member with Can Edit Roster can see another member's availability",
  );
  return availabilityOf(db, ctx, id);
}

const OTHERS = "Only an admin can change another member's availability";

/** POST /api/set-duty-limit: duties a month, 0–31 or no limit. */
export async function setDutyLimit(
  db: Kysely<DB>,
  ctx: MemberContext,
  input: z.output<typeof setDutyLimitSchema>,
): Promise<AnswerOf<typeof setDutyLimitCall>> {
  const id = await subject(db, ctx, input.userID, hasRight(ctx, 'admin'), OTHERS);
  await setPreference(db, ctx.club.id, id, input.maxPerMonth);
  const message =
    input.maxPerMonth === null
      ? 'No limit on duties a month'
      : `At most ${input.maxPerMonth} ${input.maxPerMonth === 1 ? 'duty' : 'duties'} a month`;
  return { statusCode: 200, message, availability: await availabilityOf(db, ctx, id) };
}

/**
 * POST /api/set-blackouts: days added and removed, from today on; at most 200
 * ahead per member. Adding a day already there, or removing one that is not,
 * changes nothing (a retry answers the same).
 */
export async function setBlackouts(
  db: Kysely<DB>,
  ctx: MemberContext,
  input: z.output<typeof setBlackoutsSchema>,
): Promise<AnswerOf<typeof setBlackoutsCall>> {
  const id = await subject(db, ctx, input.userID, hasRight(ctx, 'admin'), OTHERS);
  const today = clubToday(ctx.club.time_zone, ctx.now);
  const past = [...input.add, ...input.remove].find((day) => day < today);
  if (past) throw badRequest(`Blackout days are from today (${today}) on: ${past} is before today`);
  const add = [...new Set(input.add)];
  const remove = [...new Set(input.remove)];
  await db.transaction().execute(async (trx) => {
    await removeBlackouts(trx, ctx.club.id, id, remove);
    await addBlackouts(trx, ctx.club.id, id, add);
    const count = (await listBlackouts(trx, ctx.club.id, today, LAST_DAY, id)).length;
    if (count > MAX_FUTURE_BLACKOUTS)
      throw conflict(`At most ${MAX_FUTURE_BLACKOUTS} blackout days ahead: this would make ${count}`);
  });
  const parts = [
    add.length ? `${add.length} day${add.length === 1 ? '' : 's'} marked` : '',
    remove.length ? `${remove.length} day${remove.length === 1 ? '' : 's'} cleared` : '',
  ].filter(Boolean);
  const availability = await availabilityOf(db, ctx, id);
  return {
    statusCode: 200,
    message: parts.length ? `Blackout days saved: ${parts.join(', ')}` : 'No change',
    availability,
  };
}

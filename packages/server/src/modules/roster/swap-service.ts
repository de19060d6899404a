import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AnswerOf } from '@flightline/domain/api/define-call';
import type { getSwaps as getSwapsCall, swapAnswer } from '@flightline/domain/api/roster';
import { clubToday } from '@flightline/domain/time/club-time';
import { dayText } from '@flightline/domain/roster/roster-days';
import type { offerSwapSchema } from '@flightline/domain/schemas/roster';
import type { DB } from '../../db/schema.ts';
import { hasRight, type MemberContext } from '../../http/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { findClub } from '../clubs/repo.ts';
import { once } from '../once.ts';
import { peopleNamed } from './duty-answer.ts';
import {
  acceptSwapRow,
  clubsWithOpenSwaps,
  findDuty,
  findSwap,
  findSwapForUpdate,
  flagDueSwaps,
  insertSwap,
  listDuties,
  listOpenSwaps,
  openSwapsOf,
  setPublishedPerson,
  withdrawSwapRow,
  type SwapRow,
} from './duty-repo.ts';
import { swapMails, untakenSwapMail } from './roster-mail.ts';
import { tellMembers, type MemberNotice } from '../notifications/notifier.ts';
import { fullName, loadRosterPeople, type RosterClub, type RosterDeps, type RosterPeople } from './roster-people.ts';
import { refusalFor } from './roster-service.ts';
import { isBlackedOut, lockRoster } from './repo.ts';

/** Swaps: a member offers a published duty, another who may take it accepts (docs/duty-roster.md, "Swaps"). */

type Swap = z.output<typeof swapAnswer>;
type SwapDone = { statusCode: 200; message: string; swap: Swap };

const todayOf = (club: RosterClub, now: number) => clubToday(club.time_zone, now);

/** Whether the caller could take the offered duty now (role, blackout, another duty that day). */
async function canTake(
  db: Kysely<DB>,
  ctx: MemberContext,
  people: RosterPeople,
  swap: SwapRow,
  duty: { day: string; role_id: string },
): Promise<boolean> {
  if (swap.offered_by === ctx.user.id || swap.accepted_at !== null || swap.withdrawn_at !== null) return false;
  if (!people.byId.get(ctx.user.id)?.roleIds.has(duty.role_id)) return false;
  if (await isBlackedOut(db, ctx.club.id, ctx.user.id, duty.day)) return false;
  const duties = await listDuties(db, ctx.club.id, duty.day, duty.day, { publishedOnly: false });
  return !duties.some((row) => row.user_id === ctx.user.id || row.published_user_id === ctx.user.id);
}

async function swapOf(db: Kysely<DB>, ctx: MemberContext, swap: SwapRow, people?: RosterPeople): Promise<Swap> {
  const roster = people ?? (await loadRosterPeople(db, ctx.club, ctx.now));
  const duty = (await findDuty(db, ctx.club.id, swap.duty_id))!;
  const names = await peopleNamed(db, [swap.offered_by, swap.accepted_by]);
  const person = (id: string) => names.get(id) ?? { userID: id, first: '', last: '' };
  return {
    swapId: swap.id,
    dutyId: duty.id,
    day: duty.day,
    roleId: duty.role_id,
    role: roster.roles.find((role) => role.id === duty.role_id)?.name ?? '',
    offeredBy: person(swap.offered_by),
    note: swap.note,
    state: swap.accepted_at !== null ? 'accepted' : swap.withdrawn_at !== null ? 'withdrawn' : 'open',
    acceptedBy: swap.accepted_by === null ? null : person(swap.accepted_by),
    canAccept: await canTake(db, ctx, roster, swap, duty),
  };
}

/** GET /api/get-swaps: open offers of duties from today on. */
export async function getSwaps(db: Kysely<DB>, ctx: MemberContext): Promise<AnswerOf<typeof getSwapsCall>> {
  const people = await loadRosterPeople(db, ctx.club, ctx.now);
  const rows = await listOpenSwaps(db, ctx.club.id, todayOf(ctx.club, ctx.now));
  const swaps: Swap[] = [];
  for (const row of rows) swaps.push(await swapOf(db, ctx, row, people));
  return { swaps };
}

/**
 * POST /api/offer-swap: one of the caller's published duties, today or
 * later, with no open offer. The swap id is the phone's idempotency key: the
 * same offer sent again answers the first answer.
 */
export function offerSwap(
  db: Kysely<DB>,
  ctx: MemberContext,
  input: z.output<typeof offerSwapSchema>,
): Promise<SwapDone> {
  const done = (swap: Swap): SwapDone => ({
    statusCode: 200,
    message: `Your duty as ${swap.role} on ${dayText(swap.day)} is offered for a swap`,
    swap,
  });
  return once(db, {
    write: { name: 'swap-offer' },
    key: input.swapId,
    recorded: (db, key) => findSwap(db, key),
    sender: { id: ctx.user.id, of: (recorded) => recorded.offered_by },
    replay: async (db, recorded) =>
      recorded.club_id === ctx.club.id && recorded.duty_id === input.dutyId && recorded.offered_by === ctx.user.id
        ? done(await swapOf(db, ctx, recorded))
        : undefined,
    keyUsed: () => 'That swap id was used for another offer: make a new one',
    async run(trx) {
      await lockRoster(trx, ctx.club.id);
      const duty = await findDuty(trx, ctx.club.id, input.dutyId);
      if (!duty) throw notFound('No such duty at this club');
      if (duty.published_at === null || duty.published_user_id !== ctx.user.id)
        throw conflict('Only a duty of yours that members can see can be offered: you are not on it');
      if (duty.day < todayOf(ctx.club, ctx.now))
        throw badRequest(`That duty was on ${dayText(duty.day)}: only duties from today on can be offered`);
      if ((await openSwapsOf(trx, ctx.club.id, [duty.id])).length)
        throw conflict('This duty is already offered: withdraw that offer first');
      return insertSwap(trx, {
        club_id: ctx.club.id,
        id: input.swapId,
        duty_id: duty.id,
        offered_by: ctx.user.id,
        offered_at: new Date(ctx.now),
        note: input.note,
      });
    },
    answer: async (db, row) => done(await swapOf(db, ctx, row)),
  });
}

/**
 * POST /api/accept-swap: the caller takes the duty, if they may (role, not
 * blacked out, no other duty that day); the roster changes at once, as
 * published, and both are told. Sent again by the one who took it, it answers
 * the same and tells nobody again.
 */
export async function acceptSwap(deps: RosterDeps, ctx: MemberContext, swapId: string): Promise<SwapDone> {
  const { db } = deps;
  const at = new Date(ctx.now);
  const result = await db.transaction().execute(async (trx) => {
    await lockRoster(trx, ctx.club.id);
    const swap = await findSwapForUpdate(trx, ctx.club.id, swapId);
    if (!swap) throw notFound('No such swap offer at this club');
    if (swap.accepted_by === ctx.user.id) return { swap, first: false, notices: [] as MemberNotice[] };
    const people = await loadRosterPeople(trx, ctx.club, ctx.now);
    const named = (id: string) => {
      const p = people.anyone.get(id);
      return p ? fullName(p) : 'Someone';
    };
    if (swap.accepted_by !== null) throw conflict(`${named(swap.accepted_by)} already took this duty`);
    if (swap.withdrawn_at !== null) throw conflict('This offer was withdrawn');
    if (swap.offered_by === ctx.user.id) throw conflict('This is your own offer: withdraw it instead');
    const duty = (await findDuty(trx, ctx.club.id, swap.duty_id))!;
    if (duty.day < todayOf(ctx.club, ctx.now))
      throw conflict(`That duty was on ${dayText(duty.day)}: it can no longer be taken`);
    const member = people.byId.get(ctx.user.id);
    const role = people.roles.find((r) => r.id === duty.role_id)!;
    if (!member) throw forbidden('Only an active member can take a duty');
    const onDuty = (await listDuties(trx, ctx.club.id, duty.day, duty.day, { publishedOnly: false })).find(
      (row) => row.id !== duty.id && (row.user_id === member.userID || row.published_user_id === member.userID),
    );
    const refusal = await refusalFor(
      trx,
      ctx.club.id,
      member,
      role,
      duty.day,
      onDuty,
      (id) => people.roles.find((r) => r.id === id)?.name ?? 'another role',
    );
    if (refusal) throw conflict(refusal);
    await setPublishedPerson(trx, ctx.club.id, duty.id, member.userID, at);
    const accepted = await acceptSwapRow(trx, swap.id, member.userID, at);
    const from = people.anyone.get(swap.offered_by);
    const notices: MemberNotice[] = [];
    if (from !== undefined) {
      const [fromMail, toMail] = swapMails({
        clubName: ctx.club.name,
        duty: { day: duty.day, role: role.name },
        from: { email: from.email, first: from.first, name: fullName(from) },
        to: { email: member.email, first: member.first, name: fullName(member) },
      });
      const url = `/roster/day/${duty.day}`;
      notices.push(
        {
          userId: swap.offered_by,
          mail: fromMail,
          push: {
            title: `${fullName(member)} takes your duty`,
            body: `${role.name} on ${dayText(duty.day)}`,
            url,
            tag: `swap-${swap.id}`,
          },
        },
        {
          userId: member.userID,
          mail: toMail,
          push: {
            title: `You are on duty on ${dayText(duty.day)}`,
            body: `${role.name}, from ${fullName(from)}`,
            url,
            tag: `swap-${swap.id}`,
          },
        },
      );
    }
    return { swap: accepted, first: true, notices };
  });
  if (result.first) await tellMembers(deps, ctx.club.id, 'swaps', result.notices);
  const swap = await swapOf(db, ctx, result.swap);
  return { statusCode: 200, message: `You are on duty as ${swap.role} on ${dayText(swap.day)}`, swap };
}

/**
 * POST /api/withdraw-swap: before anyone accepts it, by the member who offered it or an admin. Sent again, it
 * answers the same.
 */
export async function withdrawSwap(db: Kysely<DB>, ctx: MemberContext, swapId: string): Promise<SwapDone> {
  const at = new Date(ctx.now);
  const row = await db.transaction().execute(async (trx) => {
    const swap = await findSwapForUpdate(trx, ctx.club.id, swapId);
    if (!swap) throw notFound('No such swap offer at this club');
    if (swap.offered_by !== ctx.user.id && !hasRight(ctx, 'admin'))
      throw forbidden('Only the member who offered it, or an admin, can withdraw an offer');
    if (swap.withdrawn_at !== null) return swap;
    if (swap.accepted_at !== null)
      throw conflict('Someone already took this duty: the offer can no longer be withdrawn');
    return withdrawSwapRow(trx, swap.id, at);
  });
  const swap = await swapOf(db, ctx, row);
  return { statusCode: 200, message: `Offer of ${swap.role} on ${dayText(swap.day)} withdrawn`, swap };
}

/**
 * Run by every server process every few minutes: each open offer nobody has
 * taken once its day is within the club's warning days is flagged — a
 * conditional update, so with two processes one flags it — and the club's
 * active admins are told, once per offer. The number of offers flagged.
 */
export async function flagUntakenSwaps(deps: RosterDeps, now: number): Promise<number> {
  const { db } = deps;
  let flagged = 0;
  for (const clubId of await clubsWithOpenSwaps(db)) {
    const club = await findClub(db, clubId);
    if (!club) continue;
    const rows = await flagDueSwaps(db, clubId, todayOf(club, now), new Date(now));
    if (rows.length === 0) continue;
    flagged += rows.length;
    const people = await loadRosterPeople(db, club, now);
    const admins = people.members.filter((member) => member.isAdmin);
    const notices = rows.flatMap((row) => {
      const by = people.anyone.get(row.offered_by);
      const offeredBy = by ? fullName(by) : 'A member';
      const role = people.roles.find((r) => r.id === row.role_id)?.name ?? '';
      return admins.map((admin): MemberNotice => ({
        userId: admin.userID,
        mail: untakenSwapMail({
          to: admin.email,
          clubName: club.name,
          duty: { day: row.day, role },
          offeredBy,
          link: `${deps.publicUrl}/roster`,
        }),
        push: {
          title: `Nobody has taken ${offeredBy}'s duty`,
          body: `${role} on ${dayText(row.day)}`,
          url: '/roster',
          tag: `untaken-${row.id}`,
        },
      }));
    });
    await tellMembers(deps, clubId, 'swaps', notices);
  }
  return flagged;
}

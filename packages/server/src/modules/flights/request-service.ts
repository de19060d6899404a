import type { Kysely, Transaction } from 'kysely';
import type { FlightCreated, IntroItem } from '@flightline/domain/api/types';
import { clubDayBounds, clubToday, isMembershipActive } from '@flightline/domain/time/club-time';
import type { FlyWith } from '@flightline/domain/flights/crew-rules';
import { CLOCK_SKEW_MS, isEnteredLate } from '@flightline/domain/flights/late-entry';
import { flightRequestSchema, type FlightRequest } from '@flightline/domain/schemas/flights';
import type { DB } from '../../db/schema.ts';
import { assertSameClub, type MemberContext } from '../../http/context.ts';
import { gliderFlyingMessage } from '../../http/database-errors.ts';
import { badRequest, conflict, forbidden } from '../../http/errors.ts';
import { namedClub, UUID } from '../../http/params.ts';
import { describeZodError } from '../../http/route.ts';
import type { ItemHandler } from '../item-handler.ts';
import { findItem, findItemForUpdate, updateItem, type GliderRow } from '../fleet/repo.ts';
import { renameIntroPassenger } from '../intros/passenger-service.ts';
import { findIntroForUpdate, updateIntro, type IntroRow } from '../intros/repo.ts';
import { sellIntro } from '../intros/sale-service.ts';
import { introItem } from '../intros/service.ts';
import { memberApSumCents } from '../ledger/repo.ts';
import { mayReadAccount } from '../ledger/service.ts';
import { findClubMember } from '../members/repo.ts';
import { once } from '../once.ts';
import { flightRecord } from './record.ts';
import {
  findCreateAnswer,
  findFlight,
  findFlightOwner,
  insertAction,
  insertFlight,
  unfinishedFlightOfGlider,
  unfinishedFlightOfPerson,
} from './repo.ts';

/**
 * update-item FLIGHT (docs/flight-line.md "Requesting a flight"): a flight
 * placed on the line from the crew page, for today in the club's zone. The
 * checks run in the domain rules' order — the pilot, the second person (or
 * the intro), the glider, the launch type, the funds — and the flight, the
 * glider's status, the intro's link (and a new intro's sale) are written in
 * one transaction. The phone's flight id is the idempotency key: the same
 * id again from the same member answers what the first request answered
 * (modules/once.ts); a refusal by the database (the glider, the intro or a
 * person already on the line, the serial number, the lock date) answers as
 * http/database-errors.ts says.
 */

export interface FlightRequestInput {
  club: string | undefined;
  id: string;
  date: string | undefined;
  data: unknown;
}

const NAME_MAX = 60;

type Member = NonNullable<Awaited<ReturnType<typeof findClubMember>>>;
type FlightOwner = NonNullable<Awaited<ReturnType<typeof findFlightOwner>>>;

interface SecondPerson {
  passengerId: string | null;
  passengerFirst: string;
  passengerLast: string;
  pilotInCharge: boolean;
  shareCost: boolean;
  intro: IntroRow | null;
  /** The sale when the intro was sold with this request. */
  sold: IntroRow | null;
}

const fullName = (member: Member) => `${member.firstName} ${member.lastName}`.trim();

function isActiveMember(ctx: MemberContext, member: Member | undefined): member is Member {
  return (
    member !== undefined &&
    member.declined_at === null &&
    isMembershipActive(
      { isActive: member.is_active, activeExpiration: member.active_expiration },
      ctx.club.time_zone,
      ctx.now,
    )
  );
}

/**
 * A person is on one unfinished flight at a time (domain rules "Flights").
 * Checked here for the answer; the database keeps it for every write and
 * for two requests at once (migration 0016, hint person_on_line).
 */
async function assertNotOnLine(trx: Transaction<DB>, ctx: MemberContext, person: Member): Promise<void> {
  const flight = await unfinishedFlightOfPerson(trx, ctx.club.id, person.user_id);
  if (flight)
    throw conflict(
      `${fullName(person)} is already on the flight line in ${flight.glider}: land or remove that flight first`,
    );
}

/** The pilot: an active member of the club who flies, on no other unfinished flight. */
async function checkPilot(trx: Transaction<DB>, ctx: MemberContext, userId: string): Promise<Member> {
  const pilot = await findClubMember(trx, ctx.club.id, userId);
  if (!isActiveMember(ctx, pilot)) throw badRequest('Selected pilot is not an active member of the club');
  if (pilot.ground_only) throw forbidden('Selected pilot is non flying');
  await assertNotOnLine(trx, ctx, pilot);
  return pilot;
}

/**
 * The second member of an Instructor or Member flight: active, flying, not the pilot, on no other unfinished
 * flight; an instructor for Instructor.
 */
async function checkSecondMember(
  trx: Transaction<DB>,
  ctx: MemberContext,
  request: FlightRequest,
  pilot: Member,
): Promise<Member> {
  const role = request.flyWith === 'Instructor' ? 'instructor' : 'member';
  if (!request.passengerID) throw badRequest(`Second person not identified: choose the ${role}`);
  if (request.passengerID === pilot.user_id) throw badRequest(`The ${role} must be someone other than the pilot`);
  const second = await findClubMember(trx, ctx.club.id, request.passengerID);
  if (!isActiveMember(ctx, second)) throw badRequest(`The ${role} is not an active member of the club`);
  if (request.flyWith === 'Instructor' && !second.is_instructor)
    throw badRequest(`${fullName(second)} is not an instructor`);
  if (second.ground_only) throw forbidden(`${fullName(second)} is non flying`);
  await assertNotOnLine(trx, ctx, second);
  return second;
}

/** An intro a flight can take: of this club, not refunded, not cancelled, not on a flight (expired is allowed). */
function assertIntroAvailable(intro: IntroRow): void {
  if (intro.refunded_at !== null) throw conflict(`Intro ${intro.sn} was refunded`);
  if (intro.cancelled_at !== null) throw conflict(`Intro ${intro.sn} was cancelled`);
  if (intro.flight_ref !== null) throw conflict(`Intro ${intro.sn} is already on a flight`);
}

async function checkIntro(
  trx: Transaction<DB>,
  ctx: MemberContext,
  request: FlightRequest,
): Promise<{ intro: IntroRow; sold: boolean }> {
  if (request.newIntro && request.introRef)
    throw badRequest('Choose a pre-purchased intro or sell a new one, not both');
  if (request.newIntro) {
    const sale = request.newIntro;
    const { intro } = await sellIntro(trx, ctx, {
      launchType: sale.introType,
      payment: sale.payment,
      paymentRef: sale.paymentRef,
      SN: sale.SN,
      recipientFirst: sale.recipientFirst,
      recipientLast: sale.recipientLast,
    });
    return { intro, sold: true };
  }
  if (!request.introRef)
    throw badRequest('Second person not identified: choose a pre-purchased intro or sell a new one');
  const found = UUID.test(request.introRef) ? await findIntroForUpdate(trx, ctx.club.id, request.introRef) : undefined;
  if (!found) throw badRequest(`Unknown intro ${request.introRef}`);
  assertIntroAvailable(found);
  let intro = found;
  if (request.updateIntro) {
    if (request.updateIntro.id !== intro.id) throw badRequest('updateIntro must name the intro chosen for the flight');
    intro = await renameIntroPassenger(trx, intro, request.updateIntro);
  }
  return { intro, sold: false };
}

async function checkSecondPerson(
  trx: Transaction<DB>,
  ctx: MemberContext,
  request: FlightRequest,
  pilot: Member,
): Promise<SecondPerson> {
  if (request.flyWith !== 'Intro' && (request.newIntro || request.updateIntro)) {
    throw badRequest('newIntro and updateIntro go with an Intro flight only');
  }
  const alone: SecondPerson = {
    passengerId: null,
    passengerFirst: '',
    passengerLast: '',
    pilotInCharge: true,
    shareCost: false,
    intro: null,
    sold: null,
  };
  switch (request.flyWith) {
    case 'Alone':
      return alone;
    case 'Instructor': {
      const instructor = await checkSecondMember(trx, ctx, request, pilot);
      // The instructor is the pilot in command, not the member flying with them.
      return {
        ...alone,
        passengerId: instructor.user_id,
        passengerFirst: instructor.firstName,
        passengerLast: instructor.lastName,
        pilotInCharge: false,
      };
    }
    case 'Member': {
      const member = await checkSecondMember(trx, ctx, request, pilot);
      return {
        ...alone,
        passengerId: member.user_id,
        passengerFirst: member.firstName,
        passengerLast: member.lastName,
        pilotInCharge: request.pilotInCharge,
        shareCost: request.shareCost,
      };
    }
    case 'Friend':
      if (!request.passengerFirst || !request.passengerLast)
        throw badRequest("Second person not identified: enter the friend's first and last name");
      return { ...alone, passengerFirst: request.passengerFirst, passengerLast: request.passengerLast };
    default: {
      const { intro, sold } = await checkIntro(trx, ctx, request);
      return {
        ...alone,
        passengerFirst: intro.recipient_first,
        passengerLast: intro.recipient_last,
        intro,
        sold: sold ? intro : null,
      };
    }
  }
}

/** The glider: the club's, Ready, on no unfinished flight, with a second seat when someone flies with the pilot. */
async function checkGlider(trx: Transaction<DB>, ctx: MemberContext, request: FlightRequest): Promise<GliderRow> {
  const glider = await findItemForUpdate(trx, 'glider', ctx.club.id, request.glider);
  if (!glider) throw badRequest(`Unknown glider ${request.glider}`);
  if (glider.status === 'Flying' || (await unfinishedFlightOfGlider(trx, ctx.club.id, glider.id))) {
    throw conflict(gliderFlyingMessage(glider.id));
  }
  if (glider.status !== 'Ready') throw conflict(`Glider ${glider.id} is not ready`);
  if (request.flyWith !== 'Alone' && glider.places < 2) {
    throw badRequest(`Glider ${glider.id} has one seat: choose a multi-seat glider to fly with someone`);
  }
  return glider;
}

/** An intro flight flies the intro launch's launch type; any other flight an active launch type of the club. */
async function checkLaunchType(
  trx: Transaction<DB>,
  ctx: MemberContext,
  request: FlightRequest,
  intro: IntroRow | null,
): Promise<string> {
  if (intro) {
    const option = await findItemForUpdate(trx, 'intro_launch', ctx.club.id, intro.launch_type);
    if (!option) throw conflict(`The intro launch ${intro.launch_type} of intro ${intro.sn} no longer exists`);
    return option.launch_type_id;
  }
  if (!request.launchType) throw badRequest('No launch type selected');
  const launch = await findItem(trx, 'launch_type', ctx.club.id, request.launchType);
  if (!launch || !launch.is_active)
    throw badRequest(`Unknown launch type ${request.launchType}: choose one of the club's launch types`);
  return launch.id;
}

/** Balance now = −(sum of the member's Members A/P postings effective by now). */
async function balanceOf(trx: Transaction<DB>, ctx: MemberContext, userId: string): Promise<number> {
  return 0 - (await memberApSumCents(trx, ctx.club.id, userId, { asOf: new Date(ctx.now) }));
}

/**
 * The payer's balance must not be below the club's minimum level (not for
 * intro flights, which the intro pays). A shared Member flight has two
 * payers, each charged half: both must be at or above the minimum.
 */
async function checkFunds(
  trx: Transaction<DB>,
  ctx: MemberContext,
  request: FlightRequest,
  pilot: Member,
  second: SecondPerson,
): Promise<number> {
  const pilotBalance = await balanceOf(trx, ctx, pilot.user_id);
  if (request.flyWith === 'Intro') return pilotBalance;
  const minimum = ctx.club.minimum_level_cents;
  if (pilotBalance < minimum) throw conflict('Insufficient funds');
  if (request.flyWith === 'Member' && second.shareCost && second.passengerId) {
    if ((await balanceOf(trx, ctx, second.passengerId)) < minimum) {
      throw conflict(
        `Insufficient funds: ${second.passengerFirst} ${second.passengerLast}, ` +
          `who shares the cost, is below the club's minimum balance`,
      );
    }
  }
  return pilotBalance;
}

/**
 * When the person tapped Place on flight line: `submittedAt`, which a phone's
 * outbox may deliver minutes later, or now. Never ahead of now (beyond the
 * clock skew, taken as now), never before today in the club's zone. Older
 * than the club's allowance, it is kept but entered late (placeFlight).
 */
function submittedTime(ctx: MemberContext, tapped: number | undefined, today: string): Date {
  const ms = tapped ?? ctx.now;
  if (ms > ctx.now + CLOCK_SKEW_MS) throw badRequest("The request's time is in the future: check the phone's clock");
  if (ms < clubDayBounds(today, ctx.club.time_zone).startMs) {
    throw badRequest(`This request was made before today (${today}): flights are requested on the day they fly`);
  }
  return new Date(Math.min(ms, ctx.now));
}

async function placeFlight(
  trx: Transaction<DB>,
  ctx: MemberContext,
  id: string,
  day: string,
  request: FlightRequest,
  submittedAt: Date,
): Promise<FlightCreated> {
  const clubId = ctx.club.id;
  const pilot = await checkPilot(trx, ctx, request.user);
  const second = await checkSecondPerson(trx, ctx, request, pilot);
  const glider = await checkGlider(trx, ctx, request);
  const launchType = await checkLaunchType(trx, ctx, request, second.intro);
  const balanceCents = await checkFunds(trx, ctx, request, pilot, second);
  // Kept at its tap time, but one that took longer than the club allows to arrive queues by its arrival (0021).
  const late = isEnteredLate(submittedAt.getTime(), ctx.now, ctx.club.late_entry_minutes);

  await insertFlight(trx, {
    club_id: clubId,
    id,
    day,
    user_id: pilot.user_id,
    first: pilot.firstName.slice(0, NAME_MAX),
    last: pilot.lastName.slice(0, NAME_MAX),
    // The schema's enum is FLY_WITH.
    fly_with: request.flyWith as FlyWith,
    passenger_id: second.passengerId,
    passenger_first: second.passengerFirst.slice(0, NAME_MAX),
    passenger_last: second.passengerLast.slice(0, NAME_MAX),
    pilot_in_charge: second.pilotInCharge,
    share_cost: second.shareCost,
    glider: glider.id,
    launch_type: launchType,
    intro_id: second.intro?.id ?? null,
    // The glider's launch speed when the phone sent none.
    tow_speed_kn: request.towSpeed || glider.launch_speed_kn,
    weight_kg: request.weight,
    passenger_weight_kg: request.flyWith === 'Alone' ? 0 : request.passengerWeight,
    glider_weight_kg: request.gliderWeight || glider.weight_kg,
    water_weight_kg: request.waterWeight,
    submitted_at: submittedAt,
    submitted_by: ctx.user.id,
    entered_late_at: late ? new Date(ctx.now) : null,
  });
  await updateItem(trx, 'glider', clubId, glider.id, { status: 'Flying' });
  let intro: IntroItem | undefined;
  if (second.intro) {
    const linked = await updateIntro(trx, clubId, second.intro.id, { flight_ref: id });
    if (second.sold) intro = introItem(linked);
  }

  const stored = await findFlight(trx, clubId, id);
  const answer: FlightCreated = {
    statusCode: 200,
    message: `Flight placed on the flight line: ${glider.id}`,
    item: flightRecord(stored!, { userId: ctx.user.id, lockDate: ctx.club.lock_date }),
    ...(intro ? { intro } : {}),
    ...(mayReadAccount(ctx, pilot.user_id) ? { balanceCents } : {}),
  };
  await insertAction(trx, {
    club_id: clubId,
    flight_id: id,
    action: 'Create',
    by: ctx.user.id,
    happened_at: submittedAt,
    entered_at: new Date(ctx.now),
    entered_late: late,
    response: JSON.stringify(answer),
  });
  return answer;
}

/**
 * A flight with this id already exists: from this member in this club, it
 * is a retry and gets the first answer; anyone else's is a collision
 * (undefined: refused by once()). The pilot's balance is replayed only while
 * the caller may still read it (an answer stored by an older server, or
 * before a right was taken away, may hold it); a flight with no stored
 * answer is answered without one.
 */
async function replayCreate(
  db: Kysely<DB>,
  ctx: MemberContext,
  id: string,
  owner: FlightOwner,
): Promise<FlightCreated | undefined> {
  if (owner.club_id !== ctx.club.id || owner.submitted_by !== ctx.user.id) return undefined;
  const first = await findCreateAnswer(db, ctx.club.id, id);
  if (first) {
    const { balanceCents, ...answer } = first.response as FlightCreated;
    return balanceCents !== undefined && mayReadAccount(ctx, owner.user_id) ? { ...answer, balanceCents } : answer;
  }
  const stored = await findFlight(db, ctx.club.id, id);
  return {
    statusCode: 200,
    message: 'Flight already on the flight line',
    item: flightRecord(stored!, { userId: ctx.user.id, lockDate: ctx.club.lock_date }),
  };
}

const idUsed = (id: string) => `Flight id ${id} is already used: send a new id for a new flight`;

export async function requestFlight(
  db: Kysely<DB>,
  ctx: MemberContext,
  input: FlightRequestInput,
): Promise<FlightCreated> {
  assertSameClub(ctx, namedClub(input.club));
  const parsed = flightRequestSchema.safeParse(input.data ?? {});
  if (!parsed.success) throw badRequest(`Invalid flight request: ${describeZodError(parsed.error)}`);
  const request = parsed.data;
  if (!UUID.test(input.id)) throw badRequest('The flight id must be a UUID made by the phone');
  const id = input.id.toLowerCase();
  // The flight id is the key: a retry answers what the first delivery answered, even when the outbox delivers it after
  // midnight.
  return once(db, {
    write: { name: 'flight-request', glider: request.glider },
    key: id,
    recorded: (reader) => findFlightOwner(reader, id),
    // Another club's flight with this id is nobody's here: refused like another person's.
    sender: {
      id: ctx.user.id,
      of: (owner) => (owner.club_id === ctx.club.id ? owner.submitted_by : null),
      refusal: idUsed(id),
    },
    replay: (reader, owner) => replayCreate(reader, ctx, id, owner),
    keyUsed: () => idUsed(id),
    run: (trx) => {
      const today = clubToday(ctx.club.time_zone, ctx.now);
      if (input.date !== undefined && input.date !== '' && input.date !== today) {
        throw badRequest(`Flights are requested for today (${today} in the club's time zone), not ${input.date}`);
      }
      return placeFlight(trx, ctx, id, today, request, submittedTime(ctx, request.submittedAt, today));
    },
  });
}

/** update-item FLIGHT: a flight request from the crew page (action Create), for every active member. */
export const flightItemHandler: ItemHandler<'member'> = {
  access: 'member',
  update: (db, input) =>
    requestFlight(db, input.ctx, { club: input.club, id: input.id, date: input.date, data: input.data }),
};

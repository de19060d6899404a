import type { Transaction } from 'kysely';
import { clubDayBounds, isMembershipActive } from '@flightline/domain/time/club-time';
import type { FlyWith } from '@flightline/domain/flights/crew-rules';
import { CLOCK_SKEW_MS } from '@flightline/domain/flights/late-entry';
import type { ChangeFlight } from '@flightline/domain/schemas/flights';
import type { DB } from '../../db/schema.ts';
import type { MemberContext } from '../../http/context.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { UUID } from '../../http/params.ts';
import {
  flightPayers,
  postLandingCharges,
  postLaunchCharges,
  reverseLandingCharges,
  reverseLaunchCharges,
  type FlightMoney,
} from '../billing/flight-billing.ts';
import { findItem, findItemForUpdate, updateItem } from '../fleet/repo.ts';
import { clearIntroFlightRef, findIntroForUpdate, updateIntro } from '../intros/repo.ts';
import { findClubMember } from '../members/repo.ts';
import {
  insertCorrection,
  setFlightMoney,
  unfinishedFlightOfGlider,
  updateFlightState,
  type FlightStateRow,
} from './repo.ts';

/**
 * update-flight ChangeFlight (docs/flight-line.md "Log edits"; domain rules
 * "Flights"): a flight log corrected by an
 * admin or a member who can edit logs. The caller (line-service) has checked
 * the right and the lock date, and holds the flight row locked. A launched
 * flight (landed or still flying) is corrected; a waiting or cancelled one
 * belongs to the flight line.
 *
 * The edit is checked like a request, but only what changes: a pilot who has
 * since left the club stays on their old flights. Each changed field is kept
 * as [old, new] in an append-only correction. Money follows: the charges the
 * change affects are reversed (now, note 'Flight log corrected') and posted
 * again from the corrected flight (effective at its launch and landing) — in
 * the caller's database transaction, so all of it happens or none.
 */

export const CORRECTION_NOTE = 'Flight log corrected';

/** A flight's editable fields as FlightRecord names them: '' for an id not set, epoch ms for instants. */
interface LogFields {
  glider: string;
  user: string;
  first: string;
  last: string;
  flyWith: FlyWith;
  passengerID: string;
  passengerFirst: string;
  passengerLast: string;
  pilotInCharge: boolean;
  shareCost: boolean;
  launchType: string;
  introRef: string;
  launchedAt: number | null;
  landedAt: number | null;
  releaseHeight: number;
  towPilot: string;
  tug: string;
}

type Member = NonNullable<Awaited<ReturnType<typeof findClubMember>>>;

function logFields(flight: FlightStateRow): LogFields {
  return {
    glider: flight.glider,
    user: flight.user_id,
    first: flight.first,
    last: flight.last,
    flyWith: flight.fly_with,
    passengerID: flight.passenger_id ?? '',
    passengerFirst: flight.passenger_first,
    passengerLast: flight.passenger_last,
    pilotInCharge: flight.pilot_in_charge,
    shareCost: flight.share_cost,
    launchType: flight.launch_type,
    introRef: flight.intro_id ?? '',
    launchedAt: flight.launched_at?.getTime() ?? null,
    landedAt: flight.landed_at?.getTime() ?? null,
    releaseHeight: flight.release_height,
    towPilot: flight.tow_pilot ?? '',
    tug: flight.tug ?? '',
  };
}

const fullName = (member: Member) => `${member.firstName} ${member.lastName}`.trim();

/** A member of the club, active now, who flies: someone newly put on a flight. */
async function flyingMember(trx: Transaction<DB>, ctx: MemberContext, userId: string, role: string): Promise<Member> {
  const member = await findClubMember(trx, ctx.club.id, userId);
  const active =
    member !== undefined &&
    member.declined_at === null &&
    isMembershipActive(
      { isActive: member.is_active, activeExpiration: member.active_expiration },
      ctx.club.time_zone,
      ctx.now,
    );
  if (!active) throw badRequest(`The ${role} is not an active member of the club`);
  if (member.ground_only) throw badRequest(`${fullName(member)} is a ground-only member and can't be the ${role}`);
  return member;
}

/** The second person and the intro, as the flight type says; names come from the member or the intro. */
async function secondPerson(
  trx: Transaction<DB>,
  ctx: MemberContext,
  before: LogFields,
  body: ChangeFlight,
  user: string,
) {
  const flyWith = body.flyWith as FlyWith;
  const none = {
    passengerID: '',
    passengerFirst: '',
    passengerLast: '',
    pilotInCharge: true,
    shareCost: false,
    introRef: '',
  };
  const introRef = (body.introRef ?? (flyWith === 'Intro' ? before.introRef : '')).trim().toLowerCase();
  if (flyWith !== 'Intro' && introRef !== '') throw badRequest('An intro goes with an Intro flight only');
  switch (flyWith) {
    case 'Alone':
      return none;
    case 'Friend':
      if (!body.passengerFirst || !body.passengerLast)
        throw badRequest("Second person not identified: enter the friend's first and last name");
      return { ...none, passengerFirst: body.passengerFirst, passengerLast: body.passengerLast };
    case 'Instructor':
    case 'Member': {
      const role = flyWith === 'Instructor' ? 'instructor' : 'member';
      if (!body.passengerID) throw badRequest(`Second person not identified: choose the ${role}`);
      if (body.passengerID === user) throw badRequest(`The ${role} must be someone other than the pilot`);
      const newPerson = body.passengerID !== before.passengerID;
      const newRole = flyWith !== before.flyWith;
      let first = before.passengerFirst;
      let last = before.passengerLast;
      if (newPerson || newRole) {
        const second = newPerson
          ? await flyingMember(trx, ctx, body.passengerID, role)
          : await findClubMember(trx, ctx.club.id, body.passengerID);
        if (!second) throw badRequest(`The ${role} is not a member of the club`);
        if (flyWith === 'Instructor' && !second.is_instructor)
          throw badRequest(`${fullName(second)} is not an instructor`);
        first = second.firstName;
        last = second.lastName;
      }
      return {
        passengerID: body.passengerID,
        passengerFirst: first,
        passengerLast: last,
        pilotInCharge: body.pilotInCharge,
        shareCost: flyWith === 'Member' && body.shareCost,
        introRef: '',
      };
    }
    case 'Intro': {
      if (introRef === '') throw badRequest('Second person not identified: choose the intro of this intro flight');
      if (introRef === before.introRef)
        return { ...none, passengerFirst: before.passengerFirst, passengerLast: before.passengerLast, introRef };
      const intro = UUID.test(introRef) ? await findIntroForUpdate(trx, ctx.club.id, introRef) : undefined;
      if (!intro) throw badRequest(`Unknown intro ${introRef}`);
      if (intro.refunded_at !== null) throw conflict(`Intro ${intro.sn} was refunded`);
      if (intro.cancelled_at !== null) throw conflict(`Intro ${intro.sn} was cancelled`);
      if (intro.flight_ref !== null) throw conflict(`Intro ${intro.sn} is already on a flight`);
      return {
        ...none,
        passengerFirst: intro.recipient_first,
        passengerLast: intro.recipient_last,
        introRef: intro.id,
      };
    }
  }
}

/** The corrected fields, each checked when it changes. */
async function correctedFields(
  trx: Transaction<DB>,
  ctx: MemberContext,
  flight: FlightStateRow,
  before: LogFields,
  body: ChangeFlight,
): Promise<LogFields> {
  const clubId = ctx.club.id;
  // Times: a launched flight keeps a takeoff on its own day, and nothing is in the future.
  if (body.launchedAt === null)
    throw badRequest('The takeoff time is required: only launched flights are corrected in the log');
  if (before.landedAt !== null && body.landedAt === null) {
    throw badRequest(
      'The landing time is required: undo the landing on the flight line to put the flight back in the air',
    );
  }
  const latest = ctx.now + CLOCK_SKEW_MS;
  if (body.launchedAt !== before.launchedAt) {
    const { startMs, endMs } = clubDayBounds(flight.day, ctx.club.time_zone);
    if (body.launchedAt < startMs || body.launchedAt >= endMs)
      throw badRequest(`The takeoff time must be on the flight's day (${flight.day})`);
    if (body.launchedAt > latest) throw badRequest('The takeoff time is in the future');
  }
  if (body.landedAt !== null && body.landedAt !== before.landedAt && body.landedAt > latest)
    throw badRequest('The landing time is in the future');

  // The pilot.
  let { first, last } = before;
  if (body.user !== before.user) {
    const pilot = await flyingMember(trx, ctx, body.user, 'pilot');
    first = pilot.firstName;
    last = pilot.lastName;
  }
  const second = await secondPerson(trx, ctx, before, body, body.user);

  // The glider: the club's, with a second seat when someone flies with the pilot, free when the flight is still flying.
  const flyWith = body.flyWith as FlyWith;
  if (body.glider !== before.glider || flyWith !== before.flyWith) {
    const glider = await findItemForUpdate(trx, 'glider', clubId, body.glider);
    if (!glider) throw badRequest(`Unknown glider ${body.glider}`);
    if (flyWith !== 'Alone' && glider.places < 2)
      throw badRequest(`Glider ${glider.id} has one seat: choose a multi-seat glider to fly with someone`);
    if (
      body.glider !== before.glider &&
      body.landedAt === null &&
      (await unfinishedFlightOfGlider(trx, clubId, glider.id, flight.id))
    ) {
      throw conflict(`Glider ${glider.id} is on another flight now: land or remove that flight first`);
    }
  }

  if (body.launchType === '') throw badRequest('No launch type selected');
  if (body.launchType !== before.launchType && !(await findItem(trx, 'launch_type', clubId, body.launchType))) {
    throw badRequest(`Unknown launch type ${body.launchType}: choose one of the club's launch types`);
  }
  const tug = body.tug.trim();
  if (tug !== before.tug && tug !== '' && !(await findItemForUpdate(trx, 'tug', clubId, tug)))
    throw badRequest(`Unknown tug ${tug}`);
  if (body.towPilot !== before.towPilot && body.towPilot !== '') {
    const towPilot = await flyingMember(trx, ctx, body.towPilot, 'tow pilot');
    if (!towPilot.is_tow_pilot) throw badRequest(`${fullName(towPilot)} is not a tow pilot`);
  }

  return {
    glider: body.glider,
    user: body.user,
    first,
    last,
    flyWith,
    ...second,
    launchType: body.launchType,
    launchedAt: body.launchedAt,
    landedAt: body.landedAt,
    releaseHeight: body.releaseHeight,
    towPilot: body.towPilot,
    tug,
  };
}

function changedFields(before: LogFields, after: LogFields): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of Object.keys(before) as (keyof LogFields)[]) {
    if (before[field] !== after[field]) changes[field] = [before[field], after[field]];
  }
  return changes;
}

const payerKey = (fields: LogFields) =>
  flightPayers({
    user_id: fields.user,
    fly_with: fields.flyWith,
    share_cost: fields.shareCost,
    passenger_id: fields.passengerID || null,
  })
    .map((payer) => payer.memberId)
    .join(',');

/** Which of the flight's charges the correction changes: the tow (or intro) at launch, the rental at landing. */
async function affectedCharges(trx: Transaction<DB>, clubId: string, before: LogFields, after: LogFields) {
  const payers = payerKey(before) !== payerKey(after);
  const intro = before.introRef !== after.introRef || (before.flyWith === 'Intro') !== (after.flyWith === 'Intro');
  let height = false;
  if (before.releaseHeight !== after.releaseHeight && after.flyWith !== 'Intro') {
    height = (await findItem(trx, 'launch_type', clubId, after.launchType))?.kind === 'variable';
  }
  const launch =
    payers || intro || height || before.launchType !== after.launchType || before.launchedAt !== after.launchedAt;
  const landing =
    payers ||
    intro ||
    before.glider !== after.glider ||
    before.launchedAt !== after.launchedAt ||
    before.landedAt !== after.landedAt;
  return { launch, landing };
}

/** Correct a launched flight's log; the flight row is locked by the caller. */
export async function changeFlight(
  trx: Transaction<DB>,
  ctx: MemberContext,
  flight: FlightStateRow,
  body: ChangeFlight,
): Promise<void> {
  if (flight.cancelled_at !== null)
    throw conflict(`Flight ${flight.id} was removed from the flight line: there is nothing to correct`);
  if (flight.launched_at === null)
    throw conflict(`Flight ${flight.id} has not launched: a waiting flight is changed on the flight line`);
  const clubId = ctx.club.id;
  const before = logFields(flight);
  const after = await correctedFields(trx, ctx, flight, before, body);
  const changes = changedFields(before, after);
  if (Object.keys(changes).length === 0) throw badRequest('No changes');

  const billing = { clubId, by: ctx.user.id, now: ctx.now };
  /** What billing answers of the flight's charges, kept on its row. */
  const keep = (charged: { money: FlightMoney | null }) => setFlightMoney(trx, clubId, flight.id, charged.money);
  const affected = await affectedCharges(trx, clubId, before, after);
  // Each reversal answers only its own money columns (launch or landing), so both read the row as it was locked.
  if (affected.launch) await keep(await reverseLaunchCharges(trx, billing, flight, CORRECTION_NOTE));
  if (affected.landing && before.landedAt !== null) {
    await keep(await reverseLandingCharges(trx, billing, flight, CORRECTION_NOTE));
  }

  // The old intro is unlinked and the new one linked to this flight.
  if (before.introRef !== after.introRef) {
    await clearIntroFlightRef(trx, clubId, flight.id);
    if (after.introRef !== '') await updateIntro(trx, clubId, after.introRef, { flight_ref: flight.id });
  }
  const corrected = await updateFlightState(trx, clubId, flight.id, {
    glider: after.glider,
    user_id: after.user,
    first: after.first,
    last: after.last,
    fly_with: after.flyWith,
    passenger_id: after.passengerID || null,
    passenger_first: after.passengerFirst,
    passenger_last: after.passengerLast,
    pilot_in_charge: after.pilotInCharge,
    share_cost: after.shareCost,
    launch_type: after.launchType,
    intro_id: after.introRef || null,
    launched_at: new Date(after.launchedAt!),
    landed_at: after.landedAt === null ? null : new Date(after.landedAt),
    release_height: after.releaseHeight,
    ...(after.releaseHeight !== before.releaseHeight
      ? { release_set_by: after.releaseHeight > 0 ? ctx.user.id : null }
      : {}),
    tow_pilot: after.towPilot || null,
    tug: after.tug || null,
  });

  // Gliders: the one this flight held Flying is freed when it lands or changes; a new glider still in the air is
  // Flying.
  const wasFlying = before.landedAt === null;
  const isFlying = after.landedAt === null;
  if (wasFlying && (!isFlying || before.glider !== after.glider))
    await updateItem(trx, 'glider', clubId, before.glider, { status: 'Ready' });
  if (isFlying && before.glider !== after.glider)
    await updateItem(trx, 'glider', clubId, after.glider, { status: 'Flying' });

  if (affected.launch) await keep(await postLaunchCharges(trx, billing, corrected));
  if (after.landedAt !== null && (affected.landing || before.landedAt === null)) {
    await keep(await postLandingCharges(trx, billing, corrected));
  }
  await insertCorrection(trx, { clubId, flightId: flight.id, by: ctx.user.id, at: new Date(ctx.now), changes });
}

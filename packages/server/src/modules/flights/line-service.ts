import type { Kysely, Transaction } from 'kysely';
import type { FlightActionResult } from '@flightline/domain/api/types';
import { clubClockTime, clubDayBounds, isMembershipActive } from '@flightline/domain/time/club-time';
import { CLOCK_SKEW_MS, isEnteredLate } from '@flightline/domain/flights/late-entry';
import { OGN_KEY_PREFIX, OGN_USER_ID } from '@flightline/domain/ogn/settings';
import type { UpdateFlight } from '@flightline/domain/schemas/flights';
import type { DB } from '../../db/schema.ts';
import { assertSameClub, hasRight, type MemberContext } from '../../http/context.ts';
import { badRequest, conflict, forbidden, type HttpError, notFound } from '../../http/errors.ts';
import { namedClub, UUID } from '../../http/params.ts';
import {
  postLandingCharges,
  postLaunchCharges,
  postReleaseHeightCharges,
  reverseLandingCharges,
  reverseLaunchCharges,
  type FlightMoney,
} from '../billing/flight-billing.ts';
import { findItemForUpdate, updateItem } from '../fleet/repo.ts';
import { clearIntroFlightRef } from '../intros/repo.ts';
import { findClubMember, personName } from '../members/repo.ts';
import { once } from '../once.ts';
import { listTugStatuses } from '../tugs/service.ts';
import { changeFlight } from './change-service.ts';
import { flightRecord } from './record.ts';
import {
  findActionByKey,
  findFlight,
  findLauncher,
  insertAction,
  lockFlight,
  setFlightMoney,
  unfinishedFlightOfGlider,
  updateFlightState,
  type FlightStateRow,
} from './repo.ts';

/**
 * POST /api/update-flight/ (docs/flight-line.md "States and line actions";
 * domain rules "Flights"): the line actions, open to every active member (clubs rotate
 * their duty crew). Each runs in one database transaction that first locks
 * the flight row, so two phones pressing Launch together give one launch
 * and one 409 — never two charges. States: waiting → launched → landed, or
 * cancelled (removed from the line before launch). The charges are posted
 * by billing after the state columns change, in the same transaction, and
 * what billing answers of them is kept on the flight row here. An
 * idempotency key sent twice answers the first answer and does nothing
 * (modules/once.ts); a refusal by the database (the glider or a person on
 * another flight, the lock date) answers as http/database-errors.ts says.
 * ChangeFlight, the log edit, goes the same way (lock, lock date, key) but
 * needs admin or Can Edit Flight Logs; change-service.ts does the edit.
 */

type LineAction = UpdateFlight['action'];

const MESSAGES: Record<Exclude<LineAction, 'ChangeFlight'>, string> = {
  Launch: 'Flight launched',
  Landing: 'Flight landed',
  UndoLaunch: 'Launch undone',
  UndoLanding: 'Landing undone',
  CancelRequest: 'Flight removed from the flight line',
  ReleaseHeight: 'Release height set',
};

/** The answer's message; a log edit's keeps the original API's wording, misspelling included (docs/flight-line.md). */
const message = (action: LineAction, flightId: string) =>
  action === 'ChangeFlight' ? `Sucessfully updated flight ${flightId}` : MESSAGES[action];

/** What each action's time is called in a refusal. */
const TIME_OF: Record<Exclude<LineAction, 'ChangeFlight'>, string> = {
  Launch: 'launch',
  Landing: 'landing',
  UndoLaunch: 'undo',
  UndoLanding: 'undo',
  CancelRequest: 'removal',
  ReleaseHeight: 'release height',
};

/**
 * When the event happened: `time` — the tap, or the line page's "Happened N
 * Minutes ago" — or now. A phone's outbox may deliver it minutes later; it
 * keeps its time (marked entered late beyond the club's allowance). Never
 * ahead of now (beyond the clock skew, taken as now), never before the
 * flight's day, nor before the event it follows (notBefore).
 */
function eventTime(ctx: MemberContext, flight: FlightStateRow, time: number | undefined, what: string): Date {
  const ms = time ?? ctx.now;
  if (ms > ctx.now + CLOCK_SKEW_MS) throw badRequest(`The ${what} time is in the future`);
  if (ms < clubDayBounds(flight.day, ctx.club.time_zone).startMs)
    throw badRequest(`The ${what} time is before the flight's day (${flight.day})`);
  return new Date(Math.min(ms, ctx.now));
}

/**
 * An event can't happen before the one it follows (issue 25 item 2): no
 * launch or removal before the request, no release height or undo before the
 * launch, no undo of a landing before it. A tap up to the clock skew before
 * it (two phones' clocks drift) is taken as at it; earlier is refused, naming
 * the time it follows in the club's clock.
 */
function notBefore(ctx: MemberContext, at: Date, after: Date, refusal: string): Date {
  if (at >= after) return at;
  if (after.getTime() - at.getTime() <= CLOCK_SKEW_MS) return after;
  throw badRequest(`${refusal} (${clubClockTime(after.getTime(), ctx.club.time_zone)})`);
}

function assertNotCancelled(flight: FlightStateRow): void {
  if (flight.cancelled_at !== null) throw conflict('Flight was cancelled');
}

function assertLaunched(flight: FlightStateRow): void {
  assertNotCancelled(flight);
  if (flight.launched_at === null) throw conflict('Flight not launched yet');
}

/**
 * The tug (the club's) and the tow pilot: the one sent (an active tow pilot of the club), else the tug's checked-in
 * pilot.
 */
async function launchCrew(trx: Transaction<DB>, ctx: MemberContext, body: Extract<UpdateFlight, { action: 'Launch' }>) {
  let tug: string | null = null;
  if (body.tug) {
    const found = await findItemForUpdate(trx, 'tug', ctx.club.id, body.tug);
    if (!found) throw badRequest(`Unknown tug ${body.tug}`);
    tug = found.id;
  }
  if (body.towPilot) {
    const pilot = await findClubMember(trx, ctx.club.id, body.towPilot);
    const active =
      pilot !== undefined &&
      pilot.declined_at === null &&
      isMembershipActive(
        { isActive: pilot.is_active, activeExpiration: pilot.active_expiration },
        ctx.club.time_zone,
        ctx.now,
      );
    if (!active) throw badRequest('The tow pilot is not an active member of the club');
    if (!pilot.is_tow_pilot) throw badRequest(`${pilot.firstName} ${pilot.lastName} is not a tow pilot`);
    return { tug, towPilot: pilot.user_id };
  }
  if (tug === null) return { tug, towPilot: null };
  const status = (await listTugStatuses(trx, ctx.club.id)).find((t) => t.id === tug);
  return { tug, towPilot: status?.currentPilot || null };
}

/**
 * A second Launch (another phone's, or one sent late by an outbox): 409 naming
 * who pressed the Launch that stands and when the flight went up, so the
 * second phone can tell its person.
 */
async function alreadyLaunched(trx: Transaction<DB>, ctx: MemberContext, flight: FlightStateRow): Promise<HttpError> {
  const launcher = await findLauncher(trx, ctx.club.id, flight.id);
  const name = launcher ? `${launcher.firstName ?? ''} ${launcher.lastName ?? ''}`.trim() : '';
  const launchedAt = flight.launched_at!.getTime();
  if (!name) return conflict('Flight already launched', { launchedAt });
  return conflict(`Already launched by ${name} at ${clubClockTime(launchedAt, ctx.club.time_zone)}`, {
    launchedBy: name,
    launchedById: launcher!.by,
    launchedAt,
  });
}

/** Apply one action to the locked flight; answers when it happened. */
async function apply(
  trx: Transaction<DB>,
  ctx: MemberContext,
  flight: FlightStateRow,
  body: UpdateFlight,
): Promise<Date> {
  const clubId = ctx.club.id;
  const billing = { clubId, by: ctx.user.id, now: ctx.now };
  /** What billing answers of the flight's charges, kept on its row. */
  const keep = (charged: { money: FlightMoney | null }) => setFlightMoney(trx, clubId, flight.id, charged.money);
  // Checked after the state: a late second Launch is told who launched, whatever its time.
  const when = () =>
    body.action === 'ChangeFlight' ? new Date(ctx.now) : eventTime(ctx, flight, body.time, TIME_OF[body.action]);
  switch (body.action) {
    case 'Launch': {
      assertNotCancelled(flight);
      if (flight.launched_at !== null) throw await alreadyLaunched(trx, ctx, flight);
      const at = notBefore(
        ctx,
        when(),
        flight.submitted_at,
        "The launch time can't be before the flight was requested",
      );
      const crew = await launchCrew(trx, ctx, body);
      const launched = await updateFlightState(trx, clubId, flight.id, {
        launched_at: at,
        accepted_at: flight.accepted_at ?? at,
        tug: crew.tug,
        tow_pilot: crew.towPilot,
      });
      await keep(await postLaunchCharges(trx, billing, launched));
      return at;
    }
    case 'Landing': {
      assertLaunched(flight);
      if (flight.landed_at !== null) throw conflict('Flight already landed');
      const at = when();
      if (at < flight.launched_at!) throw conflict('Landing time is before the launch time');
      const landed = await updateFlightState(trx, clubId, flight.id, { landed_at: at });
      await updateItem(trx, 'glider', clubId, flight.glider, { status: 'Ready' });
      await keep(await postLandingCharges(trx, billing, landed));
      return at;
    }
    case 'UndoLaunch': {
      assertLaunched(flight);
      if (flight.landed_at !== null) throw conflict('Flight already landed: undo the landing first');
      const at = notBefore(ctx, when(), flight.launched_at!, "The undo time can't be before the launch");
      // The launch did not happen: its crew, time and release height go with it; the glider stays Flying (waiting).
      const undone = await updateFlightState(trx, clubId, flight.id, {
        launched_at: null,
        accepted_at: null,
        off_tow_at: null,
        tug: null,
        tow_pilot: null,
        release_height: 0,
        release_set_by: null,
      });
      await keep(await reverseLaunchCharges(trx, billing, undone));
      return at;
    }
    case 'UndoLanding': {
      assertNotCancelled(flight);
      if (flight.landed_at === null) throw conflict('Flight not landed yet');
      const at = notBefore(ctx, when(), flight.landed_at, "The undo time can't be before the landing");
      await findItemForUpdate(trx, 'glider', clubId, flight.glider);
      if (await unfinishedFlightOfGlider(trx, clubId, flight.glider, flight.id)) {
        throw conflict(`Glider ${flight.glider} is on another flight now: land or remove that flight first`);
      }
      const flying = await updateFlightState(trx, clubId, flight.id, { landed_at: null });
      await updateItem(trx, 'glider', clubId, flight.glider, { status: 'Flying' });
      await keep(await reverseLandingCharges(trx, billing, flying));
      return at;
    }
    case 'CancelRequest': {
      assertNotCancelled(flight);
      if (flight.launched_at !== null) throw conflict('Flight already launched: undo the launch first');
      const at = notBefore(
        ctx,
        when(),
        flight.submitted_at,
        "The removal time can't be before the flight was requested",
      );
      await updateFlightState(trx, clubId, flight.id, { cancelled_at: at });
      await updateItem(trx, 'glider', clubId, flight.glider, { status: 'Ready' });
      // An intro flight's intro is free for another flight.
      await clearIntroFlightRef(trx, clubId, flight.id);
      return at;
    }
    case 'ReleaseHeight': {
      assertLaunched(flight);
      if (flight.release_height > 0 && !body.overwrite) {
        throw conflict('Release height already set', {
          releaseSetBy: flight.release_set_by ? await personName(trx, flight.release_set_by) : '',
          currentReleaseHeight: flight.release_height,
        });
      }
      const at = notBefore(ctx, when(), flight.launched_at!, "The release height time can't be before the launch");
      // The feed measured when the glider came off tow (docs/ogn.md); a crew's tap of the height is not that moment.
      const offTow = body.idempotencyKey?.startsWith(OGN_KEY_PREFIX) ? { off_tow_at: at } : {};
      const released = await updateFlightState(trx, clubId, flight.id, {
        release_height: body.releaseHeight,
        release_set_by: ctx.user.id,
        ...offTow,
      });
      await keep(await postReleaseHeightCharges(trx, billing, released));
      return at;
    }
    case 'ChangeFlight':
      await changeFlight(trx, ctx, flight, body);
      return when();
  }
}

export async function updateFlight(
  db: Kysely<DB>,
  ctx: MemberContext,
  body: UpdateFlight,
): Promise<FlightActionResult> {
  assertSameClub(ctx, namedClub(body.club));
  // Log edits (docs/flight-line.md "Log edits"): admin or Can Edit Flight Logs; the line actions are every active
  // member's.
  if (body.action === 'ChangeFlight' && !hasRight(ctx, 'canEditLogs')) {
    throw forbidden('Only an admin or a member who can edit flight logs can change a flight');
  }
  if (!UUID.test(body.id)) throw notFound('Flight not found');
  const id = body.id.toLowerCase();
  const key = body.idempotencyKey;
  return once(db, {
    write: { name: 'line-action' },
    key,
    recorded: (reader, used) => findActionByKey(reader, ctx.club.id, used),
    sender: { id: ctx.user.id, of: (found) => found.by },
    // The same action on the same flight answers what it answered; anything else is refused.
    replay: (_, found) =>
      found.action === body.action && found.flight_id === id ? (found.response as FlightActionResult) : undefined,
    keyUsed: (found) =>
      `This idempotency key was already used for ${found.action} of ` +
      `flight ${found.flight_id}; send a new key for a new action`,
    run: async (trx) => {
      const flight = await lockFlight(trx, ctx.club.id, id);
      if (!flight) throw notFound('Flight not found');
      const lockDate = ctx.club.lock_date;
      if (lockDate !== null && flight.day <= lockDate) {
        const which = body.action === 'ChangeFlight' ? `Flight ${id}` : 'Flight';
        throw conflict(`${which} is locked: its day is on or before the lock date ${lockDate}`);
      }
      const happenedAt = await apply(trx, ctx, flight, body);
      // Kept at its tap time; one that took longer than the club allows to arrive is marked in the flight's history.
      // The feed's events are detections, not taps: a landing heard last on final is settled minutes later, and is not
      // late.
      const enteredLate =
        body.action !== 'ChangeFlight' &&
        ctx.user.id !== OGN_USER_ID &&
        isEnteredLate(happenedAt.getTime(), ctx.now, ctx.club.late_entry_minutes);
      const stored = await findFlight(trx, ctx.club.id, id);
      const record = flightRecord(stored!, { userId: ctx.user.id, lockDate });
      // The action is stored after its answer: the answer names its own late entry.
      if (enteredLate) {
        const byName = `${ctx.user.firstName} ${ctx.user.lastName}`.trim();
        record.lateEntries.push({
          action: body.action,
          by: ctx.user.id,
          byName,
          happenedAt: happenedAt.getTime(),
          receivedAt: ctx.now,
        });
      }
      const answer: FlightActionResult = { statusCode: 200, message: message(body.action, id), flight: record };
      await insertAction(trx, {
        club_id: ctx.club.id,
        flight_id: id,
        action: body.action,
        by: ctx.user.id,
        happened_at: happenedAt,
        entered_at: new Date(ctx.now),
        entered_late: enteredLate,
        idempotency_key: key ?? null,
        response: JSON.stringify(answer),
      });
      return answer;
    },
  });
}

import type { Kysely, Transaction } from 'kysely';
import type { TowEventResult, TugPageData, TugStatus } from '@flightline/domain/api/types';
import { clubDayBounds, clubToday, isMembershipActive } from '@flightline/domain/time/club-time';
import type { TowEvent } from '@flightline/domain/schemas/flights';
import { compareText } from '@flightline/domain/club/text-order';
import { formatHundredths, hobbsBelowMessage, hundredthsOfNumber } from '@flightline/domain/flights/tugs';
import type { DB } from '../../db/schema.ts';
import { assertSameClub, type MemberContext } from '../../http/context.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { lockTugForLog } from '../fleet/repo.ts';
import { findPilotWithName, listTowPilotRows } from '../members/repo.ts';
import { once } from '../once.ts';
import {
  findEventByKey,
  insertTowEvent,
  lastCheckInBefore,
  lastEvents,
  listTugReadings,
  type TowEventRow,
  type TugReadingRow,
} from './repo.ts';

/**
 * The tugs' log (domain rules "Tugs"): check in, check out, refuel and oil change, appended to tow_event
 * with the Hobbs reading in hundredths of an hour. Any active member may log
 * — tow pilots and line crew both keep the tugs' log; tow pilots are only
 * the choices for who is checked in. See docs/tugs.md.
 */

/** Hundredths of an hour (as stored) → hours with 2 decimals; null when the tug has no such event. */
export const hoursOf = (hundredths: number | null | undefined): number | null =>
  hundredths === null || hundredths === undefined ? null : hundredths / 100;

/**
 * Every tug of the club (Ready and Not ready) by registration, with its last
 * Hobbs readings and the checked-in tow pilot. One statement: the line page
 * polls it every 10 seconds from every phone at the field.
 */
export async function listTugStatuses(db: Kysely<DB>, clubId: string): Promise<TugStatus[]> {
  return tugStatusesOf(await listTugReadings(db, clubId));
}

/** The tugs as the API answers them, from their readings (listTugReadings), by registration. */
export function tugStatusesOf(rows: TugReadingRow[]): TugStatus[] {
  return rows
    .map((row): TugStatus => {
      const checkedIn = row.shift_kind === 'checkIn' && row.shift_pilot !== null;
      return {
        id: row.id,
        aircraftType: row.aircraft_type,
        status: row.status,
        lastHobbs: hoursOf(row.last_hobbs),
        lastOilHobbs: hoursOf(row.last_oil_hobbs),
        lastFuelHobbs: hoursOf(row.last_fuel_hobbs),
        lastPilotHobbs: hoursOf(row.last_pilot_hobbs),
        currentPilot: checkedIn ? row.shift_pilot! : '',
        pilotName: checkedIn ? `${row.pilot_first ?? ''} ${row.pilot_last ?? ''}`.trim() : '',
      };
    })
    .sort((a, b) => compareText(a.id, b.id) || a.id.localeCompare(b.id));
}

/** GET /api/get-tugs: every tug with its readings, and the active tow pilots (the check-in choices) by full name. */
export async function getTugPage(db: Kysely<DB>, ctx: MemberContext): Promise<TugPageData> {
  const [tugs, pilotRows] = await Promise.all([listTugStatuses(db, ctx.club.id), listTowPilotRows(db, ctx.club.id)]);
  const towPilots = pilotRows
    .filter((row) =>
      isMembershipActive(
        { isActive: row.is_active, activeExpiration: row.active_expiration },
        ctx.club.time_zone,
        ctx.now,
      ),
    )
    .map((row) => ({ userID: row.user_id, first: row.firstName, last: row.lastName }))
    .sort((a, b) => compareText(`${a.first} ${a.last}`, `${b.first} ${b.last}`) || a.userID.localeCompare(b.userID));
  return { tugs, towPilots };
}

type Kind = TowEventRow['kind'];

/** How far ahead of the server's clock an event's time may be: phones' clocks drift. */
const FUTURE_TOLERANCE_MS = 5 * 60 * 1000;

/** The one event a payload asks for; the tug page sends one mode at a time. */
function kindOf(data: TowEvent['data']): Kind {
  const asked: Kind[] = [];
  if (data.pilot !== '') asked.push('checkIn');
  if (data.pilotLogOut) asked.push('checkOut');
  if (data.oil) asked.push('oil');
  if (data.fuel > 0) asked.push('refuel');
  if (asked.length === 0)
    throw badRequest(
      'Nothing to record: choose a tow pilot to check in, check out, an oil change, or enter the fuel added',
    );
  if (asked.length > 1) throw badRequest('Send one tow event at a time: check in, check out, refuel or oil change');
  return asked[0]!;
}

const fullName = (person: { firstName: string | null; lastName: string | null }) =>
  `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim();

/** The answer's message, the same when a retry replays it. */
function eventMessage(
  event: Pick<TowEventRow, 'kind' | 'tug' | 'hobbs_hundredths' | 'fuel_centilitres'>,
  pilotName: string,
): string {
  const at = `${formatHundredths(event.hobbs_hundredths)} h`;
  switch (event.kind) {
    case 'checkIn':
      return `${pilotName} checked in on ${event.tug} at ${at}`;
    case 'checkOut':
      return `${pilotName || 'The pilot'} checked out of ${event.tug} at ${at}`;
    case 'refuel':
      return `Refuel of ${formatHundredths(event.fuel_centilitres)} L on ${event.tug} at ${at} recorded`;
    case 'oil':
      return `Oil change on ${event.tug} at ${at} recorded`;
  }
}

/** The pilot an event concerns: the one checked in, or for a check out the one whose shift it ended. */
async function eventPilotName(db: Kysely<DB>, clubId: string, event: TowEventRow): Promise<string> {
  const pilotId =
    event.kind === 'checkIn'
      ? event.pilot
      : event.kind === 'checkOut'
        ? await lastCheckInBefore(db, clubId, event.tug, event.id)
        : null;
  if (!pilotId) return '';
  const pilot = await findPilotWithName(db, clubId, pilotId);
  return pilot ? fullName(pilot) : '';
}

async function answer(db: Kysely<DB>, clubId: string, event: TowEventRow, pilotName: string): Promise<TowEventResult> {
  const tugs = await listTugStatuses(db, clubId);
  const tug = tugs.find((t) => t.id === event.tug)!;
  return { statusCode: 200, message: eventMessage(event, pilotName), tug };
}

/**
 * The event's rules, decided with the tug row-locked so two phones logging
 * the same tug at once are taken one after the other: a Hobbs reading never
 * goes below the last; a check out needs a checked-in pilot; a check in of a
 * new pilot while another is checked in records the other's check out first
 * (a shift change at the tug, as the line crew logs it), and checking in the
 * pilot already checked in is refused.
 */
async function record(
  trx: Transaction<DB>,
  ctx: MemberContext,
  data: TowEvent['data'],
  kind: Kind,
  idempotencyKey: string | undefined,
  happenedAt: Date,
): Promise<{ event: TowEventRow; pilotName: string }> {
  const clubId = ctx.club.id;
  const tug = await lockTugForLog(trx, clubId, data.tug);
  if (!tug) throw notFound(`No tug ${data.tug} at this club`);
  const hobbs = hundredthsOfNumber(data.hobbs);
  const { last, shift } = await lastEvents(trx, clubId, tug.id);
  if (last && hobbs < last.hobbs_hundredths) throw badRequest(hobbsBelowMessage(tug.id, hobbs, last.hobbs_hundredths));
  const checkedIn = shift?.kind === 'checkIn' ? shift.pilot : null;
  const base = { club_id: clubId, tug: tug.id, happened_at: happenedAt, by: ctx.user.id, hobbs_hundredths: hobbs };

  if (kind === 'checkOut') {
    if (!checkedIn) throw conflict(`No pilot is checked in on ${tug.id}`);
    const pilot = await findPilotWithName(trx, clubId, checkedIn);
    const event = await insertTowEvent(trx, { ...base, kind, idempotency_key: idempotencyKey ?? null });
    return { event, pilotName: pilot ? fullName(pilot) : '' };
  }
  if (kind === 'checkIn') {
    const pilot = await findPilotWithName(trx, clubId, data.pilot);
    if (!pilot) throw notFound('No such member at this club');
    const name = fullName(pilot);
    if (
      !isMembershipActive(
        { isActive: pilot.is_active, activeExpiration: pilot.active_expiration },
        ctx.club.time_zone,
        ctx.now,
      )
    ) {
      throw badRequest(`${name} is not an active member of this club`);
    }
    if (!pilot.is_tow_pilot)
      throw badRequest(`${name} is not a tow pilot: an admin can set Tow Pilot in Administration`);
    if (checkedIn === pilot.user_id) throw conflict(`${name} is already checked in on ${tug.id}`);
    if (checkedIn) await insertTowEvent(trx, { ...base, kind: 'checkOut', idempotency_key: null });
    const event = await insertTowEvent(trx, {
      ...base,
      kind,
      pilot: pilot.user_id,
      idempotency_key: idempotencyKey ?? null,
    });
    return { event, pilotName: name };
  }
  const fuel = kind === 'refuel' ? hundredthsOfNumber(data.fuel) : 0;
  const event = await insertTowEvent(trx, {
    ...base,
    kind,
    fuel_centilitres: fuel,
    idempotency_key: idempotencyKey ?? null,
  });
  return { event, pilotName: '' };
}

/**
 * When the event happened: `time`, the tap, which a phone's outbox may
 * deliver minutes later, or now. Not in the future (beyond the phones' clock
 * drift), not before today in the club's zone.
 */
function happenedAt(ctx: MemberContext, time: number | undefined): Date {
  const ms = time ?? ctx.now;
  if (ms > ctx.now + FUTURE_TOLERANCE_MS)
    throw badRequest("The time of the tow event is in the future: check the phone's clock");
  const today = clubToday(ctx.club.time_zone, ctx.now);
  if (ms < clubDayBounds(today, ctx.club.time_zone).startMs)
    throw badRequest(`The time of the tow event is before today (${today}): log today's events only`);
  return new Date(ms);
}

/**
 * POST /api/create-tow/: one tow event on one of the club's tugs, at `time`
 * (default now, not in the future, not before today). The same idempotency
 * key twice records once and answers the same message — also when the two
 * race (the tug's lock and the unique (club_id, idempotency_key) decide, the
 * loser replays the winner), and also after midnight (modules/once.ts).
 */
export async function createTowEvent(db: Kysely<DB>, ctx: MemberContext, input: TowEvent): Promise<TowEventResult> {
  assertSameClub(ctx, input.club);
  const { data, idempotencyKey } = input;
  const kind = kindOf(data);
  const clubId = ctx.club.id;
  return once(db, {
    write: { name: 'tow-event' },
    key: idempotencyKey,
    recorded: (reader, key) => findEventByKey(reader, clubId, key),
    sender: { id: ctx.user.id, of: (found) => found.by },
    // The event its key recorded, answered again (its pilot's name read again); a key reused for another event is
    // refused.
    replay: async (reader, found) =>
      found.tug === data.tug && found.kind === kind
        ? answer(reader, clubId, found, await eventPilotName(reader, clubId, found))
        : undefined,
    keyUsed: (found) =>
      `This idempotency key was already used for a ${found.kind} of ${found.tug}; send a new key for a new tow event`,
    run: (trx) => record(trx, ctx, data, kind, idempotencyKey, happenedAt(ctx, data.time)),
    answer: (reader, recorded) => answer(reader, clubId, recorded.event, recorded.pilotName),
  });
}

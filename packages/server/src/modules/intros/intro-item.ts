import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import type { IntroItem, UpdateItemResult } from '@flightline/domain/api/types';
import { updateIntroSchema } from '@flightline/domain/schemas/flights';
import { introCancelSchema, introRefundSchema, introWriteDownSchema } from '@flightline/domain/schemas/intros';
import type { DB, FlightTable } from '../../db/schema.ts';
import { assertSameClub, hasRight, requireRight, type MemberContext } from '../../http/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { UUID } from '../../http/params.ts';
import { describeZodError } from '../../http/route.ts';
import type { ItemHandler, ItemUpdate } from '../item-handler.ts';
import { cancelIntro } from './cancel-service.ts';
import { renameIntroPassenger } from './passenger-service.ts';
import { refundIntro } from './refund-service.ts';
import { findIntro, findIntroForUpdate, updateIntro, type IntroRow } from './repo.ts';
import { introItem } from './service.ts';
import { writeDownIntro } from './write-down-service.ts';

/**
 * update-item INTRO (docs/flight-line.md "Intros on the crew page"): the crew page's
 * passenger rename and flight link, and the back office's Refund and Cancel
 * (data.action).
 */

/** A flight of the club as an intro link sees it: who flies it, who placed it, which intro it holds. */
type LinkedFlight = Pick<Selectable<FlightTable>, 'id' | 'user_id' | 'submitted_by' | 'intro_id' | 'cancelled_at'>;

/**
 * Reads a flight of the club as an intro link sees it: the flights module's
 * (flights/repo.ts findLinkedFlight), which sits above the intros and is
 * handed in by the item registry.
 */
export type LinkedFlightReader = (
  db: Kysely<DB>,
  clubId: string,
  flightId: string,
) => Promise<LinkedFlight | undefined>;

const renameSchema = updateIntroSchema.partial({ id: true });
const linkSchema = z.object({ flightRef: z.string().max(100) }).strict();

type Input = ItemUpdate<MemberContext>;
type Result = UpdateItemResult<IntroItem>;

function parse<S extends z.ZodType>(schema: S, data: unknown, what: string): z.infer<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw badRequest(`Invalid ${what}: ${describeZodError(parsed.error)}`);
  return parsed.data;
}

/**
 * Rename the passenger. Admins and intro sellers (Can Add Intros) rename any
 * intro; any other active member an intro a flight can still take (the crew
 * page's Edit Passenger) or one on a flight they fly or placed.
 */
async function rename(
  db: Kysely<DB>,
  input: Input,
  intro: IntroRow,
  data: z.infer<typeof renameSchema>,
  flightPeople: LinkedFlightReader,
): Promise<Result> {
  return db.transaction().execute(async (trx) => {
    const locked = (await findIntroForUpdate(trx, input.ctx.club.id, intro.id))!;
    if (!hasRight(input.ctx, 'canAddIntros')) {
      const available = locked.refunded_at === null && locked.cancelled_at === null && locked.flight_ref === null;
      const flight =
        locked.flight_ref === null ? undefined : await flightPeople(trx, input.ctx.club.id, locked.flight_ref);
      const ownFlight =
        flight !== undefined && (flight.user_id === input.ctx.user.id || flight.submitted_by === input.ctx.user.id);
      if (!available && !ownFlight) {
        throw forbidden(
          'Only an admin or a member who can add intros can rename the ' +
            'passenger of an intro that is used, refunded or cancelled',
        );
      }
    }
    const renamed = await renameIntroPassenger(trx, locked, data);
    return { statusCode: 200, message: 'Intro updated successfully', item: introItem(renamed) };
  });
}

/**
 * The link follows the flight: a flight request with the intro sets it, and
 * removing the flight from the line clears it. This call confirms a link the
 * flight already has, or clears a link to a flight that no longer holds the
 * intro; relinking to another flight is a flight log edit.
 */
async function link(
  db: Kysely<DB>,
  input: Input,
  intro: IntroRow,
  flightRef: string,
  flightPeople: LinkedFlightReader,
): Promise<Result> {
  return db.transaction().execute(async (trx) => {
    const locked = (await findIntroForUpdate(trx, input.ctx.club.id, intro.id))!;
    const current =
      locked.flight_ref === null ? undefined : await flightPeople(trx, input.ctx.club.id, locked.flight_ref);
    const holds = (flight: typeof current) =>
      flight !== undefined && flight.intro_id === locked.id && flight.cancelled_at === null;
    if (flightRef === '') {
      if (holds(current))
        throw conflict(`Intro ${locked.sn} is on flight ${locked.flight_ref}: remove the flight from the line first`);
      const cleared =
        locked.flight_ref === null ? locked : await updateIntro(trx, locked.club_id, locked.id, { flight_ref: null });
      return { statusCode: 200, message: 'Intro updated successfully', item: introItem(cleared) };
    }
    const target = await flightPeople(trx, input.ctx.club.id, flightRef.toLowerCase());
    if (!target) throw notFound('Flight not found');
    if (!holds(target))
      throw conflict(`Intro ${locked.sn} is not on flight ${target.id}: choose the intro when requesting the flight`);
    const linked =
      locked.flight_ref === target.id
        ? locked
        : await updateIntro(trx, locked.club_id, locked.id, { flight_ref: target.id });
    return { statusCode: 200, message: 'Intro updated successfully', item: introItem(linked) };
  });
}

/**
 * Refund or Cancel (data.action): admin or Can Add Intros; WriteDown: admin. The intro of another club is not
 * found.
 */
async function closeIntro(db: Kysely<DB>, input: Input, data: { action?: unknown }): Promise<Result> {
  if (data.action === 'WriteDown') {
    if (!hasRight(input.ctx, 'admin')) throw forbidden('Only an admin can write down an intro');
    const writeDown = parse(introWriteDownSchema, data, 'write-down');
    if (writeDown.id.toLowerCase() !== input.id.toLowerCase())
      throw badRequest('The intro id in data does not match the id of the update');
    if (!UUID.test(input.id)) throw notFound('Intro not found');
    return writeDownIntro(db, input.ctx, input.id.toLowerCase(), writeDown);
  }
  requireRight(input.ctx, 'canAddIntros');
  const change =
    data.action === 'Refund'
      ? parse(introRefundSchema, data, 'refund')
      : data.action === 'Cancel'
        ? parse(introCancelSchema, data, 'cancellation')
        : undefined;
  if (!change) throw badRequest('Invalid data: INTRO action must be Refund, Cancel or WriteDown');
  if (change.id.toLowerCase() !== input.id.toLowerCase())
    throw badRequest('The intro id in data does not match the id of the update');
  if (!UUID.test(input.id)) throw notFound('Intro not found');
  const id = input.id.toLowerCase();
  return change.action === 'Refund' ? refundIntro(db, input.ctx, id, change) : cancelIntro(db, input.ctx, id, change);
}

/** update-item INTRO: a rename, a flight link, or Refund, Cancel or WriteDown (data.action). */
async function updateIntroItem(db: Kysely<DB>, input: Input, flightPeople: LinkedFlightReader): Promise<Result> {
  assertSameClub(input.ctx, input.club);
  const data = input.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw badRequest('Invalid data: INTRO data must be an object');
  if ('action' in data) return closeIntro(db, input, data as { action?: unknown });
  if (!UUID.test(input.id)) throw notFound('Intro not found');
  const intro = await findIntro(db, input.ctx.club.id, input.id.toLowerCase());
  if (!intro) throw notFound('Intro not found');
  if ('flightRef' in data) {
    return link(db, input, intro, parse(linkSchema, data, 'intro link').flightRef.trim(), flightPeople);
  }
  const change = parse(renameSchema, data, 'intro');
  if (change.id !== undefined && change.id.toLowerCase() !== intro.id)
    throw badRequest('The intro id in data does not match the id of the update');
  if (change.recipientFirst === undefined && change.recipientLast === undefined) {
    throw badRequest(
      'Invalid data: INTRO data must be a passenger rename ' +
        '(recipientFirst, recipientLast) or a flight link (flightRef)',
    );
  }
  return rename(db, input, intro, change, flightPeople);
}

/** update-item INTRO's handler, reading the flights intros are linked to with `findLinkedFlight`. */
export function introItemHandler(findLinkedFlight: LinkedFlightReader): ItemHandler<'member'> {
  /** The intro's flight, when it is on one (a flight id is a UUID). */
  const flightPeople: LinkedFlightReader = (db, clubId, flightId) =>
    UUID.test(flightId) ? findLinkedFlight(db, clubId, flightId) : Promise.resolve(undefined);
  return { access: 'member', update: (db, input) => updateIntroItem(db, input, flightPeople) };
}

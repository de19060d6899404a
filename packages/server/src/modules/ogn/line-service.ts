import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { decideOgnDetection, getOgnDevice, getOgnLine, ognDecisionBody } from '@flightline/domain/api/ogn';
import { clubToday } from '@flightline/domain/time/club-time';
import { OGN_KEY_PREFIX, releaseHeightInUnit } from '@flightline/domain/ogn/settings';
import type { DB } from '../../db/schema.ts';
import type { MemberContext } from '../../http/context.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { updateFlight } from '../flights/line-service.ts';
import { findFlight } from '../flights/repo.ts';
import { decideDetection, findDevice, findFeedState, lockDetection, openDetections } from './repo.ts';

/** The line page's OGN calls (docs/ogn.md "On the line"). */

type OgnLine = z.output<typeof getOgnLine.answer>;
type Decision = z.output<typeof ognDecisionBody>;
type Decided = z.output<typeof decideOgnDetection.answer>;

/** The holder writes each club's state every 30 s: older than this, no process holds the feed. */
const STATE_STALE_MS = 2 * 60_000;
/** No beacon for this long: the line page says so. */
const QUIET_MS = 5 * 60_000;

export async function readOgnLine(db: Kysely<DB>, ctx: MemberContext): Promise<OgnLine> {
  const club = ctx.club;
  if (club.ogn_mode === 'off')
    return { mode: 'off', state: 'off', aircraftInRange: 0, lastBeaconMs: null, detections: [] };
  const [state, rows] = await Promise.all([
    findFeedState(db, club.id),
    openDetections(db, club.id, clubToday(club.time_zone, ctx.now)),
  ]);
  const lastBeaconMs = state?.last_beacon_at?.getTime() ?? null;
  let feedState: OgnLine['state'];
  if (!state || ctx.now - state.updated_at.getTime() > STATE_STALE_MS) feedState = 'waiting';
  else if (!state.connected) feedState = 'connecting';
  else if (lastBeaconMs === null || ctx.now - lastBeaconMs > QUIET_MS) feedState = 'quiet';
  else feedState = 'receiving';
  const detections: OgnLine['detections'] = [];
  for (const row of rows) {
    // A suggestion a crew's tap has overtaken (launched, landed, removed meanwhile) is not offered.
    if (row.status === 'suggested' && row.flight_id) {
      const flight = await findFlight(db, club.id, row.flight_id);
      if (!flight || flight.cancelled_at !== null) continue;
      if (row.kind === 'takeoff' && flight.launched_at !== null) continue;
      if (row.kind === 'landing' && flight.landed_at !== null) continue;
      if (row.kind === 'release' && flight.release_height > 0) continue;
    }
    detections.push({
      id: row.id,
      kind: row.kind,
      status: row.status as 'suggested' | 'unmatched',
      glider: row.glider,
      happenedAt: row.happened_at.getTime(),
      tug: row.tug,
      releaseHeight:
        row.release_height_metres === null ? null : releaseHeightInUnit(row.release_height_metres, club.height_unit),
      flightId: row.flight_id,
    });
  }
  return {
    mode: club.ogn_mode,
    state: feedState,
    aircraftInRange: state?.aircraft_in_range ?? 0,
    lastBeaconMs,
    detections,
  };
}

/**
 * Accept a suggestion or assign an unmatched takeoff: the line service's own
 * actions, as the caller (whoever may launch: every active member), at the
 * detected times, with keys made from the event key and the caller — a
 * second tap replays, another person's accept is told who launched. Dismiss
 * takes it off the list. The detection is decided in its own transaction
 * after the actions: a refused action leaves it listed.
 */
export async function decideOgn(db: Kysely<DB>, ctx: MemberContext, body: Decision): Promise<Decided> {
  const club = ctx.club;
  const row = await db.transaction().execute((trx) => lockDetection(trx, club.id, body.id));
  if (!row) throw notFound('No such OGN detection');
  if (row.status === 'dismissed') throw conflict('This detection was dismissed');
  if (body.decision === 'dismiss') {
    if (row.status === 'accepted') throw conflict('This detection was recorded already');
    await db.transaction().execute((trx) =>
      decideDetection(trx, club.id, row.id, {
        status: 'dismissed',
        decided_by: ctx.user.id,
        decided_at: new Date(ctx.now),
      }),
    );
    return { statusCode: 200, message: 'Dismissed', flight: null };
  }
  const flightId = row.status === 'unmatched' ? body.flightId : (row.flight_id ?? undefined);
  if (!flightId) throw badRequest('Choose the waiting request this takeoff was');
  if (row.status === 'accepted' && row.flight_id !== flightId)
    throw conflict('This detection was recorded on another flight');
  const key = (what: string) => `${OGN_KEY_PREFIX}${row.event_key}:${what}:${ctx.user.id}`;
  const base = { club: club.id, id: flightId };
  let answer;
  if (row.kind === 'takeoff') {
    answer = await updateFlight(db, ctx, {
      ...base,
      action: 'Launch',
      time: row.happened_at.getTime(),
      tug: row.tug ?? '',
      towPilot: '',
      idempotencyKey: key('launch'),
    });
  }
  if (row.release_height_metres !== null && row.kind !== 'landing') {
    answer = await updateFlight(db, ctx, {
      ...base,
      action: 'ReleaseHeight',
      time: (row.off_tow_at ?? row.happened_at).getTime(),
      releaseHeight: releaseHeightInUnit(row.release_height_metres, club.height_unit),
      overwrite: false,
      idempotencyKey: key('release'),
    });
  }
  if (row.kind === 'landing') {
    answer = await updateFlight(db, ctx, {
      ...base,
      action: 'Landing',
      time: row.happened_at.getTime(),
      idempotencyKey: key('landing'),
    });
  }
  await db.transaction().execute((trx) =>
    decideDetection(trx, club.id, row.id, {
      status: 'accepted',
      decided_by: ctx.user.id,
      decided_at: new Date(ctx.now),
      flight_id: flightId,
    }),
  );
  return { statusCode: 200, message: 'Recorded from OGN', flight: answer?.flight ?? null };
}

type DeviceAnswer = z.output<typeof getOgnDevice.answer>;

/** The device database's entry: a registration the owner asked not to show is left out. */
export async function lookUpDevice(db: Kysely<DB>, flarmId: string): Promise<DeviceAnswer> {
  const row = await findDevice(db, flarmId.toUpperCase());
  if (!row) return { device: null };
  return {
    device: {
      deviceId: row.device_id,
      deviceType: row.device_type,
      aircraftModel: row.aircraft_model,
      registration: row.identified ? row.registration : '',
      cn: row.identified ? row.cn : '',
      tracked: row.tracked,
      identified: row.identified,
    },
  };
}

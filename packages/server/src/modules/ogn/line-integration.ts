import type { Kysely } from 'kysely';
import { clubToday, clubDayOf } from '@flightline/domain/time/club-time';
import type { FlightEvent, LandingEvent, ReleaseEvent, TakeoffEvent } from '@flightline/domain/ogn/detector';
import { OGN_KEY_PREFIX, OGN_USER_ID, releaseHeightInUnit } from '@flightline/domain/ogn/settings';
import type { UpdateFlight } from '@flightline/domain/schemas/flights';
import type { DB } from '../../db/schema.ts';
import type { MemberContext, PilotRow } from '../../http/context.ts';
import { HttpError } from '../../http/errors.ts';
import type { ClubRecord } from '../clubs/repo.ts';
import { updateFlight } from '../flights/line-service.ts';
import { findActionByKey, findFlight, unfinishedFlightOfGlider } from '../flights/repo.ts';
import { addReleaseToDetection, insertDetection } from './repo.ts';

/**
 * What the line does with one club's detected events (docs/ogn.md "On the
 * line"). A glider's takeoff is matched to the request for that glider
 * waiting when it took off (submitted before it); the launch is recorded
 * once the tow is known — at the release, which names the tug, or, when no
 * tug of the club took off within 90 s of the glider (a winch launch), 90 s
 * after the takeoff — always at the detected takeoff time, through the line
 * service's Launch (the tug's checked-in tow pilot with it), then its
 * release height and off-tow time through ReleaseHeight, and the landing
 * through Landing: the same services as a tap, each with the key
 * `ogn:<event key>`, so a replay or a second process records nothing twice.
 * In suggest mode the same moments make a suggestion instead; a takeoff with
 * no waiting request is listed as unmatched. A tug's own flights make no
 * glider flight; gliders whose owners asked not to be tracked are never recorded.
 */

/** No tug of the club took off within this of the glider: not an aerotow. */
const TOW_PAIR_WINDOW_MS = 90_000;
/** A tow not released after this is launched without its tug (the crew can correct it in the log). */
const TOW_GIVE_UP_MS = 15 * 60_000;

export interface ClubFleet {
  /** Device address → glider registration. */
  gliders: Map<string, string>;
  /** Device address → tug registration. */
  tugs: Map<string, string>;
  /** Addresses whose owners asked in the device database not to be tracked. */
  untracked: Set<string>;
}

interface PendingTakeoff {
  takeoff: TakeoffEvent;
  /** The request it matched, or null: listed as unmatched. */
  flightId: string | null;
  /** When the feed's clock passes this with no tug of the club taking off near the glider, it was no aerotow. */
  decideAtMs: number;
}

/** Who records the feed's actions: migration 0024's user, in no club's member list; line actions read no right. */
function feedContext(club: ClubRecord, now: number): MemberContext {
  return {
    user: { id: OGN_USER_ID, email: '', firstName: 'OGN', lastName: '' },
    club,
    pilot: {} as PilotRow,
    isActive: true,
    clubVersion: 0,
    now,
  };
}

export interface ClubIntegrator {
  /** Handle the detector's events, in order. */
  handle(events: readonly FlightEvent[], feedClockMs: number | null): Promise<void>;
  /** The feed's clock moved on (a beacon or a quiet tick): settle the tows that waited long enough. */
  tick(feedClockMs: number | null): Promise<void>;
  setClub(club: ClubRecord, fleet: ClubFleet): void;
}

export function createClubIntegrator(
  db: Kysely<DB>,
  initialClub: ClubRecord,
  initialFleet: ClubFleet,
  now: () => number,
  log: (message: string) => void,
): ClubIntegrator {
  let club = initialClub;
  let fleet = initialFleet;
  const pending = new Map<string, PendingTakeoff>();
  const tugTakeoffs = new Map<string, number>();

  const mode = () => club.ogn_mode;
  const dayOf = (ms: number) => clubDayOf(ms, club.time_zone);

  /**
   * A line action through the line service, as the feed; a refusal (the crew got there first) is logged, not
   * thrown.
   */
  async function act(body: UpdateFlight): Promise<boolean> {
    try {
      await updateFlight(db, feedContext(club, now()), body);
      return true;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode < 500) {
        log(`OGN: ${club.name}: ${body.action} of flight ${body.id} not recorded: ${error.message}`);
        return false;
      }
      throw error;
    }
  }

  /** The request for this glider waiting at `timeMs` (submitted before it), if any. */
  async function waitingFlight(glider: string, timeMs: number): Promise<string | null> {
    const unfinished = await unfinishedFlightOfGlider(db, club.id, glider);
    if (!unfinished) return null;
    const flight = await findFlight(db, club.id, unfinished.id);
    if (!flight || flight.launched_at !== null || flight.submitted_at.getTime() > timeMs) return null;
    return flight.id;
  }

  /** The glider's flight in the air (launched, not landed), if any. */
  async function flyingFlight(glider: string) {
    const unfinished = await unfinishedFlightOfGlider(db, club.id, glider);
    if (!unfinished) return undefined;
    const flight = await findFlight(db, club.id, unfinished.id);
    return flight && flight.launched_at !== null && flight.landed_at === null ? flight : undefined;
  }

  function releaseHeight(release: ReleaseEvent): number {
    return releaseHeightInUnit(release.releaseHeightMetres, club.height_unit);
  }

  /** The tow is known (or known to be none): record the launch, or suggest it, or add it to the unmatched takeoff. */
  async function settleTakeoff(entry: PendingTakeoff, release: ReleaseEvent | null): Promise<void> {
    pending.delete(entry.takeoff.address);
    const glider = fleet.gliders.get(entry.takeoff.address)!;
    const tug = release ? (fleet.tugs.get(release.tugAddress) ?? null) : null;
    const takeoffKey = entry.takeoff.key;
    if (entry.flightId === null) {
      if (release)
        await addReleaseToDetection(db, club.id, takeoffKey, {
          tug,
          release_height_metres: release.releaseHeightMetres,
          off_tow_at: new Date(release.timeMs),
        });
      return;
    }
    if (mode() === 'suggest') {
      await insertDetection(db, {
        club_id: club.id,
        event_key: takeoffKey,
        kind: 'takeoff',
        status: 'suggested',
        glider,
        happened_at: new Date(entry.takeoff.timeMs),
        tug,
        release_height_metres: release?.releaseHeightMetres ?? null,
        off_tow_at: release ? new Date(release.timeMs) : null,
        flight_id: entry.flightId,
        day: dayOf(entry.takeoff.timeMs),
      });
      return;
    }
    const launched = await act({
      club: club.id,
      action: 'Launch',
      id: entry.flightId,
      time: entry.takeoff.timeMs,
      tug: tug ?? '',
      towPilot: '',
      idempotencyKey: OGN_KEY_PREFIX + takeoffKey,
    });
    if (launched && release) {
      await act({
        club: club.id,
        action: 'ReleaseHeight',
        id: entry.flightId,
        time: release.timeMs,
        releaseHeight: releaseHeight(release),
        overwrite: false,
        idempotencyKey: OGN_KEY_PREFIX + release.key,
      });
    }
  }

  async function onTakeoff(event: TakeoffEvent, glider: string): Promise<void> {
    // Recorded already (a detector started afresh after a settings change, replaying the same beacons): nothing new.
    if (await findActionByKey(db, club.id, OGN_KEY_PREFIX + event.key)) return;
    const flightId = await waitingFlight(glider, event.timeMs);
    if (flightId === null) {
      await insertDetection(db, {
        club_id: club.id,
        event_key: event.key,
        kind: 'takeoff',
        status: 'unmatched',
        glider,
        happened_at: new Date(event.timeMs),
        day: dayOf(event.timeMs),
      });
    }
    pending.set(event.address, { takeoff: event, flightId, decideAtMs: event.timeMs + TOW_PAIR_WINDOW_MS });
  }

  async function onRelease(event: ReleaseEvent, glider: string): Promise<void> {
    const entry = pending.get(event.address);
    if (entry) return settleTakeoff(entry, event);
    // Launched already (by a tap, or without its tug): the release height on the flight in the air.
    const flight = await flyingFlight(glider);
    if (!flight) return;
    if (mode() === 'suggest') {
      await insertDetection(db, {
        club_id: club.id,
        event_key: event.key,
        kind: 'release',
        status: 'suggested',
        glider,
        happened_at: new Date(event.timeMs),
        tug: fleet.tugs.get(event.tugAddress) ?? null,
        release_height_metres: event.releaseHeightMetres,
        off_tow_at: new Date(event.timeMs),
        flight_id: flight.id,
        day: dayOf(event.timeMs),
      });
      return;
    }
    if (flight.release_height > 0) return;
    await act({
      club: club.id,
      action: 'ReleaseHeight',
      id: flight.id,
      time: event.timeMs,
      releaseHeight: releaseHeight(event),
      overwrite: false,
      idempotencyKey: OGN_KEY_PREFIX + event.key,
    });
  }

  async function onLanding(event: LandingEvent, glider: string): Promise<void> {
    const entry = pending.get(event.address);
    // Landed before any release: a winch launch or a circuit; the launch first.
    if (entry) await settleTakeoff(entry, null);
    const flight = await flyingFlight(glider);
    if (mode() === 'suggest') {
      // Suggested on the flight in the air, or on the request whose takeoff is still a suggestion.
      const flightId = flight?.id ?? (await waitingFlight(glider, event.timeMs));
      if (!flightId) return;
      await insertDetection(db, {
        club_id: club.id,
        event_key: event.key,
        kind: 'landing',
        status: 'suggested',
        glider,
        happened_at: new Date(event.timeMs),
        flight_id: flightId,
        day: dayOf(event.timeMs),
      });
      return;
    }
    if (!flight || flight.launched_at!.getTime() > event.timeMs) return;
    await act({
      club: club.id,
      action: 'Landing',
      id: flight.id,
      time: event.timeMs,
      idempotencyKey: OGN_KEY_PREFIX + event.key,
    });
  }

  async function tick(feedClockMs: number | null): Promise<void> {
    if (feedClockMs === null) return;
    for (const entry of [...pending.values()]) {
      const start = entry.takeoff.timeMs;
      if (feedClockMs >= start + TOW_GIVE_UP_MS) {
        await settleTakeoff(entry, null);
        continue;
      }
      if (feedClockMs < entry.decideAtMs) continue;
      const towed = [...tugTakeoffs.values()].some((tugMs) => Math.abs(tugMs - start) <= TOW_PAIR_WINDOW_MS);
      if (!towed) await settleTakeoff(entry, null);
      else entry.decideAtMs = Infinity;
    }
    for (const [address, ms] of tugTakeoffs) if (ms < feedClockMs - TOW_GIVE_UP_MS) tugTakeoffs.delete(address);
  }

  return {
    async handle(events, feedClockMs) {
      if (mode() === 'off') return;
      for (const event of events) {
        if (fleet.untracked.has(event.address)) continue;
        // Only today's events: a replayed yesterday is not the line's.
        if (dayOf(event.timeMs) !== clubToday(club.time_zone, now())) continue;
        if (fleet.tugs.has(event.address)) {
          if (event.kind === 'takeoff') tugTakeoffs.set(event.address, event.timeMs);
          continue;
        }
        const glider = fleet.gliders.get(event.address);
        if (glider === undefined) continue;
        if (event.kind === 'takeoff') await onTakeoff(event, glider);
        else if (event.kind === 'release') await onRelease(event, glider);
        else await onLanding(event, glider);
      }
      await tick(feedClockMs);
    },
    tick,
    setClub(next, nextFleet) {
      club = next;
      fleet = nextFleet;
    },
  };
}

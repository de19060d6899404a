import { randomBytes, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import { APP_VERSION } from '@flightline/domain/api/app-version';
import { parseBeacon } from '@flightline/domain/ogn/beacon';
import { createFlightDetector, type FlightDetector } from '@flightline/domain/ogn/detector';
import { distanceMetres } from '@flightline/domain/ogn/track';
import type { DB } from '../../db/schema.ts';
import { clubsWithOgnFeed, type ClubRecord } from '../clubs/repo.ts';
import { listItems } from '../fleet/repo.ts';
import { startAprsClient, type AprsClient } from './aprs-client.ts';
import { createClubIntegrator, type ClubFleet, type ClubIntegrator } from './line-integration.ts';
import { releaseLease, saveFeedState, takeLease, untrackedDevices } from './repo.ts';

/**
 * The OGN feed (docs/ogn.md "The feed"). One APRS-IS connection for the
 * whole installation, whose filter is one `r/lat/lon/km` term per club with
 * the feed on; every beacon goes to every club's detector, and each club
 * keeps to its own radius (the detector ignores beacons beyond it: the
 * server's filter is not trusted). One process of a scaled-out installation
 * holds it — the one holding the lease row (`ogn_feed_lease`, renewed every
 * 5 s for 20 s; on PGlite there is one process) — and another takes over
 * within 25 s of the holder's death. The clubs' settings and fleets are read
 * again every 30 s, so a change applies within a minute without a restart.
 */
export interface OgnFeedOptions {
  /** host:port of the APRS-IS server (OGN_APRS_SERVER). */
  server: string;
  /** The login's callsign; default FL and 6 random hex digits (a read-only login needs no registered call). */
  call?: string;
  settingsPollMs?: number;
  leaseSeconds?: number;
  leaseRenewMs?: number;
  /** How often the detectors' clocks move on without a beacon (a quiet feed). */
  tickMs?: number;
  /** How often each club's state is written when nothing changed. */
  stateWriteMs?: number;
  keepaliveMs?: number;
  silenceMs?: number;
  retryMinMs?: number;
}

export interface OgnFeed {
  /** Whether this process holds the feed. */
  readonly leader: boolean;
  readonly connected: boolean;
  /** Lines received so far (tests and the bench pace a replay by it). */
  readonly linesRead: number;
  /** Resolves once the database work queued so far is done. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

interface ClubFeed {
  club: ClubRecord;
  detector: FlightDetector;
  integrator: ClubIntegrator;
  airfield: string;
  lastBeaconMs: number | null;
  written: { connected: boolean; inRange: number; lastBeacon: boolean; at: number } | null;
}

/** The APRS-IS filter for these clubs: one range term each. */
export function feedFilter(clubs: readonly ClubRecord[]): string {
  return clubs
    .map((c) => `r/${c.ogn_latitude!.toFixed(4)}/${c.ogn_longitude!.toFixed(4)}/${c.ogn_radius_km}`)
    .join(' ');
}

export function loginLine(call: string, clubs: readonly ClubRecord[]): string {
  return `user ${call} pass -1 vers flightline ${APP_VERSION} filter ${feedFilter(clubs)}`;
}

async function readFleet(db: Kysely<DB>, clubId: string): Promise<ClubFleet> {
  const [gliders, tugs] = await Promise.all([listItems(db, 'glider', clubId), listItems(db, 'tug', clubId)]);
  const fleet: ClubFleet = { gliders: new Map(), tugs: new Map(), untracked: new Set() };
  for (const g of gliders) if (g.flarm_id) fleet.gliders.set(g.flarm_id, g.id);
  for (const t of tugs) if (t.flarm_id) fleet.tugs.set(t.flarm_id, t.id);
  fleet.untracked = await untrackedDevices(db, [...fleet.gliders.keys(), ...fleet.tugs.keys()]);
  return fleet;
}

export function startOgnFeed(
  db: Kysely<DB>,
  now: () => number,
  log: (message: string) => void,
  options: OgnFeedOptions,
): OgnFeed {
  const settingsPollMs = options.settingsPollMs ?? 30_000;
  const leaseSeconds = options.leaseSeconds ?? 20;
  const tickMs = options.tickMs ?? 5_000;
  const stateWriteMs = options.stateWriteMs ?? 30_000;
  const call = options.call ?? `FL${randomBytes(3).toString('hex').toUpperCase()}`;
  const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const feeds = new Map<string, ClubFeed>();
  let client: AprsClient | null = null;
  let leader = false;
  let clubs: ClubRecord[] = [];
  let clubsReadAt = -Infinity;
  let closed = false;
  // The database work of the feed, one step at a time and in the feed's order.
  let chain: Promise<void> = Promise.resolve();
  const enqueue = (work: () => Promise<void>) => {
    chain = chain
      .then(work)
      .catch((error: unknown) => log(`OGN: ${error instanceof Error ? error.message : String(error)}`));
  };

  let linesRead = 0;
  function onLine(line: string, receivedMs: number) {
    linesRead++;
    const beacon = parseBeacon(line, receivedMs);
    if (!beacon) return;
    for (const feed of feeds.values()) {
      const c = feed.club;
      if (
        distanceMetres(c.ogn_latitude!, c.ogn_longitude!, beacon.latitude, beacon.longitude) <=
        c.ogn_radius_km * 1000
      ) {
        feed.lastBeaconMs = Math.max(feed.lastBeaconMs ?? 0, beacon.timeMs);
      }
      const events = feed.detector.push(beacon);
      if (events.length) enqueue(() => feed.integrator.handle(events, feed.detector.lastBeaconMs()));
    }
  }

  async function syncClubs(): Promise<void> {
    clubs = await clubsWithOgnFeed(db);
    clubsReadAt = Date.now();
    const seen = new Set<string>();
    for (const club of clubs) {
      seen.add(club.id);
      const fleet = await readFleet(db, club.id);
      const airfield = `${club.ogn_latitude}/${club.ogn_longitude}/${club.ogn_elevation_metres}/${club.ogn_radius_km}`;
      const existing = feeds.get(club.id);
      if (existing && existing.airfield === airfield) {
        existing.club = club;
        existing.integrator.setClub(club, fleet);
        continue;
      }
      const detector = createFlightDetector({
        latitude: club.ogn_latitude!,
        longitude: club.ogn_longitude!,
        elevationMetres: club.ogn_elevation_metres!,
        radiusKm: club.ogn_radius_km,
      });
      feeds.set(club.id, {
        club,
        detector,
        integrator: createClubIntegrator(db, club, fleet, now, log),
        airfield,
        lastBeaconMs: null,
        written: null,
      });
    }
    for (const id of feeds.keys()) if (!seen.has(id)) feeds.delete(id);
  }

  function stopClient() {
    client?.close();
    client = null;
  }

  async function cycle(): Promise<void> {
    if (closed) return;
    if (Date.now() - clubsReadAt >= settingsPollMs || !leader) clubs = await clubsWithOgnFeed(db);
    if (clubs.length === 0) {
      if (leader) await releaseLease(db, holder);
      leader = false;
      stopClient();
      feeds.clear();
      return;
    }
    const wasLeader = leader;
    leader = await takeLease(db, holder, leaseSeconds);
    if (closed) return;
    if (!leader) {
      if (wasLeader) log('OGN: another process holds the feed now');
      stopClient();
      feeds.clear();
      return;
    }
    if (!wasLeader) log(`OGN: this process holds the feed (${clubs.length} club${clubs.length === 1 ? '' : 's'})`);
    if (!wasLeader || Date.now() - clubsReadAt >= settingsPollMs) await syncClubs();
    if (feeds.size === 0) return;
    const login = loginLine(call, clubs);
    if (client) client.setLogin(login);
    else {
      client = startAprsClient({
        server: options.server,
        login,
        onLine,
        onConnected: (connected) => {
          log(`OGN: ${connected ? 'connected to' : 'disconnected from'} ${options.server}`);
          enqueue(writeStates);
        },
        now,
        log,
        keepaliveMs: options.keepaliveMs,
        silenceMs: options.silenceMs,
        retryMinMs: options.retryMinMs,
      });
    }
  }

  /**
   * Each club's state for the line page: written when it changes, and every stateWriteMs (the readers' sign of
   * life).
   */
  async function writeStates(): Promise<void> {
    if (!leader) return;
    const at = Date.now();
    for (const feed of feeds.values()) {
      const inRange = feed.detector.inRange().length;
      const connected = client?.connected ?? false;
      const lastBeacon = feed.lastBeaconMs !== null;
      const w = feed.written;
      if (
        w &&
        w.connected === connected &&
        w.inRange === inRange &&
        w.lastBeacon === lastBeacon &&
        at - w.at < stateWriteMs
      )
        continue;
      await saveFeedState(db, {
        club_id: feed.club.id,
        connected,
        aircraft_in_range: inRange,
        last_beacon_at: feed.lastBeaconMs === null ? null : new Date(feed.lastBeaconMs),
        // The app's clock: the readers compare it with theirs.
        updated_at: new Date(now()),
      });
      feed.written = { connected, inRange, lastBeacon, at };
    }
  }

  function tick() {
    if (!leader) return;
    for (const feed of feeds.values()) {
      const events = feed.detector.advance(now());
      enqueue(() => feed.integrator.handle(events, feed.detector.lastBeaconMs()));
    }
    enqueue(writeStates);
  }

  let cycling = false;
  const runCycle = () => {
    if (cycling) return;
    cycling = true;
    cycle()
      .catch((error: unknown) => log(`OGN: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        cycling = false;
      });
  };
  runCycle();
  const cycleTimer = setInterval(runCycle, options.leaseRenewMs ?? 5_000);
  const tickTimer = setInterval(tick, tickMs);

  return {
    get leader() {
      return leader;
    },
    get connected() {
      return client?.connected ?? false;
    },
    get linesRead() {
      return linesRead;
    },
    settled: () => chain,
    async close() {
      closed = true;
      clearInterval(cycleTimer);
      clearInterval(tickTimer);
      stopClient();
      await chain;
      if (leader) await releaseLease(db, holder).catch(() => {});
      leader = false;
    },
  };
}

/**
 * Takeoffs, releases and landings at one airfield from OGN beacons
 * (docs/ogn.md "The detector"). Pure and driven only by the beacons' own
 * times: the clock is the newest beacon time seen (or what the caller passes
 * to advance()), so a replay at any speed gives the same events.
 */
import type { AircraftType, Beacon } from './beacon.ts';
import { estimateLiftOff, estimateTouchdown, extrapolateTouchdown } from './estimates.ts';
import { TowWatch, type TowCandidate } from './tow.ts';
import { distanceMetres, indexAtOrBefore, median, METRES_PER_FOOT, type Fix } from './track.ts';

export interface Airfield {
  latitude: number;
  longitude: number;
  elevationMetres: number;
  /** Beacons farther than this from the airfield are ignored; 10 km or more keeps aerotows in view. */
  radiusKm: number;
}

interface EventBase {
  /** `${address}:${kind}:${seconds}`: the same flight gives the same key whatever the beacons' order or duplicates. */
  key: string;
  address: string;
  callsign: string;
  aircraftType: AircraftType;
  /** Whole seconds, UTC epoch ms. */
  timeMs: number;
}
/** Lift-off (wheels leave the ground). */
export interface TakeoffEvent extends EventBase {
  kind: 'takeoff';
}
/** Touchdown at this airfield. */
export interface LandingEvent extends EventBase {
  kind: 'landing';
}
/** An aerotowed glider leaving its tug; address is the glider's. */
export interface ReleaseEvent extends EventBase {
  kind: 'release';
  /** The tug that took off with the glider. */
  tugAddress: string;
  tugCallsign: string;
  /** The glider's GPS altitude above mean sea level at the release. */
  altitudeMetres: number;
  /** altitudeMetres − the airfield's elevation. */
  releaseHeightMetres: number;
}
export type FlightEvent = TakeoffEvent | LandingEvent | ReleaseEvent;

/** What the line page shows of an aircraft heard lately. */
export interface AircraftInRange {
  address: string;
  callsign: string;
  aircraftType: AircraftType;
  /** 'unknown' until the detector has seen it on the ground or fly. */
  state: 'unknown' | 'ground' | 'flying';
  lastBeaconMs: number;
  distanceKm: number;
  /** Above the airfield's elevation. */
  heightMetres: number;
  groundSpeedKt: number;
}

export interface FlightDetector {
  /** Takes one parsed beacon; answers the events its arrival settles (usually none). */
  push(beacon: Beacon): FlightEvent[];
  /** Moves the clock on with no beacon (a quiet feed), settling what that time settles. */
  advance(timeMs: number): FlightEvent[];
  /** The end of a replay: settles every beacon still held in the reorder window. */
  finish(): FlightEvent[];
  /** Aircraft heard within IN_RANGE_MS of the clock, nearest first. */
  inRange(): AircraftInRange[];
  /** The newest beacon time seen (any aircraft in the radius), or null. */
  lastBeaconMs(): number | null;
}

/** The thresholds, named for docs/ogn.md; each says why. */
export const THRESHOLDS = {
  /** Beacons are held this long to put lines from several receivers back in time order. */
  reorderWindowMs: 10_000,
  /**
   * Above the aircraft's own ground altitude: GPS altitude wanders ±10 m on the ground, a spike rarely 40 m twice
   * running.
   */
  airborneHeightM: 40,
  /** Below this with… */
  lowHeightM: 20,
  /** …at most this ground speed (a slow roll-out, a taxi)… */
  stoppedKt: 15,
  /** …or low for this long, the aircraft has landed; nothing flies 20 m above the field for 30 s at under 60 kt. */
  lowRunMs: 30_000,
  /** Faster than this near the ground it may be a low pass, not a landing run. */
  lowPassKt: 60,
  /** A track silent longer than this before reappearing low: landed unseen, unless last heard on the circuit. */
  landingGapMs: 2 * 60_000,
  /** Last heard this low (AGL), a silent track that reappears on the ground landed here. */
  circuitHeightM: 250,
  /**
   * A flight last heard this low and near, silent this long, landed: receivers far from the field
   * do not hear the last 50–100 m, and nothing stays up 2 min that low without being heard climbing.
   */
  silentLandingMs: 120_000,
  silentLandingHeightM: 200,
  silentLandingDistanceM: 2_500,
  /** A flight silent longer than this is over; a new fix starts afresh (two days are never one flight). */
  flightHoleMs: 4 * 3_600_000,
  /** First heard climbing below this and this near, an aircraft took off here unheard on the ground. */
  unseenTakeoffHeightM: 300,
  unseenTakeoffDistanceM: 3_000,
  /** A tug's lift-off within this of the glider's makes it a tow candidate. */
  towPairWindowMs: 90_000,
  /** Aircraft listed by inRange(). */
  inRangeMs: 5 * 60_000,
  /** Fixes kept per aircraft: enough for a tow and a circuit. */
  historyMs: 30 * 60_000,
} as const;

/** Types that are towed, never tow. */
const TOWED_TYPES: ReadonlySet<AircraftType> = new Set(['glider', 'hang-glider', 'paraglider']);
/** Types that lift off faster. */
const POWERED_TYPES: ReadonlySet<AircraftType> = new Set(['tow-plane', 'powered', 'drop-plane', 'jet']);

interface Tracked {
  address: string;
  callsign: string;
  aircraftType: AircraftType;
  fixes: Fix[];
  pendingTimes: Set<number>;
  lastCommittedMs: number;
  phase: 'unknown' | 'ground' | 'flying';
  /** Altitudes of recent slow fixes near the field: the aircraft's own idea of ground level. */
  groundAltitudes: number[];
  takeoffMs: number | null;
  tow: TowWatch | null;
  /** When the current run of low fixes began (the history is trimmed, so a time, not an index). */
  lowStartMs: number | null;
  /** The newest beacon heard, committed or not: what the line page shows. */
  lastHeard: Fix;
}

interface Pending {
  address: string;
  fix: Fix;
}

export function createFlightDetector(airfield: Airfield): FlightDetector {
  const aircraft = new Map<string, Tracked>();
  const pending = new Map<number, Pending[]>();
  let clockMs: number | null = null;
  let committedUntilMs = -Infinity;
  const t = THRESHOLDS;

  function distanceFromField(latitude: number, longitude: number): number {
    return distanceMetres(airfield.latitude, airfield.longitude, latitude, longitude);
  }

  function groundLevel(a: Tracked): number {
    return a.groundAltitudes.length >= 3 ? median(a.groundAltitudes) : airfield.elevationMetres;
  }

  function event<K extends FlightEvent['kind']>(a: Tracked, kind: K, timeMs: number) {
    const seconds = Math.round(timeMs / 1000);
    return {
      key: `${a.address}:${kind}:${seconds}`,
      address: a.address,
      callsign: a.callsign,
      aircraftType: a.aircraftType,
      kind,
      timeMs: seconds * 1000,
    };
  }

  function takeOff(a: Tracked, timeMs: number, out: FlightEvent[]) {
    a.phase = 'flying';
    a.takeoffMs = timeMs;
    a.lowStartMs = null;
    a.tow = TOWED_TYPES.has(a.aircraftType) || a.aircraftType === 'unknown' ? new TowWatch(timeMs) : null;
    out.push(event(a, 'takeoff', timeMs));
  }

  function endFlight(a: Tracked, phase: Tracked['phase']) {
    a.phase = phase;
    a.takeoffMs = null;
    a.tow = null;
    a.lowStartMs = null;
  }

  /** One committed fix of one aircraft, in time order. */
  function commit(a: Tracked, fix: Fix, out: FlightEvent[]) {
    const previous = a.fixes[a.fixes.length - 1];
    a.fixes.push(fix);
    a.lastCommittedMs = fix.timeMs;
    while (a.fixes[0]!.timeMs < fix.timeMs - t.historyMs) a.fixes.shift();
    const gapMs = previous ? fix.timeMs - previous.timeMs : Infinity;
    if (a.phase === 'flying' && gapMs > t.flightHoleMs) endFlight(a, 'unknown');
    const height = fix.altitudeMetres - groundLevel(a);

    if (a.phase !== 'flying') {
      if (fix.groundSpeedKt < t.stoppedKt && Math.abs(fix.altitudeMetres - airfield.elevationMetres) < 60) {
        a.groundAltitudes.push(fix.altitudeMetres);
        if (a.groundAltitudes.length > 15) a.groundAltitudes.shift();
      }
      if (height < t.lowHeightM) a.phase = 'ground';
      else if (height >= t.airborneHeightM) detectTakeoff(a, height, out);
      return;
    }

    if (a.tow) {
      const release = a.tow.step(a.fixes, towCandidates(a), fix.timeMs - 3_000);
      if (release) {
        const tug = aircraft.get(release.tugAddress)!;
        out.push({
          ...event(a, 'release', release.timeMs),
          tugAddress: tug.address,
          tugCallsign: tug.callsign,
          altitudeMetres: Math.round(release.altitudeMetres),
          releaseHeightMetres: Math.round(release.altitudeMetres - airfield.elevationMetres),
        });
      }
      if (a.tow.done) a.tow = null;
    }

    const low = height < t.lowHeightM && fix.groundSpeedKt < t.lowPassKt;
    if (!low) {
      a.lowStartMs = null;
      return;
    }
    a.lowStartMs ??= fix.timeMs;
    const lowStart = indexAtOrBefore(a.fixes, a.lowStartMs);
    const start = a.fixes[lowStart]!;
    if (fix.groundSpeedKt > t.stoppedKt && fix.timeMs - start.timeMs < t.lowRunMs) return;
    const approach = a.fixes[lowStart - 1];
    const level = groundLevel(a);
    const approachHeight = approach ? approach.altitudeMetres - level : Infinity;
    const silentMs = approach ? start.timeMs - approach.timeMs : Infinity;
    // Reappearing on the ground after a long silence last heard high: it landed, but when is a guess we do not make.
    if (silentMs > t.landingGapMs && approachHeight > t.circuitHeightM) {
      endFlight(a, 'ground');
      return;
    }
    const touchdown = estimateTouchdown(a.fixes, lowStart, level);
    endFlight(a, 'ground');
    out.push(event(a, 'landing', touchdown));
  }

  /** Two fixes running above the airborne height: a flight, from the ground here or arrived from elsewhere. */
  function detectTakeoff(a: Tracked, height: number, out: FlightEvent[]) {
    const fixes = a.fixes;
    const c = fixes.length - 1;
    const previous = fixes[c - 1];
    const level = groundLevel(a);
    if (!previous || fixes[c]!.timeMs - previous.timeMs > 30_000 || previous.altitudeMetres - level < t.airborneHeightM)
      return;
    // The first fix of this airborne run: was the aircraft heard on the ground just before it?
    let first = c;
    while (
      first > 0 &&
      fixes[first - 1]!.altitudeMetres - level >= t.lowHeightM &&
      fixes[first]!.timeMs - fixes[first - 1]!.timeMs <= 30_000
    )
      first--;
    const firstFix = fixes[first]!;
    const firstHeight = firstFix.altitudeMetres - level;
    const heardOnGround = first > 0 && a.phase === 'ground' && firstFix.timeMs - fixes[first - 1]!.timeMs <= 60_000;
    const climbing = height > firstHeight || (firstFix.climbRateMps ?? 0) > 1;
    const nearField = distanceFromField(firstFix.latitude, firstFix.longitude) <= t.unseenTakeoffDistanceM;
    if (heardOnGround || (climbing && nearField && firstHeight <= t.unseenTakeoffHeightM)) {
      takeOff(a, estimateLiftOff(fixes, first, level, t.lowHeightM, POWERED_TYPES.has(a.aircraftType)), out);
    } else {
      // Flying in from elsewhere, or first heard high: tracked, but its takeoff was not here or not seen.
      endFlight(a, 'flying');
    }
  }

  function towCandidates(glider: Tracked): TowCandidate[] {
    const list: TowCandidate[] = [];
    for (const other of aircraft.values()) {
      if (other === glider || other.takeoffMs === null || TOWED_TYPES.has(other.aircraftType)) continue;
      if (Math.abs(other.takeoffMs - glider.takeoffMs!) <= t.towPairWindowMs) list.push(other);
    }
    return list;
  }

  /** Commits every held beacon older than the reorder window, in time order across aircraft. */
  function settle(untilMs: number): FlightEvent[] {
    const out: FlightEvent[] = [];
    if (untilMs <= committedUntilMs) return out;
    committedUntilMs = untilMs;
    const due = [...pending.keys()].filter((time) => time <= untilMs).sort((x, y) => x - y);
    for (const time of due) {
      for (const { address, fix } of pending.get(time)!) {
        const a = aircraft.get(address)!;
        a.pendingTimes.delete(fix.timeMs);
        commit(a, fix, out);
      }
      pending.delete(time);
    }
    for (const a of aircraft.values()) {
      const last = a.fixes[a.fixes.length - 1];
      if (a.phase !== 'flying' || !last || untilMs - last.timeMs < t.silentLandingMs) continue;
      const level = groundLevel(a);
      if (
        last.altitudeMetres - level > t.silentLandingHeightM ||
        distanceFromField(last.latitude, last.longitude) > t.silentLandingDistanceM
      )
        continue;
      endFlight(a, 'ground');
      out.push(event(a, 'landing', extrapolateTouchdown(last, level, last.timeMs + t.silentLandingMs)));
    }
    // Forget aircraft silent for a day: the map stays the size of one day's traffic.
    for (const [address, a] of aircraft) {
      if (a.lastHeard.timeMs < untilMs - 86_400_000 && a.pendingTimes.size === 0) aircraft.delete(address);
    }
    return out;
  }

  function push(beacon: Beacon): FlightEvent[] {
    const distance = distanceFromField(beacon.latitude, beacon.longitude);
    if (distance > airfield.radiusKm * 1000) return [];
    const fix: Fix = {
      timeMs: beacon.timeMs,
      latitude: beacon.latitude,
      longitude: beacon.longitude,
      altitudeMetres: beacon.altitudeFt * METRES_PER_FOOT,
      groundSpeedKt: beacon.groundSpeedKt ?? 0,
      climbRateMps: beacon.climbRateFpm === null ? null : (beacon.climbRateFpm * METRES_PER_FOOT) / 60,
    };
    let a = aircraft.get(beacon.address);
    if (!a) {
      a = {
        address: beacon.address,
        callsign: beacon.callsign,
        aircraftType: beacon.aircraftType,
        fixes: [],
        pendingTimes: new Set(),
        lastCommittedMs: -Infinity,
        phase: 'unknown',
        groundAltitudes: [],
        takeoffMs: null,
        tow: null,
        lowStartMs: null,
        lastHeard: fix,
      };
      aircraft.set(beacon.address, a);
    }
    // A duplicate from a second receiver, or a line later than the reorder window: nothing new.
    if (beacon.timeMs <= a.lastCommittedMs || a.pendingTimes.has(beacon.timeMs) || beacon.timeMs <= committedUntilMs)
      return [];
    a.pendingTimes.add(beacon.timeMs);
    if (fix.timeMs > a.lastHeard.timeMs) a.lastHeard = fix;
    const slot = pending.get(beacon.timeMs);
    if (slot) slot.push({ address: a.address, fix });
    else pending.set(beacon.timeMs, [{ address: a.address, fix }]);
    clockMs = Math.max(clockMs ?? -Infinity, beacon.timeMs);
    return settle(clockMs - t.reorderWindowMs);
  }

  return {
    push,
    advance(timeMs) {
      clockMs = Math.max(clockMs ?? -Infinity, timeMs);
      return settle(clockMs - t.reorderWindowMs);
    },
    finish() {
      return settle(clockMs ?? -Infinity);
    },
    inRange() {
      if (clockMs === null) return [];
      const list: AircraftInRange[] = [];
      for (const a of aircraft.values()) {
        const last = a.lastHeard;
        if (last.timeMs < clockMs - t.inRangeMs) continue;
        list.push({
          address: a.address,
          callsign: a.callsign,
          aircraftType: a.aircraftType,
          state: a.phase,
          lastBeaconMs: last.timeMs,
          distanceKm: Math.round(distanceFromField(last.latitude, last.longitude)) / 1000,
          heightMetres: Math.round(last.altitudeMetres - airfield.elevationMetres),
          groundSpeedKt: last.groundSpeedKt,
        });
      }
      return list.sort((x, y) => x.distanceKm - y.distanceKm);
    },
    lastBeaconMs: () => clockMs,
  };
}

import { describe, expect, it } from 'vitest';
import type { AircraftType, Beacon } from './beacon.ts';
import { createFlightDetector, type Airfield, type FlightEvent, type ReleaseEvent } from './detector.ts';

const FIELD: Airfield = { latitude: 44.1, longitude: -79.6, elevationMetres: 250, radiusKm: 10 };
const T0 = Date.UTC(2026, 5, 15, 15, 0, 0);
const M_PER_DEG = 111_195;

/** [second, metres east, metres north, height above the field, ground speed kt] */
type Point = [number, number, number, number, number];

/** Beacons every stepS seconds along straight lines between points; jitter adds a fixed ±altitude pattern. */
function track(
  address: string,
  type: AircraftType,
  points: Point[],
  options: { stepS?: number; jitterM?: number; skip?: (s: number) => boolean } = {},
): Beacon[] {
  const out: Beacon[] = [];
  const step = options.stepS ?? 1;
  for (let p = 0; p + 1 < points.length; p++) {
    const [s0, x0, y0, h0, v0] = points[p]!;
    const [s1, x1, y1, h1, v1] = points[p + 1]!;
    for (let s = s0; s < s1 || (p + 2 === points.length && s === s1); s += step) {
      if (options.skip?.(s)) continue;
      const f = s1 === s0 ? 0 : (s - s0) / (s1 - s0);
      const jitter = options.jitterM ? options.jitterM * Math.sin(s * 1.7) : 0;
      const height = h0 + (h1 - h0) * f + jitter;
      out.push({
        callsign: `FLR${address}`,
        dstcall: 'OGFLR',
        receiver: 'Home',
        timeMs: T0 + s * 1000,
        latitude: FIELD.latitude + (y0 + (y1 - y0) * f) / M_PER_DEG,
        longitude: FIELD.longitude + (x0 + (x1 - x0) * f) / (M_PER_DEG * Math.cos((FIELD.latitude * Math.PI) / 180)),
        courseDeg: 90,
        groundSpeedKt: Math.round(v0 + (v1 - v0) * f),
        altitudeFt: Math.round((FIELD.elevationMetres + height) / 0.3048),
        climbRateFpm: s1 === s0 ? 0 : Math.round((((h1 - h0) / (s1 - s0)) * 60) / 0.3048),
        turnRateRot: 0,
        aircraftType: type,
        addressType: 'flarm',
        address,
      });
    }
  }
  return out;
}

function replay(beacons: Beacon[], options: { endS?: number } = {}): FlightEvent[] {
  const detector = createFlightDetector(FIELD);
  const sorted = [...beacons].sort((a, b) => a.timeMs - b.timeMs);
  const events = sorted.flatMap((b) => detector.push(b));
  return [...events, ...detector.advance(T0 + (options.endS ?? 20_000) * 1000)];
}

const secondsOf = (e: FlightEvent) => (e.timeMs - T0) / 1000;

/**
 * A glider's aerotow from x=0: rolls at 2.5 kt/s, lifts at 35 kt (14 s), holds low until the tug lifts, climbs to
 * 600 m.
 */
const GLIDER_TOW: Point[] = [
  [-60, 0, 0, 0, 0],
  [0, 0, 0, 0, 0],
  [14, 230, 0, 0, 35],
  [20, 420, 0, 1, 45],
  [24, 560, 0, 8, 55],
  [224, 6_000, 0, 600, 60],
];
const TUG_TOW: Point[] = [
  [-60, 60, 0, 0, 0],
  [0, 60, 0, 0, 0],
  [20, 480, 0, 0, 50],
  [24, 620, 0, 10, 55],
  [224, 6_060, 0, 603, 60],
];

function aerotow(): Beacon[] {
  const glider = track(
    'DDA101',
    'glider',
    [
      ...GLIDER_TOW,
      // Released at 224 s: climbs away north, soars, comes back and lands at 1,500 s.
      [240, 6_300, 300, 610, 50],
      [1_400, 1_000, 0, 100, 55],
      [1_480, 0, 0, 0, 40],
      [1_500, -100, 0, 0, 0],
      [1_800, -100, 0, 0, 0],
    ],
    { skip: (s) => s < 0 && s % 10 !== 0 },
  );
  const tug = track(
    'DDB201',
    'tow-plane',
    [
      ...TUG_TOW,
      // Dives away south and lands at 600 s, taxis back.
      [240, 6_400, -400, 520, 80],
      [580, 500, 0, 30, 70],
      [600, 0, 0, 0, 55],
      [620, -200, 0, 0, 10],
      [900, 0, 0, 0, 0],
    ],
    { skip: (s) => s < 0 && s % 10 !== 0 },
  );
  return [...glider, ...tug];
}

describe('an aerotow', () => {
  const events = replay(aerotow());

  it('gives each aircraft its takeoff and landing, the glider its release and tug', () => {
    expect(events.map((e) => `${e.address} ${e.kind}`).sort()).toEqual([
      'DDA101 landing',
      'DDA101 release',
      'DDA101 takeoff',
      'DDB201 landing',
      'DDB201 takeoff',
    ]);
  });

  it('times the lift-offs and touchdowns within a few seconds', () => {
    const time = (address: string, kind: string) =>
      secondsOf(events.find((e) => e.address === address && e.kind === kind)!);
    expect(Math.abs(time('DDA101', 'takeoff') - 14)).toBeLessThanOrEqual(3);
    // The tug lifts at 50 kt in this calm; its estimate takes 40 kt (45–52 kt less a 0–15 kt headwind): 4 s early.
    expect(Math.abs(time('DDB201', 'takeoff') - 20)).toBeLessThanOrEqual(5);
    expect(Math.abs(time('DDA101', 'landing') - 1_480)).toBeLessThanOrEqual(5);
    expect(Math.abs(time('DDB201', 'landing') - 600)).toBeLessThanOrEqual(5);
  });

  it('names the tug and the release height', () => {
    const release = events.find((e): e is ReleaseEvent => e.kind === 'release')!;
    expect(release.tugAddress).toBe('DDB201');
    expect(Math.abs(secondsOf(release) - 224)).toBeLessThanOrEqual(4);
    expect(Math.abs(release.releaseHeightMetres - 600)).toBeLessThanOrEqual(15);
    expect(release.key).toBe(`DDA101:release:${release.timeMs / 1000}`);
  });

  it('gives the same events for duplicates from several receivers and lines out of order', () => {
    const beacons = aerotow();
    const copies = beacons.flatMap((b) => [b, { ...b, receiver: 'Ridge' }]);
    // Every line delayed 0–7 s at random (seeded), then delivered in order of arrival.
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const arrivals = copies.map((b) => ({ b, at: b.timeMs + random() * 7000 })).sort((x, y) => x.at - y.at);
    const detector = createFlightDetector(FIELD);
    const shuffled = [...arrivals.flatMap(({ b }) => detector.push(b)), ...detector.advance(T0 + 20_000_000)];
    expect(shuffled.map((e) => e.key).sort()).toEqual(events.map((e) => e.key).sort());
  });
});

describe('what is never a flight', () => {
  it('a glider standing with GPS altitude wandering ±15 m', () => {
    expect(
      replay(
        track(
          'DDA101',
          'glider',
          [
            [0, 0, 0, 0, 0],
            [3_600, 0, 0, 0, 1],
          ],
          { stepS: 7, jitterM: 15 },
        ),
      ),
    ).toEqual([]);
  });

  it('a tug running up its engine on the spot, then taxiing at 15 kt', () => {
    const tug = track(
      'DDB201',
      'tow-plane',
      [
        [0, 300, -250, 0, 0],
        [300, 300, -250, 0, 1],
        [360, 300, 300, 0, 15],
        [400, 0, 0, 0, 12],
        [600, 0, 0, 0, 0],
      ],
      { stepS: 2, jitterM: 8 },
    );
    expect(replay(tug)).toEqual([]);
  });

  it('a vehicle driving the runway at 45 kt with a GPS altitude spike of 90 m', () => {
    const car = track(
      '3C0301',
      'ground-support',
      [
        [0, -500, 0, 0, 0],
        [30, 0, 0, 0, 45],
        [60, 700, 0, 0, 45],
        [90, 800, 0, 0, 0],
      ],
      { jitterM: 5 },
    );
    car[40] = { ...car[40]!, altitudeFt: car[40]!.altitudeFt + 300 };
    expect(replay(car)).toEqual([]);
  });

  it('traffic 40 km away, taking off and landing there', () => {
    const away = track('DDC401', 'glider', [
      [0, 40_000, 0, 0, 0],
      [15, 40_200, 0, 0, 35],
      [200, 44_000, 0, 500, 60],
      [900, 40_000, 0, 0, 40],
      [920, 40_000, 0, 0, 0],
    ]);
    const detector = createFlightDetector(FIELD);
    expect(away.flatMap((b) => detector.push(b))).toEqual([]);
    expect(detector.inRange()).toEqual([]);
    expect(detector.lastBeaconMs()).toBeNull();
  });
});

describe('flights of every shape', () => {
  it('a winch launch: 0 to 400 m in 40 s, no tug, no release', () => {
    const glider = track(
      'DDA101',
      'glider',
      [
        [-30, 0, 0, 0, 0],
        [0, 0, 0, 0, 0],
        [4, 40, 0, 0, 35],
        [8, 120, 0, 40, 45],
        [40, 600, 0, 400, 50],
        [600, 2_000, 0, 100, 55],
        [660, 0, 0, 0, 35],
        [680, -50, 0, 0, 0],
      ],
      { skip: (s) => s < 0 && s % 10 !== 0 },
    );
    const events = replay(glider);
    expect(events.map((e) => e.kind)).toEqual(['takeoff', 'landing']);
    expect(Math.abs(secondsOf(events[0]!) - 4)).toBeLessThanOrEqual(2);
    expect(Math.abs(secondsOf(events[1]!) - 660)).toBeLessThanOrEqual(5);
  });

  it('a 4-minute circuit', () => {
    const glider = track(
      'DDA101',
      'glider',
      [
        [-30, 0, 0, 0, 0],
        [0, 0, 0, 0, 0],
        [6, 60, 0, 0, 35],
        [20, 400, 0, 60, 55],
        [120, 2_000, 400, 200, 55],
        [230, 200, 0, 10, 50],
        [240, 0, 0, 0, 38],
        [255, -100, 0, 0, 0],
      ],
      { skip: (s) => s < 0 && s % 10 !== 0 },
    );
    const events = replay(glider);
    expect(events.map((e) => e.kind)).toEqual(['takeoff', 'landing']);
    expect(secondsOf(events[1]!) - secondsOf(events[0]!)).toBeGreaterThan(225);
    expect(secondsOf(events[1]!) - secondsOf(events[0]!)).toBeLessThan(245);
  });

  it('thermalling 100–130 m over the field at 15 kt over the ground (a strong wind) is not a landing', () => {
    const circling: Point[] = [];
    for (let s = 300; s <= 900; s += 20) circling.push([s, (s % 40) * 5, 0, 100 + (s % 60) / 2, 15]);
    const glider = track('DDA101', 'glider', [
      [0, 3_000, 0, 800, 60],
      ...circling,
      [1_150, 2_000, 0, 100, 55],
      [1_200, 0, 0, 0, 40],
      [1_220, -80, 0, 0, 0],
    ]);
    const events = replay(glider);
    expect(events.map((e) => `${e.kind} ${secondsOf(e)}`)).toEqual([expect.stringMatching(/^landing 1(19|20|21)\d$/)]);
  });

  it('a coverage hole of 15 min at altitude neither splits the flight nor lands it', () => {
    const glider = track(
      'DDA101',
      'glider',
      [
        [-30, 0, 0, 0, 0],
        [0, 0, 0, 0, 0],
        [6, 60, 0, 0, 35],
        [100, 2_000, 0, 400, 60],
        [2_000, 5_000, 0, 900, 60],
        [2_500, 0, 0, 50, 55],
        [2_520, 0, 0, 0, 35],
        [2_540, -80, 0, 0, 0],
      ],
      {
        skip: (s) => (s < 0 && s % 10 !== 0) || (s > 1_000 && s < 1_900),
      },
    );
    expect(replay(glider).map((e) => e.kind)).toEqual(['takeoff', 'landing']);
  });

  it('last heard at 80 m on final, then silence (no receiver hears the ground): a landing, extrapolated', () => {
    const glider = track(
      'DDA101',
      'glider',
      [
        [0, 3_000, 0, 400, 55],
        [300, 400, 0, 80, 50],
        [340, 0, 0, 0, 40],
      ],
      { skip: (s) => s > 300 },
    );
    const events = replay(glider);
    expect(events.map((e) => e.kind)).toEqual(['landing']);
    expect(Math.abs(secondsOf(events[0]!) - 340)).toBeLessThanOrEqual(15);
  });

  it('two days are never one flight: gone out of range in the evening, on the ground here next morning', () => {
    const evening = track(
      'DDA101',
      'glider',
      [
        [-30, 0, 0, 0, 0],
        [0, 0, 0, 0, 0],
        [6, 60, 0, 0, 35],
        [100, 2_000, 0, 400, 60],
        [900, 9_900, 0, 900, 60],
      ],
      { skip: (s) => s < 0 && s % 10 !== 0 },
    );
    const morning = track(
      'DDA101',
      'glider',
      [
        [60_000, 0, 0, 0, 0],
        [60_600, 0, 0, 0, 0],
        [60_606, 60, 0, 0, 35],
        [60_700, 2_000, 0, 400, 60],
      ],
      { stepS: 1, skip: (s) => s < 60_600 && s % 10 !== 0 },
    );
    const events = replay([...evening, ...morning], { endS: 61_000 });
    expect(events.map((e) => `${e.kind} ${Math.round(secondsOf(e) / 100)}`)).toEqual(['takeoff 0', 'takeoff 606']);
  });
});

describe('what the line page shows', () => {
  it('aircraft heard in the last 5 minutes, nearest first, and the newest beacon time', () => {
    const detector = createFlightDetector(FIELD);
    const beacons = aerotow().filter((x) => x.timeMs <= T0 + 100_000);
    for (const b of beacons.sort((x, y) => x.timeMs - y.timeMs)) detector.push(b);
    expect(detector.lastBeaconMs()).toBe(T0 + 100_000);
    const seen = detector.inRange();
    expect(seen.map((a) => [a.address, a.state, a.lastBeaconMs])).toEqual([
      ['DDA101', 'flying', T0 + 100_000],
      ['DDB201', 'flying', T0 + 100_000],
    ]);
    expect(seen[0]!.heightMetres).toBeGreaterThan(200);
  });
});

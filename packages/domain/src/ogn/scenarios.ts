/**
 * Seeded flying days with their ground truth, as OGN feed lines (docs/ogn.md
 * "Proof"): aerotows behind two tugs (sometimes launched together), winch
 * launches, circuits and 2-hour flights, thermalling low over the field, a
 * tug's run-up and taxis, a vehicle with a tracker, coverage holes and days
 * the field's own receiver is down, a glider landing at another airfield
 * 40 km away and that airfield's own traffic.
 */
import { Flyer, KT, type PathSample, type Runway, type Wind } from './scenario-flyer.ts';
import { transmit, type ReceivedLine, type Receiver, type Transmitter } from './scenario-radio.ts';

export const SCENARIO_AIRFIELD = { latitude: 44.1, longitude: -79.6, elevationMetres: 250, radiusKm: 10 } as const;
/** The other airfield, 40 km east. */
const AWAY = { x: 40_000, y: 0 };

/** One flight as it truly happened. */
export interface TrueFlight {
  address: string;
  role: 'glider' | 'tug';
  launch: 'aerotow' | 'winch' | null;
  takeoffMs: number;
  /** Null when it landed elsewhere (the airfield 40 km away). */
  landingMs: number | null;
  releaseMs: number | null;
  /** Above mean sea level (true, not GPS). */
  releaseAltitudeMetres: number | null;
  tugAddress: string | null;
  /** A member flew it without a request on the line (the detector must see it all the same). */
  requested: boolean;
}

export interface ScenarioDay {
  /** Sorted by time of receipt. */
  lines: ReceivedLine[];
  /** This field's flights only (the other airfield's are noise). */
  flights: TrueFlight[];
}

/** mulberry32: a small seeded generator, the same days for the same seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const GLIDERS: Transmitter[] = [
  { callsign: 'FLRDDA101', dstcall: 'OGFLR', idByte: 0x06, address: 'DDA101' },
  { callsign: 'FLRDDA102', dstcall: 'OGFLR', idByte: 0x06, address: 'DDA102' },
  { callsign: 'FLRDDA103', dstcall: 'OGFLR', idByte: 0x06, address: 'DDA103' },
  { callsign: 'ICAC01104', dstcall: 'OGFLR', idByte: 0x05, address: 'C01104' },
  { callsign: 'FLRDDA105', dstcall: 'APRS', idByte: 0x06, address: 'DDA105' },
  { callsign: 'OGN2A0106', dstcall: 'OGNTRK', idByte: 0x07, address: '2A0106' },
  // A FLARM whose owner never set the aircraft type.
  { callsign: 'FLRDDA107', dstcall: 'OGFLR', idByte: 0x02, address: 'DDA107' },
  { callsign: 'FLRDDA108', dstcall: 'OGFLR', idByte: 0x06, address: 'DDA108' },
];
const TUGS: Transmitter[] = [
  { callsign: 'FLRDDB201', dstcall: 'OGFLR', idByte: 0x0a, address: 'DDB201' },
  { callsign: 'ICAC0B202', dstcall: 'OGFLR', idByte: 0x21, address: 'C0B202' },
];
const VEHICLE: Transmitter = { callsign: 'OGN3C0301', dstcall: 'OGNTRK', idByte: 0x3b, address: '3C0301' };
const AWAY_GLIDERS: Transmitter[] = [
  { callsign: 'FLRDDC401', dstcall: 'OGFLR', idByte: 0x06, address: 'DDC401' },
  { callsign: 'FLRDDC402', dstcall: 'OGFLR', idByte: 0x06, address: 'DDC402' },
];

interface GliderDay {
  tx: Transmitter;
  flyer: Flyer;
  readyMs: number;
  away: boolean;
}

/**
 * One flying day from 14:00 UTC. `day` counts from 0 (2026-06-01) and, with
 * the seed, decides everything: the same (seed, day) gives the same lines.
 */
export function generateDay(seed: number, day: number): ScenarioDay {
  const random = seededRandom(seed * 100_003 + day);
  const between = (low: number, high: number) => low + random() * (high - low);
  const startMs = Date.UTC(2026, 5, 1 + day, 14, 0, 0);
  const endMs = startMs + 7.5 * 3_600_000;
  const { elevationMetres } = SCENARIO_AIRFIELD;
  const windKt = between(0, 15);
  const windFromDeg = between(0, 360);
  const wind: Wind = {
    x: -Math.sin((windFromDeg * Math.PI) / 180) * windKt * KT,
    y: -Math.cos((windFromDeg * Math.PI) / 180) * windKt * KT,
  };
  const runway: Runway = {
    x: -Math.sin((windFromDeg * Math.PI) / 180) * 500,
    y: -Math.cos((windFromDeg * Math.PI) / 180) * 500,
    headingDeg: windFromDeg,
    lengthM: 1000,
  };
  const side = (r: Runway, metres: number): Runway => ({
    ...r,
    x: r.x + Math.cos((r.headingDeg * Math.PI) / 180) * metres,
    y: r.y - Math.sin((r.headingDeg * Math.PI) / 180) * metres,
  });
  const flights: TrueFlight[] = [];
  const paths: { tx: Transmitter; path: PathSample[]; holes: { fromMs: number; toMs: number }[]; glitchy?: boolean }[] =
    [];

  const gliders: GliderDay[] = GLIDERS.map((tx, i) => {
    const parked = side(runway, -60 - i * 15);
    const flyer = new Flyer(
      wind,
      elevationMetres,
      startMs - 1_800_000,
      parked.x,
      parked.y,
      elevationMetres,
      windFromDeg,
    );
    flyer.stand(60 + Math.floor(random() * 600));
    return { tx, flyer, readyMs: startMs + Math.floor(random() * 3_600_000), away: false };
  });
  // Tugs: out of the hangar, a run-up on the spot, a taxi to the line.
  const tugs = TUGS.map((tx, i) => {
    const flyer = new Flyer(wind, elevationMetres, startMs - 1_800_000, 300 + i * 30, -250, elevationMetres, 0);
    flyer.stand(300);
    flyer.groundSpeedKt = 0;
    for (let s = 0; s < 240; s++) flyer.tick(0, 0);
    flyer.taxiTo(runway.x, runway.y, 12);
    return { tx, flyer };
  });

  const holesByGlider = new Map<Transmitter, { fromMs: number; toMs: number }[]>();
  let lastLaunchMs = 0;
  for (let guard = 0; guard < 200; guard++) {
    const glider = gliders.filter((g) => !g.away).sort((a, b) => a.readyMs - b.readyMs)[0];
    if (!glider) break;
    const winch = random() < 0.15;
    const tug = tugs.sort((a, b) => a.flyer.timeMs - b.flyer.timeMs)[0]!;
    const launchMs = Math.max(
      glider.readyMs,
      winch ? 0 : tug.flyer.timeMs + 60_000,
      lastLaunchMs + between(20_000, 120_000),
    );
    if (launchMs > endMs) break;
    // With both tugs free, the next glider goes 20 s–2 min after the last, from the same line or the one
    // beside it: two tows in the air together.
    lastLaunchMs = launchMs;
    const lane = winch ? runway : side(runway, random() < 0.5 ? 0 : 40);
    const holes = holesByGlider.get(glider.tx) ?? [];
    holesByGlider.set(glider.tx, holes);
    const flight = fly(glider, winch ? null : tug, lane, launchMs, holes);
    flights.push(...flight);
    const landed = glider.flyer;
    if (!glider.away) {
      landed.stand(Math.floor(between(120, 900)));
      landed.taxiTo(runway.x, runway.y, 6);
      glider.readyMs = landed.timeMs + Math.floor(between(60_000, 1_500_000));
    }
  }
  for (const g of gliders) {
    if (!g.away) g.flyer.stand(Math.max(0, Math.floor((endMs + 3_600_000 - g.flyer.timeMs) / 1000)));
    paths.push({ tx: g.tx, path: g.flyer.samples, holes: holesByGlider.get(g.tx) ?? [] });
  }
  for (const t of tugs) paths.push({ tx: t.tx, path: t.flyer.samples, holes: [] });
  paths.push({ tx: VEHICLE, path: drive(), holes: [], glitchy: true });
  for (const tx of AWAY_GLIDERS) paths.push({ tx, path: awayTraffic(), holes: [] });

  /** One launch of a glider (and its tug's flight); the glider's flyer carries on from where it lands. */
  function fly(
    g: GliderDay,
    tug: { tx: Transmitter; flyer: Flyer } | null,
    lane: Runway,
    launchMs: number,
    holes: { fromMs: number; toMs: number }[],
  ): TrueFlight[] {
    const out: TrueFlight[] = [];
    const f = g.flyer;
    f.taxiTo(lane.x, lane.y, 5);
    f.headingDeg = lane.headingDeg;
    f.stand(Math.max(0, Math.floor((launchMs - f.timeMs) / 1000)));
    let takeoffMs: number;
    let releaseMs: number;
    let releaseAltitude: number;
    if (!tug) {
      // Winch: 0 to 40 kt in 5 s, a steep climb to 300–450 m, then the cable goes.
      const liftoffKt = between(35, 40);
      while (f.groundSpeedKt + windKt < liftoffKt) {
        f.groundSpeedKt += 8;
        f.tick(0, 0);
      }
      f.onGround = false;
      f.airspeedKt = f.groundSpeedKt + windKt;
      takeoffMs = f.timeMs;
      const top = between(300, 450);
      for (let s = 0; s < 120 && f.heightMetres < top; s++) {
        f.airspeedKt = Math.min(50, f.airspeedKt + 3);
        f.tick(Math.min(16, 2 + s * 3), 0);
      }
      releaseMs = f.timeMs;
      releaseAltitude = f.altitudeMetres;
    } else {
      ({ takeoffMs, releaseMs, releaseAltitude } = aerotow(f, tug, lane));
    }
    const duration = pickDuration();
    const requested = random() > 0.05;
    const landedOut = duration > 5_400_000 && random() < 0.12;
    if (duration > 3_600_000 && random() < 0.3) {
      const fromMs = takeoffMs + between(1_200_000, duration - 1_200_000);
      holes.push({ fromMs, toMs: fromMs + between(300_000, 900_000) });
    }
    soar(f, takeoffMs + duration, landedOut);
    let landingMs: number | null = null;
    if (landedOut) {
      f.land(
        { x: AWAY.x, y: AWAY.y, headingDeg: windFromDeg, lengthM: 800 },
        between(50, 55),
        Math.floor(between(2, 6)),
        random,
      );
      g.away = true;
    } else {
      landingMs = f.land(side(runway, 60), between(50, 55), Math.floor(between(2, 6)), random);
    }
    out.push({
      address: g.tx.address,
      role: 'glider',
      launch: tug ? 'aerotow' : 'winch',
      takeoffMs,
      landingMs,
      releaseMs,
      releaseAltitudeMetres: releaseAltitude,
      tugAddress: tug?.tx.address ?? null,
      requested,
    });
    return out;

    function aerotow(glider: Flyer, t: { tx: Transmitter; flyer: Flyer }, line: Runway) {
      const tf = t.flyer;
      const rope = between(45, 65);
      tf.taxiTo(
        line.x + Math.sin((line.headingDeg * Math.PI) / 180) * rope,
        line.y + Math.cos((line.headingDeg * Math.PI) / 180) * rope,
        8,
      );
      tf.headingDeg = line.headingDeg;
      tf.stand(Math.max(1, Math.floor((launchMs - tf.timeMs) / 1000)));
      glider.stand(Math.max(0, Math.floor((tf.timeMs - glider.timeMs) / 1000)));
      const start = tf.samples.length - 1;
      const gliderLiftKt = between(33, 38);
      const tugLiftKt = between(45, 52);
      const accel = between(1.8, 2.8);
      let gliderOffMs = 0;
      while (tf.groundSpeedKt + windKt < tugLiftKt) {
        tf.groundSpeedKt += accel;
        tf.tick(0, 0);
        if (!gliderOffMs && tf.groundSpeedKt + windKt >= gliderLiftKt) gliderOffMs = tf.timeMs;
      }
      tf.onGround = false;
      tf.airspeedKt = tf.groundSpeedKt + windKt;
      const target = between(400, 1200);
      const climb = between(2, 3.5);
      let turn = 0;
      // The tow: straight legs and gentle turns while the glider is below its release height.
      for (let s = 0; s < 1800 && tf.heightMetres < target + 5; s++) {
        tf.airspeedKt = Math.min(62, tf.airspeedKt + 1);
        if (s % 90 === 45) turn = random() < 0.5 ? 3 : -3;
        if (s % 90 === 0) turn = 0;
        tf.tick(Math.min(climb, s * 0.5), turn);
      }
      // The glider: a rope's length back along the tug's path, holding a metre up until the tug lifts.
      const samples = tf.samples.slice(start);
      let along = 0;
      const distances = samples.map(
        (p, i) => (along += i ? Math.hypot(p.x - samples[i - 1]!.x, p.y - samples[i - 1]!.y) : 0),
      );
      let j = 0;
      let released = false;
      let releaseAt = { timeMs: 0, altitudeMetres: 0 };
      for (let i = 1; i < samples.length && !released; i++) {
        const want = distances[i]! - rope;
        while (j < i && distances[j + 1]! <= want) j++;
        const a = samples[j]!;
        const b = samples[Math.min(j + 1, i)]!;
        const span = distances[Math.min(j + 1, i)]! - distances[j]!;
        const k = want < 0 ? 0 : span > 0 ? (want - distances[j]!) / span : 0;
        const head = (line.headingDeg * Math.PI) / 180;
        glider.x = want < 0 ? samples[0]!.x + Math.sin(head) * want : a.x + (b.x - a.x) * k;
        glider.y = want < 0 ? samples[0]!.y + Math.cos(head) * want : a.y + (b.y - a.y) * k;
        const s = samples[i]!;
        const onGround = s.timeMs < gliderOffMs || !gliderOffMs;
        const previousAltitude = glider.altitudeMetres;
        glider.altitudeMetres = onGround
          ? elevationMetres
          : s.onGround
            ? elevationMetres + 1
            : Math.max(elevationMetres + 1, a.altitudeMetres + (b.altitudeMetres - a.altitudeMetres) * k + 3);
        glider.onGround = onGround;
        // Before the tug has run a rope's length the glider rolls in step with it, at its speed.
        const lead = want < 0 ? s : a;
        glider.groundSpeedKt = lead.groundSpeedKt;
        glider.headingDeg = lead.courseDeg;
        glider.timeMs = s.timeMs;
        glider.samples.push({
          ...lead,
          timeMs: s.timeMs,
          x: glider.x,
          y: glider.y,
          altitudeMetres: glider.altitudeMetres,
          onGround,
          climbMps: glider.altitudeMetres - previousAltitude,
        });
        if (glider.heightMetres >= target) {
          released = true;
          releaseAt = { timeMs: s.timeMs, altitudeMetres: glider.altitudeMetres };
        }
      }
      glider.airspeedKt = 62;
      // Apart: the glider climbs away right, the tug dives away left and goes home to land.
      glider.circle(8, 6, 55, 1);
      tf.circle(10, -6, 75, -5);
      tf.flyTo(runway.x, runway.y, 80, -6, 900, 1500, 300);
      const tugLanding = tf.land(side(runway, -40), between(60, 65), 1, random);
      tf.taxiTo(runway.x, runway.y, 15);
      out.push({
        address: t.tx.address,
        role: 'tug',
        launch: null,
        takeoffMs: samples.find((p) => !p.onGround)!.timeMs - 1000,
        landingMs: tugLanding,
        releaseMs: null,
        releaseAltitudeMetres: null,
        tugAddress: null,
        requested: true,
      });
      return { takeoffMs: gliderOffMs, releaseMs: releaseAt.timeMs, releaseAltitude: releaseAt.altitudeMetres };
    }
  }

  function pickDuration(): number {
    const r = random();
    if (r < 0.15) return 0;
    if (r < 0.65) return between(1_200_000, 3_600_000);
    if (r < 0.92) return between(3_600_000, 7_200_000);
    return between(7_200_000, 10_000_000);
  }

  /** Thermals and glides until the end time or too low; a flight of 0 is a circuit straight after the launch. */
  function soar(f: Flyer, untilMs: number, landOut: boolean) {
    const lowSave = random() < 0.12;
    while (f.timeMs < untilMs - 300_000 && f.heightMetres > 300) {
      if (landOut && f.timeMs > untilMs - 3_600_000) {
        f.circle(900, 15, 48, 2.5, 1800);
        f.flyTo(AWAY.x - 3_000, AWAY.y, 70, -0.6, 3600, 500);
        return;
      }
      const reach = untilMs - f.timeMs > 3_600_000 ? 9_000 : 5_000;
      f.circle(Math.floor(between(120, 420)), random() < 0.5 ? 15 : -15, 48, between(1, 3), 1800);
      f.flyTo(
        between(-reach, reach),
        between(-reach, reach),
        between(60, 80),
        -between(0.8, 1.4),
        Math.floor(between(120, 400)),
      );
    }
    if (lowSave) {
      // Scraping a weak thermal 100–180 m over the field: low, slow over the ground in the wind, not landing.
      f.flyTo(0, 0, 55, -1, 600, 300, 150);
      f.circle(Math.floor(between(180, 300)), 16, 45, 0.2, 180, 100);
    }
  }

  function drive(): PathSample[] {
    const car = new Flyer(wind, elevationMetres, startMs - 1_800_000, 250, -300, elevationMetres, 0);
    while (car.timeMs < endMs) {
      car.stand(Math.floor(between(60, 900)));
      // Along the runway at speed now and then (a retrieve), otherwise about the field.
      if (random() < 0.3) {
        car.taxiTo(runway.x, runway.y, 25);
        car.taxiTo(
          runway.x + Math.sin((windFromDeg * Math.PI) / 180) * 900,
          runway.y + Math.cos((windFromDeg * Math.PI) / 180) * 900,
          between(30, 45),
        );
      } else {
        car.taxiTo(between(-800, 800), between(-800, 800), between(10, 30));
      }
    }
    return car.samples;
  }

  /** The other airfield's own glider: local soaring 40 km east, never in our radius. */
  function awayTraffic(): PathSample[] {
    const f = new Flyer(
      wind,
      elevationMetres,
      startMs + Math.floor(between(0, 7_200_000)),
      AWAY.x,
      AWAY.y,
      elevationMetres + 700,
      0,
    );
    f.onGround = false;
    f.airspeedKt = 55;
    for (let leg = 0; leg < 12; leg++) {
      f.circle(Math.floor(between(60, 300)), 15, 48, 2, 1500);
      f.flyTo(AWAY.x + between(-5000, 5000), AWAY.y + between(-5000, 5000), 70, -1, 300);
    }
    f.land({ x: AWAY.x, y: AWAY.y, headingDeg: windFromDeg, lengthM: 800 }, 52, 3, random);
    return f.samples;
  }

  // The field's receiver is down one day in four: then only distant ones, which never hear the ground.
  const homeUp = random() > 0.25;
  const receivers: Receiver[] = [
    { name: 'Home', hears: (h, ground) => (!homeUp ? 0 : ground ? 0.75 : h < 50 ? 0.85 : 0.95) },
    { name: 'Ridge', hears: (h) => (h < 60 ? 0 : h < 150 ? 0.4 : 0.85) },
    { name: 'Town', hears: (h) => (h < 250 ? 0 : 0.6) },
    { name: 'AwayField', hears: () => 0.5 },
  ];
  const origin = SCENARIO_AIRFIELD;
  const lines: ReceivedLine[] = [];
  for (const p of paths) {
    const from =
      p.tx === VEHICLE || GLIDERS.includes(p.tx) || TUGS.includes(p.tx) ? receivers.slice(0, 3) : receivers.slice(3);
    lines.push(
      ...transmit(p.path, p.tx, {
        origin,
        elevationMetres,
        receivers: from,
        holes: p.holes,
        random,
        glitchy: p.glitchy,
      }),
    );
  }
  lines.push(...stationLines(startMs, endMs, random));
  lines.sort((a, b) => a.receivedMs - b.receivedMs);
  return { lines, flights };
}

/** What else the feed carries: server comments, receivers' positions and status, a tracker's status. */
function stationLines(startMs: number, endMs: number, random: () => number): ReceivedLine[] {
  const out: ReceivedLine[] = [];
  for (let t = startMs - 1_800_000; t < endMs + 3_600_000; t += 300_000) {
    const hms = new Date(t).toISOString().slice(11, 19).replaceAll(':', '');
    out.push({
      receivedMs: t + 20,
      line: `# aprsc 2.1.19-g730c5c0 ${new Date(t).toUTCString()} GLIDERN1 127.0.0.1:14580`,
    });
    out.push({ receivedMs: t + 40, line: `Home>OGNSDR,TCPIP*,qAC,GLIDERN1:/${hms}h4406.00NI07936.00W&/A=000820` });
    out.push({
      receivedMs: t + 60,
      line:
        `Home>OGNSDR,TCPIP*,qAC,GLIDERN1:>${hms}h v0.2.8.RPI-GPU ` +
        `CPU:0.8 RAM:610.6/972.2MB NTP:0.3ms/-4.7ppm +63.9C`,
    });
    out.push({
      receivedMs: t + 80 + Math.floor(random() * 100),
      line: `OGN3C0301>OGNTRK,qAS,Home:>${hms}h h00 v00 9sat/1 164m 1002.6hPa +20.2degC 0% 3.34V`,
    });
  }
  return out;
}

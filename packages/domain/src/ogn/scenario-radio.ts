/**
 * What the OGN makes of a true path (scenarios.ts): the tracker's
 * transmissions (every second in flight, sparser on the ground), GPS error,
 * receivers that each hear a beacon or not by the aircraft's height, and
 * APRS-IS delivery delays that put lines out of order. Its output is real
 * APRS text, so the parser is exercised too.
 */
import type { PathSample } from './scenario-flyer.ts';

export interface Receiver {
  name: string;
  /** The chance of hearing a beacon at this height above the airfield (m); on the ground, height 0. */
  hears(heightMetres: number, onGround: boolean): number;
}

export interface Transmitter {
  callsign: string;
  dstcall: string;
  /** The id field's first byte (STttttaa). */
  idByte: number;
  address: string;
}

export interface ReceivedLine {
  receivedMs: number;
  line: string;
}

export interface RadioOptions {
  origin: { latitude: number; longitude: number };
  elevationMetres: number;
  receivers: readonly Receiver[];
  /** Intervals in which no receiver hears this aircraft (terrain, range). */
  holes: readonly { fromMs: number; toMs: number }[];
  random: () => number;
  /** A tracker that now and then reports a GPS altitude spike (a vehicle's cheap tracker). */
  glitchy?: boolean;
}

const METRES_PER_DEGREE = 111_195;

/** Normal deviate (Box–Muller) from a uniform source. */
export function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** The lines the feed delivers for one aircraft's path. */
export function transmit(path: readonly PathSample[], tx: Transmitter, options: RadioOptions): ReceivedLine[] {
  const { random, origin } = options;
  const out: ReceivedLine[] = [];
  const altitudeBias = gaussian(random) * 5;
  let altitudeNoise = 0;
  let nextMs = -Infinity;
  const cosLat = Math.cos((origin.latitude * Math.PI) / 180);
  for (const sample of path) {
    // GPS altitude error wanders slowly (AR(1)); each fix adds a little white noise.
    altitudeNoise = 0.9 * altitudeNoise + gaussian(random) * 1.5;
    if (sample.timeMs < nextMs) continue;
    const moving = sample.groundSpeedKt > 2;
    nextMs =
      sample.timeMs +
      (!sample.onGround
        ? 1000
        : moving
          ? 2000 + Math.floor(random() * 2) * 1000
          : 8000 + Math.floor(random() * 13) * 1000);
    if (options.holes.some((h) => sample.timeMs >= h.fromMs && sample.timeMs < h.toMs)) continue;
    const height = sample.onGround ? 0 : sample.altitudeMetres - options.elevationMetres;
    const hearers = options.receivers.filter((r) => random() < r.hears(height, sample.onGround));
    if (hearers.length === 0) continue;
    let altitude = sample.altitudeMetres + altitudeBias + altitudeNoise + gaussian(random) * 1.5;
    if (options.glitchy && random() < 0.003) altitude += 50 + random() * 80;
    const latitude = origin.latitude + (sample.y + gaussian(random) * 2) / METRES_PER_DEGREE;
    const longitude = origin.longitude + (sample.x + gaussian(random) * 2) / (METRES_PER_DEGREE * cosLat);
    const speed = sample.groundSpeedKt < 1 ? 0 : Math.max(0, sample.groundSpeedKt + gaussian(random) * 0.7);
    const climbFpm = Math.round(((sample.climbMps + gaussian(random) * 0.15) * 60) / 0.3048);
    const body = aprsBody(
      sample.timeMs,
      latitude,
      longitude,
      speed < 0.5 ? 0 : sample.courseDeg,
      speed,
      altitude,
      tx,
      climbFpm,
      sample.turnDegPerS / 3,
    );
    for (const receiver of hearers) {
      // APRS-IS delivers in 0.3–2 s; one line in 30 comes 3–8 s late, after newer ones.
      const delay = 300 + random() * 1700 + (random() < 1 / 30 ? 3000 + random() * 5000 : 0);
      out.push({
        receivedMs: sample.timeMs + Math.round(delay),
        line: `${tx.callsign}>${tx.dstcall},qAS,${receiver.name}:${body} ${(5 + random() * 30).toFixed(1)}dB 0e`,
      });
    }
  }
  return out;
}

/** `/hhmmssh DDMM.mmN/DDDMM.mmE'ccc/sss/A=aaaaaa !Wab! idXXYYYYYY ±fpm ±rot`. */
export function aprsBody(
  timeMs: number,
  latitude: number,
  longitude: number,
  courseDeg: number,
  speedKt: number,
  altitudeMetres: number,
  tx: Transmitter,
  climbFpm: number,
  turnRot: number,
): string {
  const time = new Date(timeMs).toISOString().slice(11, 19).replaceAll(':', '');
  const [lat, latExtra] = angle(Math.abs(latitude), 2);
  const [lon, lonExtra] = angle(Math.abs(longitude), 3);
  const course = String(Math.round(courseDeg) % 361).padStart(3, '0');
  const speed = String(Math.min(999, Math.round(speedKt))).padStart(3, '0');
  const feet = Math.round(altitudeMetres / 0.3048);
  const altitude = feet < 0 ? `-${String(-feet).padStart(5, '0')}` : String(feet).padStart(6, '0');
  const id = tx.idByte.toString(16).toUpperCase().padStart(2, '0') + tx.address;
  const fpm = `${climbFpm < 0 ? '-' : '+'}${String(Math.abs(climbFpm)).padStart(3, '0')}`;
  const rot = `${turnRot < 0 ? '-' : '+'}${Math.abs(turnRot).toFixed(1)}`;
  return (
    `/${time}h${lat}${latitude < 0 ? 'S' : 'N'}/${lon}${longitude < 0 ? 'W' : 'E'}'${course}/${speed}/A=${altitude} ` +
    `!W${latExtra}${lonExtra}! id${id} ${fpm}fpm ${rot}rot`
  );
}

/** Degrees → 'DDMM.mm' (or DDD) and the third decimal of the minutes for `!Wab!`. */
function angle(degrees: number, width: number): [string, number] {
  const thousandths = Math.round(degrees * 60_000);
  const whole = Math.floor(thousandths / 60_000);
  const minuteThousandths = thousandths - whole * 60_000;
  const minutes = (Math.floor(minuteThousandths / 10) / 100).toFixed(2).padStart(5, '0');
  return [`${String(whole).padStart(width, '0')}${minutes}`, minuteThousandths % 10];
}

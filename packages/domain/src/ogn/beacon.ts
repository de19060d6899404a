/**
 * OGN APRS aircraft position beacons (docs/ogn.md "The parser"): one line of
 * the Open Glider Network's APRS feed → a Beacon, or null for anything that
 * is not a trackable aircraft position. Never throws: the feed is untrusted
 * text from the internet.
 */

/** The 2 address-type bits of the `idXXYYYYYY` field, in their order. */
export const ADDRESS_TYPES = ['random', 'icao', 'flarm', 'ogn'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** The 4 aircraft-type bits of the `idXXYYYYYY` field, as FLARM assigns them (0x0–0xF). */
export const AIRCRAFT_TYPES = [
  'unknown',
  'glider',
  'tow-plane',
  'helicopter',
  'skydiver',
  'drop-plane',
  'hang-glider',
  'paraglider',
  'powered',
  'jet',
  'ufo',
  'balloon',
  'airship',
  'uav',
  'ground-support',
  'static-object',
] as const;
export type AircraftType = (typeof AIRCRAFT_TYPES)[number];

/** What the `idXXYYYYYY` field says: XX is the bits STttttaa, YYYYYY the 24-bit address. */
export interface IdField {
  /** S: the aircraft is in stealth mode (should never reach the public feed). */
  stealth: boolean;
  /** T: the pilot asked not to be tracked. */
  noTrack: boolean;
  aircraftType: AircraftType;
  addressType: AddressType;
  /** 6 hex digits, upper case: 'DDA5BA'. */
  address: string;
}

/** One aircraft's position report as received. Units are in the names. */
export interface Beacon extends Omit<IdField, 'stealth' | 'noTrack'> {
  /** The APRS source: 'FLRDDA5BA', 'ICA4B0E3A', or a registration like 'ZK-GSC'. */
  callsign: string;
  /** The APRS destination, which names the source kind: 'OGFLR', 'OGNTRK', 'APRS' (before OGN 0.2.7), … */
  dstcall: string;
  /** The station after the q-construct: the receiver that heard it ('LIDH'), or the gateway ('SafeSky'). */
  receiver: string;
  /** The beacon's own UTC time (epoch ms), its date inferred from the time of receipt. */
  timeMs: number;
  /** Degrees, north positive, with the `!Wab!` third decimal of the minutes. */
  latitude: number;
  /** Degrees, east positive, with the `!Wab!` third decimal of the minutes. */
  longitude: number;
  /** Degrees true; null when the beacon has no course/speed. */
  courseDeg: number | null;
  /** Knots over the ground; null when the beacon has no course/speed. */
  groundSpeedKt: number | null;
  /** Feet above mean sea level (`A=`, GPS altitude). */
  altitudeFt: number;
  /** Feet per minute; null when absent. */
  climbRateFpm: number | null;
  /** Turns per 2 minutes (`rot`, 1.0 = a standard rate turn); null when absent. */
  turnRateRot: number | null;
}

/**
 * How far ahead of the time of receipt a beacon's time may be and still be
 * read as today's. The receivers' clocks are GPS-disciplined, so a beacon
 * "from the future" means our own clock is behind; 10 s covers an NTP-kept
 * server. A time later than that is read as yesterday's (a replayed or
 * very late line), which the detector then ignores as old.
 */
export const CLOCK_SKEW_TOLERANCE_MS = 10_000;

/** No APRS-IS line is longer than 512 bytes; anything longer is not a beacon. */
const MAX_LINE_LENGTH = 512;

/** Destinations of receivers and weather stations: their positions are not aircraft. */
const STATION_DSTCALLS = new Set(['OGNSDR', 'OGNDVS']);

const CALLSIGN = /^[A-Za-z0-9-]{1,16}$/;
const STATION = /^[A-Za-z0-9_-]{1,16}\*?$/;

/**
 * The APRS position with timestamp: `/hhmmssh` (or the older `/ddhhmmz`), latitude `DDMM.mmN`,
 * symbol table, longitude `DDDMM.mmE`, symbol, optional `ccc/sss` course/speed, `/A=aaaaaa`.
 */
const POSITION =
  /^\/(\d{6})([hz])(\d{2})(\d{2}\.\d{2})([NS])(.)(\d{3})(\d{2}\.\d{2})([EW])(.)(?:(\d{1,3})\/(\d{3}))?\/A=(-?\d{5,6})(?=\s|$)/;
const EXTRA_PRECISION = /^!W(\d)(\d)!$/;
const ID = /^id([0-9A-Fa-f]{2})([0-9A-Fa-f]{6})$/;
const CLIMB = /^([+-]?\d{1,5})fpm$/;
const TURN = /^([+-]?\d{1,3}(?:\.\d{1,2})?)rot$/;

const DAY_MS = 86_400_000;

/** 'id06DDA5BA' → its fields; null when the token is not an id field. */
export function parseIdField(token: string): IdField | null {
  const match = ID.exec(token);
  if (!match) return null;
  const bits = parseInt(match[1]!, 16);
  return {
    stealth: (bits & 0x80) !== 0,
    noTrack: (bits & 0x40) !== 0,
    aircraftType: AIRCRAFT_TYPES[(bits >> 2) & 0x0f]!,
    addressType: ADDRESS_TYPES[bits & 0x03]!,
    address: match[2]!.toUpperCase(),
  };
}

/**
 * One feed line → a Beacon, or null for comments (`#`), status reports (`>`),
 * receivers' and weather stations' positions, beacons without an id field,
 * malformed lines, and every beacon whose id field has the stealth or
 * no-track bit set: the OGN rules say not to track those, so no caller can
 * forget to drop them.
 */
export function parseBeacon(line: string, receivedMs: number): Beacon | null {
  if (typeof line !== 'string' || line.length > MAX_LINE_LENGTH || !Number.isFinite(receivedMs)) return null;
  const text = line.trim();
  if (text === '' || text.startsWith('#')) return null;
  const colon = text.indexOf(':');
  const arrow = text.indexOf('>');
  if (arrow < 1 || colon < arrow) return null;
  const callsign = text.slice(0, arrow);
  if (!CALLSIGN.test(callsign)) return null;
  const path = text.slice(arrow + 1, colon).split(',');
  const dstcall = path[0] ?? '';
  if (!/^[A-Z0-9]{3,9}$/.test(dstcall) || STATION_DSTCALLS.has(dstcall)) return null;
  const q = path.findIndex((hop) => /^q[A-Z]{2}$/.test(hop));
  // The q-construct is the second-last hop; qAC marks a station logged in over TCP/IP: a receiver.
  if (q < 1 || q !== path.length - 2 || path[q] === 'qAC') return null;
  if (!path.slice(1).every((hop) => STATION.test(hop))) return null;
  const receiver = path[q + 1]!;

  const body = text.slice(colon + 1);
  const position = POSITION.exec(body);
  if (!position) return null;
  const [whole, stamp, stampKind, latDeg, latMin, ns, , lonDeg, lonMin, ew, , course, speed, altitude] = position;
  const timeMs = beaconTime(stamp!, stampKind!, receivedMs);
  if (timeMs === null) return null;

  let extraLat = 0;
  let extraLon = 0;
  let id: IdField | null = null;
  let climbRateFpm: number | null = null;
  let turnRateRot: number | null = null;
  for (const token of body.slice(whole!.length).split(/\s+/)) {
    let match: RegExpExecArray | null;
    if ((match = EXTRA_PRECISION.exec(token))) {
      extraLat = Number(match[1]) / 1000;
      extraLon = Number(match[2]) / 1000;
    } else if (!id && (id = parseIdField(token))) {
      continue;
    } else if (climbRateFpm === null && (match = CLIMB.exec(token))) {
      climbRateFpm = Number(match[1]);
    } else if (turnRateRot === null && (match = TURN.exec(token))) {
      turnRateRot = Number(match[1]);
    }
  }
  if (!id || id.stealth || id.noTrack) return null;

  const latitude = degrees(latDeg!, latMin!, extraLat, ns === 'S', 90);
  const longitude = degrees(lonDeg!, lonMin!, extraLon, ew === 'W', 180);
  if (latitude === null || longitude === null) return null;
  const courseDeg = course === undefined ? null : Number(course);
  if (courseDeg !== null && courseDeg > 360) return null;

  return {
    callsign,
    dstcall,
    receiver,
    timeMs,
    latitude,
    longitude,
    courseDeg,
    groundSpeedKt: speed === undefined ? null : Number(speed),
    altitudeFt: Number(altitude),
    climbRateFpm,
    turnRateRot,
    aircraftType: id.aircraftType,
    addressType: id.addressType,
    address: id.address,
  };
}

/** Degrees and decimal minutes (with the extra thousandth) → signed degrees; null when out of range. */
function degrees(deg: string, min: string, extraMin: number, negative: boolean, limit: number): number | null {
  const minutes = Number(min) + extraMin;
  const value = Number(deg) + minutes / 60;
  if (minutes >= 60 || value > limit) return null;
  // Rounded to 1e-7°: the thousandth of a minute is ~2 m; this keeps 0.1 mm and drops float noise.
  return Math.round((negative ? -value : value) * 1e7) / 1e7;
}

/**
 * The beacon's UTC instant: `hhmmss` + `h` is a time of day, the most recent one not after
 * receipt (+ the skew tolerance); the older `ddhhmm` + `z` a day of the month and a time,
 * in this month or the one before.
 */
function beaconTime(stamp: string, kind: string, receivedMs: number): number | null {
  const a = Number(stamp.slice(0, 2));
  const b = Number(stamp.slice(2, 4));
  const c = Number(stamp.slice(4, 6));
  const latest = receivedMs + CLOCK_SKEW_TOLERANCE_MS;
  if (kind === 'h') {
    if (a > 23 || b > 59 || c > 59) return null;
    const received = new Date(receivedMs);
    const sameDay = Date.UTC(received.getUTCFullYear(), received.getUTCMonth(), received.getUTCDate(), a, b, c);
    const time = sameDay > latest ? sameDay - DAY_MS : sameDay;
    // A time of day just after midnight received just before it belongs to the next day.
    return time + DAY_MS <= latest ? time + DAY_MS : time;
  }
  if (a < 1 || a > 31 || b > 23 || c > 59) return null;
  const received = new Date(latest);
  for (const monthsBack of [0, 1]) {
    const year = received.getUTCFullYear();
    const month = received.getUTCMonth() - monthsBack;
    const time = Date.UTC(year, month, a, b, c);
    // Date.UTC rolls day 31 of a 30-day month into the next month: not that day.
    if (new Date(time).getUTCDate() === a && time <= latest) return time;
  }
  return null;
}

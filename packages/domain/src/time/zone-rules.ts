/**
 * The club's clock, from the one tz database the project ships. Node's ICU,
 * the phone's browser and PostgreSQL each carry their own copy of the IANA
 * data, of different ages: when British Columbia kept UTC−7 all year from
 * November 2026, each said something else. So a zone's offsets come from
 * rules given here — on the server from the shipped database
 * (shipped-tzdata.ts, moment-timezone's IANA data, updated through npm), on a
 * phone from its session, which carries its club zone's rules — and only a
 * zone with no rules given falls back to the host's Intl.
 *
 * No date library: the member's screens use this without Luxon.
 */

export interface ZoneRules {
  /** IANA name: 'America/Vancouver'. */
  zone: string;
  /** The tz database release the rules come from: '2026f'. */
  tzdata: string;
  /** Epoch minutes at which each offset after the first takes effect, ascending. */
  changes: number[];
  /** Minutes east of UTC: offsets[0] before changes[0], offsets[i + 1] from changes[i] on. */
  offsets: number[];
}

/** Where the rules of any zone come from (the server's shipped database). */
export interface ZoneRulesSource {
  tzdata: string;
  rules(zone: string): ZoneRules | undefined;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

let source: ZoneRulesSource | undefined;
const known = new Map<string, ZoneRules>();

/** The server: every zone's rules from the shipped database. */
export function setZoneRulesSource(next: ZoneRulesSource): void {
  source = next;
  known.clear();
}

/** A phone: its club zone's rules, as its session gave them. */
export function registerZoneRules(rules: ZoneRules): void {
  const had = known.get(rules.zone);
  if (had?.tzdata !== rules.tzdata || had.changes.length !== rules.changes.length) known.set(rules.zone, rules);
}

/** The rules this process has for a zone: given, or from the shipped database. */
export function zoneRules(zone: string): ZoneRules | undefined {
  let rules = known.get(zone);
  if (!rules && source) {
    rules = source.rules(zone);
    if (rules) known.set(zone, rules);
  }
  return rules;
}

/** The shipped database's release ('2026f'), or undefined where none is loaded (a phone). */
export function shippedTzdataVersion(): string | undefined {
  return source?.tzdata;
}

/** A real IANA zone: known to the shipped database where one is loaded, else to Intl. */
export function isKnownZone(zone: string): boolean {
  if (!zone) return false;
  if (source) return zoneRules(zone) !== undefined;
  if (known.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The offset in minutes east of UTC that the rules give at an instant. */
export function rulesOffset(rules: ZoneRules, ms: number): number {
  const minute = Math.floor(ms / MINUTE_MS);
  const { changes, offsets } = rules;
  let low = 0;
  let high = changes.length;
  // The number of changes at or before `minute`.
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (changes[mid]! <= minute) low = mid + 1;
    else high = mid;
  }
  return offsets[low]!;
}

const intlFormats = new Map<string, Intl.DateTimeFormat>();
/** Only for a zone with no rules given: the host's own data. */
function intlOffset(zone: string, ms: number): number {
  let format = intlFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    intlFormats.set(zone, format);
  }
  const p: Record<string, number> = {};
  for (const part of format.formatToParts(ms)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / MINUTE_MS);
}

/** The zone's offset from UTC at an instant, in minutes east. */
export function zoneOffset(zone: string, ms: number): number {
  const rules = zoneRules(zone);
  return rules ? rulesOffset(rules, ms) : intlOffset(zone, ms);
}

/** The zone's wall clock at an instant, as a Date whose UTC fields read it. */
export function wallClock(zone: string, ms: number): Date {
  return new Date(ms + zoneOffset(zone, ms) * MINUTE_MS);
}

/**
 * The instant the zone's wall clock reads `wallMs` (a wall clock written as if
 * it were UTC, e.g. Date.UTC(2026, 2, 8, 2, 30)). In a repeated hour (the
 * clocks go back) the earlier instant; in a skipped one (they go forward) the
 * clock moves on by the gap, 02:30 reading as 03:30. So the start of a day is
 * its first instant even where midnight is skipped or repeated.
 */
export function instantOfWallClock(zone: string, wallMs: number): number {
  const before = zoneOffset(zone, wallMs - DAY_MS);
  const after = zoneOffset(zone, wallMs + DAY_MS);
  const early = wallMs - before * MINUTE_MS;
  const late = wallMs - after * MINUTE_MS;
  const fits = (instant: number, offset: number) => zoneOffset(zone, instant) === offset;
  const earlyFits = fits(early, before);
  const lateFits = fits(late, after);
  if (earlyFits && lateFits) return Math.min(early, late);
  if (earlyFits) return early;
  if (lateFits) return late;
  // Skipped: the offset in force before the change carries the clock past the gap.
  return early;
}

/**
 * The periods of constant offset that meet [startMs, endMs): each from its
 * start (the range's start for the first) with its offset in minutes east.
 * For SQL, which then needs no time zone data of its own.
 */
export function offsetPeriods(zone: string, startMs: number, endMs: number): { fromMs: number; offset: number }[] {
  const rules = zoneRules(zone);
  if (!rules) return [{ fromMs: startMs, offset: zoneOffset(zone, startMs) }];
  const periods = [{ fromMs: startMs, offset: rulesOffset(rules, startMs) }];
  for (const change of rules.changes) {
    const fromMs = change * MINUTE_MS;
    if (fromMs <= startMs) continue;
    if (fromMs >= endMs) break;
    periods.push({ fromMs, offset: rulesOffset(rules, fromMs) });
  }
  return periods;
}

/** The rules' changes before `endMs` only: what a phone needs of its club's zone, smaller. */
export function rulesBefore(rules: ZoneRules, endMs: number): ZoneRules {
  const end = Math.floor(endMs / MINUTE_MS);
  const count = rules.changes.findIndex((change) => change >= end);
  if (count < 0) return rules;
  return { ...rules, changes: rules.changes.slice(0, count), offsets: rules.offsets.slice(0, count + 1) };
}

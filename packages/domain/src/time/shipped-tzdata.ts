import moment from 'moment-timezone';
import { setZoneRulesSource, type ZoneRules } from './zone-rules.ts';

/**
 * The one tz database the project ships: moment-timezone's copy of the IANA
 * data (its `dataVersion`, '2026f' with 0.6.6), updated with `npm update
 * moment-timezone`. Importing this file makes it the clock of every club
 * time this process computes (server, CLI, tests); the phone gets its club
 * zone's rules from its session (zone-rules.ts). Node only: it loads the
 * whole database.
 */

/** Transitions before 1970 are left out: nothing the product records is older. */
const SINCE_MS = 0;

function rulesOf(zone: string): ZoneRules | undefined {
  const data = moment.tz.zone(zone);
  if (!data) return undefined;
  // moment's untils[i] ends period i (the last is Infinity); its offsets are minutes west of UTC.
  let first = 0;
  while (first < data.untils.length - 1 && data.untils[first]! <= SINCE_MS) first++;
  const changes = data.untils.slice(first, -1).map((ms) => Math.round(ms / 60_000));
  const offsets = data.offsets.slice(first).map((west) => (west === 0 ? 0 : -west));
  return { zone, tzdata: moment.tz.dataVersion, changes, offsets };
}

setZoneRulesSource({ tzdata: moment.tz.dataVersion, rules: rulesOf });

export const SHIPPED_TZDATA = moment.tz.dataVersion;

import type { FlightRecord } from '../api/types.ts';
import type { CsvCell } from '../money/csv.ts';
import { clubDateOf, clockTimeOf } from '../money/exports.ts';
import { durationText, flownMinutes } from './flight-duration.ts';

/**
 * A pilot's logbook (docs/flight-line.md, "Logbooks"): what each flight was
 * for them — pilot in command (P1), second pilot (P2), or instructor — and
 * the totals pilots keep: flights, hours, launches by type, by role.
 */

export type LogbookRole = 'P1' | 'P2' | 'Instructor';
export const LOGBOOK_ROLES: readonly LogbookRole[] = ['P1', 'P2', 'Instructor'];

/** What a logbook reads of a flight. */
export type LogbookFlight = Pick<
  FlightRecord,
  'user' | 'passengerID' | 'flyWith' | 'pilotInCharge' | 'launchType' | 'launchedAt' | 'landedAt' | 'cancelledAt'
>;

/**
 * The member's role on a flight: its pilot is P1 when in command (alone, or
 * "Pilot in Command: Me"), else P2; the member flying with them is P1 when the
 * pilot was not in command — as Instructor when they came as the instructor —
 * else P2. Null: not the member's flight.
 */
export function logbookRole(flight: LogbookFlight, me: string): LogbookRole | null {
  const pilotInCommand = flight.pilotInCharge || flight.flyWith === 'Alone';
  if (flight.user === me) return pilotInCommand ? 'P1' : 'P2';
  if (flight.passengerID !== '' && flight.passengerID === me) {
    if (pilotInCommand) return 'P2';
    return flight.flyWith === 'Instructor' ? 'Instructor' : 'P1';
  }
  return null;
}

export interface LogbookTotals {
  flights: number;
  /** Flown minutes (to the nearest per flight, as every screen shows them). */
  minutes: number;
  byRole: Record<LogbookRole, { flights: number; minutes: number }>;
  /** Launches by launch type, most first (then by name). */
  launches: { launchType: string; count: number }[];
}

/** The member's flown flights (landed, not cancelled) added up. */
export function logbookTotals(flights: readonly LogbookFlight[], me: string): LogbookTotals {
  const byRole = {
    P1: { flights: 0, minutes: 0 },
    P2: { flights: 0, minutes: 0 },
    Instructor: { flights: 0, minutes: 0 },
  };
  const launches = new Map<string, number>();
  let count = 0;
  let minutes = 0;
  for (const flight of flights) {
    const role = logbookRole(flight, me);
    if (role === null || flight.cancelledAt !== null || flight.launchedAt === null || flight.landedAt === null)
      continue;
    const flown = flownMinutes(flight.launchedAt, flight.landedAt);
    count += 1;
    minutes += flown;
    byRole[role].flights += 1;
    byRole[role].minutes += flown;
    const launch = flight.launchType || 'Unknown';
    launches.set(launch, (launches.get(launch) ?? 0) + 1);
  }
  return {
    flights: count,
    minutes,
    byRole,
    launches: [...launches]
      .map(([launchType, n]) => ({ launchType, count: n }))
      .sort((a, b) => b.count - a.count || a.launchType.localeCompare(b.launchType)),
  };
}

/** The columns logbook apps import (one flight a row). */
export const LOGBOOK_COLUMNS = [
  'Date',
  'Glider type',
  'Registration',
  'P1',
  'P2',
  'Launch type',
  'Takeoff',
  'Landing',
  'Duration',
] as const;

/** What naming a flight's seats reads of it. */
export type SeatedFlight = Pick<
  FlightRecord,
  'first' | 'last' | 'flyWith' | 'pilotInCharge' | 'passengerID' | 'passengerFirst' | 'passengerLast'
>;

/**
 * Who sat where, by name: P1 the one in command (the instructor when
 * instructing), P2 the other. A member in the second seat is named from
 * `names` (their name now); a friend or intro passenger as the flight has them.
 */
export function logbookSeats(flight: SeatedFlight, names: ReadonlyMap<string, string>): [string, string] {
  const pilot = `${flight.first} ${flight.last}`.trim();
  const second = flight.passengerID
    ? (names.get(flight.passengerID) ?? '')
    : `${flight.passengerFirst} ${flight.passengerLast}`.trim();
  if (flight.flyWith === 'Alone') return [pilot, ''];
  return flight.pilotInCharge ? [pilot, second] : [second, pilot];
}

/**
 * A logbook CSV row per flown flight of the member, in the order given:
 * the club's date, the glider's type (`gliderTypes`, '' when the club has not
 * said) and registration, who was P1 and P2, the launch, takeoff and landing
 * in the club's time, and the duration as h:mm.
 */
export function logbookRows(
  flights: readonly FlightRecord[],
  me: string,
  names: ReadonlyMap<string, string>,
  gliderTypes: ReadonlyMap<string, string>,
  timeZone: string,
): CsvCell[][] {
  return flights.flatMap((flight) => {
    if (
      logbookRole(flight, me) === null ||
      flight.cancelledAt !== null ||
      flight.launchedAt === null ||
      flight.landedAt === null
    )
      return [];
    const [p1, p2] = logbookSeats(flight, names);
    return [
      [
        clubDateOf(flight.launchedAt, timeZone),
        gliderTypes.get(flight.glider) ?? '',
        flight.glider,
        p1,
        p2,
        flight.launchType,
        clockTimeOf(flight.launchedAt, timeZone),
        clockTimeOf(flight.landedAt, timeZone),
        durationText(flownMinutes(flight.launchedAt, flight.landedAt)),
      ],
    ];
  });
}

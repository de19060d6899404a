import type { FlightRecord, LogsData } from '@flightline/domain/api/types';
import { durationText, flownMinutes } from '@flightline/domain/flights/flight-duration';
import { clockOf } from './club-clock.ts';

/**
 * The Flight Logs page's lists: All flights, My flights (the signed-in
 * pilot's logbook) and Tows (a tow pilot's log), with the glider and
 * tow-pilot filters, durations as h:mm (docs/flight-line.md "Durations") and
 * the totals of what is listed.
 */

export type LogView = 'all' | 'mine' | 'tows';

export const LOG_VIEWS: readonly { view: LogView; label: string }[] = [
  { view: 'all', label: 'All flights' },
  { view: 'mine', label: 'My flights' },
  { view: 'tows', label: 'Tows' },
];

/** The filters' "everything" choice, listed first. */
export const ALL = 'All';

export type LogPilot = LogsData['pilots'][number];

/** 'Flight Logs for 2026-06-30' or 'Flight Logs for 2026-06-01 to 2026-06-30'. */
export function logsTitle(startDate: string, endDate: string): string {
  return startDate === endDate || !endDate
    ? `Flight Logs for ${startDate}`
    : `Flight Logs for ${startDate} to ${endDate}`;
}

/**
 * Minutes flown, to the nearest, as every screen shows a flight's duration
 * (domain flight-duration.ts; the bill rounds up, and says so); null until landed.
 */
export function flightMinutes(flight: Pick<FlightRecord, 'launchedAt' | 'landedAt'>): number | null {
  if (flight.launchedAt === null || flight.landedAt === null || flight.landedAt < flight.launchedAt) return null;
  return flownMinutes(flight.launchedAt, flight.landedAt);
}

/** A flight's duration as h:mm, or '—' while it has not landed. */
export function durationOf(flight: Pick<FlightRecord, 'launchedAt' | 'landedAt'>): string {
  const minutes = flightMinutes(flight);
  return minutes === null ? '—' : durationText(minutes);
}

/**
 * A logbook line's times in the club's zone: '08:07–08:41' once landed,
 * 'flying since 08:07' while up, 'waiting since 07:58' (its request) before
 * the launch — never a row of dashes (issue 25 item 15).
 */
export function flightTimesText(
  flight: Pick<FlightRecord, 'submittedAt' | 'launchedAt' | 'landedAt'>,
  timeZone: string,
): string {
  if (flight.launchedAt === null) return `waiting since ${clockOf(flight.submittedAt, timeZone)}`;
  if (flight.landedAt === null) return `flying since ${clockOf(flight.launchedAt, timeZone)}`;
  return `${clockOf(flight.launchedAt, timeZone)}–${clockOf(flight.landedAt, timeZone)}`;
}

export interface LogTotals {
  flights: number;
  minutes: number;
}

/** The listed flights and the sum of their (rounded) durations, so the total is the sum of the lines. */
export function logTotals(flights: readonly FlightRecord[]): LogTotals {
  return { flights: flights.length, minutes: flights.reduce((sum, f) => sum + (flightMinutes(f) ?? 0), 0) };
}

/** 'Mary Member'; an id no longer in the club's list shows as 'Unknown'. */
export function fullName(pilots: ReadonlyMap<string, Pick<LogPilot, 'first' | 'last'>>, userID: string): string {
  const p = pilots.get(userID);
  return p ? `${p.first} ${p.last}`.trim() : userID ? 'Unknown' : '';
}

export function pilotMap<T extends { userID: string }>(pilots: readonly T[]): Map<string, T> {
  return new Map(pilots.map((p) => [p.userID, p]));
}

/** Who flew with the pilot: a member by name, a passenger's names, or '' when alone. */
export function secondPerson(
  flight: FlightRecord,
  pilots: ReadonlyMap<string, Pick<LogPilot, 'first' | 'last'>>,
): string {
  if (flight.flyWith === 'Alone') return '';
  if (flight.passengerID) return fullName(pilots, flight.passengerID);
  return `${flight.passengerFirst} ${flight.passengerLast}`.trim();
}

/** The flights of the logbook: not cancelled, in the order they flew (waiting ones by request time). */
export function logFlights(flights: readonly FlightRecord[]): FlightRecord[] {
  const at = (f: FlightRecord) => f.launchedAt ?? f.submittedAt;
  return flights
    .filter((f) => f.cancelledAt === null)
    .sort((a, b) => a.dateString.localeCompare(b.dateString) || at(a) - at(b) || a.id.localeCompare(b.id));
}

/** A pilot's logbook holds the flights they flew as pilot or as the second person (an instructor's too). */
export function isMyFlight(flight: FlightRecord, me: string): boolean {
  return flight.user === me || flight.passengerID === me;
}

export interface LogFilter {
  view: LogView;
  me: string;
  /** All and My: a glider id or ALL. */
  glider: string;
  /** Tows: a tow pilot's id or ALL (every towed flight). */
  towPilot: string;
}

export function filterLog(flights: readonly FlightRecord[], filter: LogFilter): FlightRecord[] {
  if (filter.view === 'tows') {
    return flights.filter((f) => (filter.towPilot === ALL ? f.towPilot !== '' : f.towPilot === filter.towPilot));
  }
  return flights.filter(
    (f) => (filter.view === 'all' || isMyFlight(f, filter.me)) && (filter.glider === ALL || f.glider === filter.glider),
  );
}

/** The glider filter: 'All', then the gliders of the listed flights, in order. */
export function gliderChoices(flights: readonly FlightRecord[]): string[] {
  return [ALL, ...[...new Set(flights.map((f) => f.glider))].sort((a, b) => a.localeCompare(b))];
}

export interface Choice {
  value: string;
  label: string;
}

/** The tow-pilot filter: 'All', then the club's tow pilots and anyone else who towed in the range, by name. */
export function towPilotChoices(flights: readonly FlightRecord[], pilots: readonly LogPilot[]): Choice[] {
  const byId = pilotMap(pilots);
  const ids = new Set([
    ...pilots.filter((p) => p.isTowPilot).map((p) => p.userID),
    ...flights.map((f) => f.towPilot).filter(Boolean),
  ]);
  const named = [...ids]
    .map((id) => ({ value: id, label: fullName(byId, id) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return [{ value: ALL, label: ALL }, ...named];
}

/** Tows opens on my own tows when I am a tow pilot, else on everyone's. */
export function defaultTowPilot(me: string, iAmTowPilot: boolean): string {
  return iAmTowPilot ? me : ALL;
}

/**
 * Whose logbook to ask the server for (serve-logs userID: the flights a member
 * flew or towed, over many years), or null for the whole club's flights.
 */
export function logbookOf(view: LogView, me: string, towPilot: string): string | null {
  if (view === 'mine') return me;
  if (view === 'tows' && towPilot !== ALL) return towPilot;
  return null;
}

import type { FlightRecord } from '../api/types.ts';

/**
 * Home's list of the member's active flights: the day's flights where the
 * member is the pilot or the second person, neither landed nor cancelled. The
 * server lists the club's flights of the day; the filtering is done here.
 */

export function activeFlightsOf(flights: readonly FlightRecord[], userID: string): FlightRecord[] {
  return flights
    .filter((f) => (f.user === userID || f.passengerID === userID) && f.landedAt === null && f.cancelledAt === null)
    .sort((a, b) => a.submittedAt - b.submittedAt);
}

/** 'waiting' or 'flying since 14:05' (the club's wall clock, given as `clock`). */
export function activeFlightState(flight: Pick<FlightRecord, 'launchedAt'>, clock: (ms: number) => string): string {
  return flight.launchedAt === null ? 'waiting' : `flying since ${clock(flight.launchedAt)}`;
}

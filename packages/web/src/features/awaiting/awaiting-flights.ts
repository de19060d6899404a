import type { FlightRecord } from '@flightline/domain/api/types';

/**
 * Awaiting launches: today's flights not yet accepted, launched, off tow,
 * landed or cancelled, in the order they were requested, each labelled for
 * the tow pilot.
 */

type Waiting = Pick<FlightRecord, 'acceptedAt' | 'launchedAt' | 'offTowAt' | 'landedAt' | 'cancelledAt'>;

export function isWaiting(flight: Waiting): boolean {
  return (
    flight.acceptedAt === null &&
    flight.launchedAt === null &&
    flight.offTowAt === null &&
    flight.landedAt === null &&
    flight.cancelledAt === null
  );
}

/** The waiting flights in queue order: first requested first, a request entered late where it arrived (`queuedAt`). */
export function waitingFlights<T extends Waiting & Pick<FlightRecord, 'queuedAt' | 'id'>>(flights: readonly T[]): T[] {
  return flights.filter(isWaiting).sort((a, b) => a.queuedAt - b.queuedAt || a.id.localeCompare(b.id));
}

/** 'Mary M. C-GDSA 2000 ft': pilot first name, first letter of the last name, glider, launch type. */
export function awaitingLabel(flight: Pick<FlightRecord, 'first' | 'last' | 'glider' | 'launchType'>): string {
  const initial = flight.last.trim() ? `${[...flight.last.trim()][0]!.toUpperCase()}.` : '';
  return [flight.first.trim(), initial, flight.glider, flight.launchType].filter((part) => part !== '').join(' ');
}

/** The tow speed as the header shows it. */
export function towSpeedText(flight: Pick<FlightRecord, 'towSpeed'>): string {
  return flight.towSpeed > 0 ? `${flight.towSpeed} kn` : 'not given';
}

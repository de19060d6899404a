import { lazy, Suspense, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FlightRecord } from '@flightline/domain/api/types';
import { LoadError } from '../../components/page-state.tsx';
import { useLinePollMs } from '../../lib/live-status.ts';
import { failedToLoad } from '../../lib/offline-status.ts';
import { hasWaitingTaps } from '../../lib/outbox/waiting-flag.ts';
import { clubDateTime } from '../../lib/club-dates.ts';
import { activeFlightsOf, activeFlightState } from '@flightline/domain/flights/active-flights';
import { flightsOfDayQuery } from '../../lib/api/flights.ts';

const WithWaitingTaps = lazy(async () => ({
  default: (await import('./active-flights-waiting.tsx')).ActiveFlightsWithWaitingTaps,
}));

/**
 * Today's flights of the club; Home keeps the member's own active ones. Refreshed now and then while Home is open
 * (every 30 s, every 60 while the live stream is open and its notices bring the changes).
 */
export function useFlightsOfDay(club: string, day: string) {
  const pollMs = useLinePollMs(30_000);
  return useQuery({
    ...flightsOfDayQuery(club, day),
    refetchInterval: pollMs,
  });
}

/**
 * The member's gliders on the line today (`flights`, useFlightsOfDay's read): waiting, or flying since hh:mm.
 * Nothing when there are none.
 */
export function ActiveFlights({
  flights,
  userID,
  timeZone,
}: {
  flights: ReturnType<typeof useFlightsOfDay>;
  userID: string;
  timeZone: string;
}) {
  const items = flights.data?.items;
  // Taps waiting in the outbox (a request made offline): their code loads only then, not on every visit to Home.
  if (hasWaitingTaps()) {
    return (
      <Suspense fallback={<ActiveFlightList flights={items} userID={userID} timeZone={timeZone} />}>
        <WithWaitingTaps flights={items} userID={userID} timeZone={timeZone} />
      </Suspense>
    );
  }
  if (failedToLoad(flights)) return <LoadError error={flights.error} prefix="Could not load your flights." />;
  return <ActiveFlightList flights={items} userID={userID} timeZone={timeZone} />;
}

export interface ActiveFlightListProps {
  flights: readonly FlightRecord[] | undefined;
  userID: string;
  timeZone: string;
  /** What follows a flight's state: the mark of this phone's taps waiting for it (docs/offline.md). */
  mark?: (flightId: string) => ReactNode;
}

export function ActiveFlightList({ flights, userID, timeZone, mark }: ActiveFlightListProps) {
  const active = flights ? activeFlightsOf(flights, userID) : [];
  if (active.length === 0) return null;
  return (
    <section aria-labelledby="active-flights" className="mt-3">
      <h2 id="active-flights" className="h6 fw-semibold text-body-secondary mb-2">
        Your active flights
      </h2>
      <ul className="list-unstyled mb-0">
        {active.map((flight) => (
          <li
            key={flight.id}
            className="border rounded px-3 py-2 mb-2 d-flex flex-wrap align-items-baseline column-gap-2"
          >
            <strong className="fs-5">{flight.glider}</strong>
            <span>{activeFlightState(flight, (ms) => clubDateTime(ms, timeZone).time)}</span>
            {mark?.(flight.id)}
          </li>
        ))}
      </ul>
    </section>
  );
}

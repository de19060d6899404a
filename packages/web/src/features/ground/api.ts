import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FlightActionResult, GroundStatus } from '@flightline/domain/api/types';
import { groundStatusQuery } from '../../lib/api/flights.ts';
import { useLinePollMs } from '../../lib/live-status.ts';

/** Flight-line poll interval: flights, tugs and the time-since clock. */
export const POLL_MS = 10_000;

/**
 * The day's flights, tugs and pilots, every 10 seconds — every 60 while the
 * live stream is open and its notices bring the changes (lib/live-stream.tsx);
 * a failed poll shows the banner until the next one answers.
 */
export function useGroundStatus(club: string, day: string) {
  const pollMs = useLinePollMs(POLL_MS);
  return useQuery({
    ...groundStatusQuery(club, day),
    refetchInterval: pollMs,
    // The next poll is the retry.
    retry: false,
  });
}

/**
 * After a line action the server answered (sent through the field outbox,
 * lib/outbox): show the flight as stored at once, and poll to confirm it.
 */
export function useFlightAnswered(club: string, day: string) {
  const client = useQueryClient();
  const { queryKey } = groundStatusQuery(club, day);
  return (result: FlightActionResult | undefined) => {
    if (result?.flight) {
      client.setQueryData<GroundStatus>(queryKey, (old) =>
        old ? { ...old, flights: old.flights.map((f) => (f.id === result.flight.id ? result.flight : f)) } : old,
      );
    }
    void client.invalidateQueries({ queryKey });
  };
}

/** Now, moving every `intervalMs`: the time-since clock. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

import { useMemo } from 'react';
import type { FlightRecord } from '@flightline/domain/api/types';
import { withPendingEvents, type PendingLine } from './pending-line.ts';
import { useOutbox } from './use-outbox.ts';

/**
 * The day's flights as the last read had them, with this phone's taps still
 * in the outbox laid over them (a request made offline is on the list at
 * once, marked waiting to send). `flights` undefined: no read yet; the
 * waiting requests alone, or undefined when nothing waits either.
 */
export function usePendingLine(flights: readonly FlightRecord[] | undefined): PendingLine | undefined {
  const { waiting } = useOutbox();
  return useMemo(() => {
    if (flights === undefined && waiting.length === 0) return undefined;
    return withPendingEvents(flights ?? [], waiting);
  }, [flights, waiting]);
}

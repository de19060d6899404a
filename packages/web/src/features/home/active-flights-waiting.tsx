import type { FlightRecord } from '@flightline/domain/api/types';
import { WaitingToSend } from '../../components/waiting-to-send.tsx';
import { usePendingLine } from '../../lib/outbox/use-pending-line.ts';
import { ActiveFlightList } from './active-flights.tsx';

/**
 * Home's active flights with this phone's taps still in the outbox laid over
 * them (a flight requested offline shows at once, marked waiting to send).
 * Loaded only when taps wait, so the outbox's code is not part of every visit.
 */
export function ActiveFlightsWithWaitingTaps({
  flights,
  userID,
  timeZone,
}: {
  flights: readonly FlightRecord[] | undefined;
  userID: string;
  timeZone: string;
}) {
  const line = usePendingLine(flights);
  const mark = (id: string) => {
    const labels = line?.waiting.get(id);
    return labels ? <WaitingToSend title={labels.join(', ')} /> : null;
  };
  return <ActiveFlightList flights={line?.flights ?? flights} userID={userID} timeZone={timeZone} mark={mark} />;
}

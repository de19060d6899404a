import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PAGE_HEADINGS } from '@flightline/domain/pages/page-headings';
import { Loading, LoadError, Page } from '../../components/page-state.tsx';
import { ToggleButton } from '../../components/toggle-button.tsx';
import { WaitingToSend } from '../../components/waiting-to-send.tsx';
import { useLinePollMs } from '../../lib/live-status.ts';
import { failedToLoad } from '../../lib/offline-status.ts';
import { usePendingLine } from '../../lib/outbox/use-pending-line.ts';
import { useSession } from '../../lib/session.ts';
import { clubToday } from '../../lib/club-dates.ts';
import { awaitingLabel, towSpeedText, waitingFlights } from './awaiting-flights.ts';
import { awaitingFlightsQuery } from '../../lib/api/flights.ts';

const TITLE = PAGE_HEADINGS['/awaiting'].title;
/** The tug pilot keeps the page open: new requests appear without a reload (at once by the live stream's notices). */
const REFRESH_MS = 10_000;

function useDayFlights(club: string, day: string) {
  const pollMs = useLinePollMs(REFRESH_MS);
  return useQuery({
    ...awaitingFlightsQuery(club, day),
    refetchInterval: pollMs,
  });
}

/** `/awaiting`: Awaiting launches. */
export function AwaitingPage() {
  const session = useSession();
  const data = session.data;
  if (!data?.club)
    return <Page title={TITLE}>{session.isError ? <LoadError error={session.error} /> : <Loading />}</Page>;
  return <Awaiting club={data.club} timeZone={data.clubTimeZone} />;
}

function Awaiting({ club, timeZone }: { club: string; timeZone: string }) {
  // The club's day, as the line page and Flight Logs read it: a phone set to another zone still sees the club's waiting
  // flights.
  const day = clubToday(timeZone);
  const flights = useDayFlights(club, day);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // With this phone's requests, cancellations and launches still waiting to be sent (docs/offline.md).
  const line = usePendingLine(flights.data?.items);
  const waiting = line ? waitingFlights(line.flights) : [];
  // A flight launched or cancelled since it was chosen leaves the header with the list.
  const selected = waiting.find((flight) => flight.id === selectedId) ?? null;

  return (
    <Page title={TITLE}>
      {selected && (
        <section
          className="awaiting-header border border-primary rounded p-3 mb-3 bg-primary-subtle"
          aria-label="Selected flight"
          aria-live="polite"
        >
          <div className="fs-3 fw-bold lh-sm">{selected.glider}</div>
          <div className="fs-5">{selected.launchType}</div>
          <div className="fs-5">Tow speed: {towSpeedText(selected)}</div>
        </section>
      )}
      {flights.isPending && waiting.length === 0 ? (
        <Loading />
      ) : failedToLoad(flights) ? (
        <LoadError error={flights.error} />
      ) : waiting.length === 0 ? (
        <p className="text-body-secondary">No flights are waiting for a launch.</p>
      ) : (
        <>
          <p className="form-text mt-0">In the order they were requested. Tap a flight for its tow details.</p>
          <div className="d-grid gap-2" role="group" aria-label="Waiting flights">
            {waiting.map((flight) => {
              const on = flight.id === selected?.id;
              return (
                <ToggleButton
                  key={flight.id}
                  on={on}
                  className="btn-lg text-start"
                  onClick={() => setSelectedId(on ? null : flight.id)}
                >
                  {awaitingLabel(flight)}
                  {line?.waiting.has(flight.id) && (
                    <>
                      {' '}
                      <WaitingToSend title={line.waiting.get(flight.id)!.join(', ')} />
                    </>
                  )}
                </ToggleButton>
              );
            })}
          </div>
        </>
      )}
    </Page>
  );
}

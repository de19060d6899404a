import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { PAGE_HEADINGS } from '@flightline/domain/pages/page-headings';
import type { FlightRecord, GroundStatus } from '@flightline/domain/api/types';
import '../../app/bootstrap/badge.scss';
import '../../app/bootstrap/button-group.scss';
import { Loading, Page } from '../../components/page-state.tsx';
import { confirmDialog } from '../../lib/confirm-store.ts';
import { tapperOf, type Tapper } from '../../lib/outbox/field-events.ts';
import { useOutbox } from '../../lib/outbox/use-outbox.ts';
import { useSession } from '../../lib/session.ts';
import { whenIdle } from '../../lib/when-idle.ts';
import { clubToday } from '../../lib/club-dates.ts';
import { useHeightUnit } from '../../lib/api/club-info.ts';
import { POLL_MS, useGroundStatus, useNow } from './api.ts';
import { InProgressRow, LandedRow, type RowContext } from './flight-rows.tsx';
import './ground.css';
import {
  chosenTug,
  launchButtonText,
  launchesWithoutTowPilot,
  NO_TOW_PILOT_QUESTION,
  readyTugs,
  towPilotChoices,
} from './launch-crew.ts';
import { LaunchActions, LaunchedBy, NextFlightPicker, showPickedFlight } from './launch-panel.tsx';
import { flightLabel, partitionFlights, stillWaiting } from './line-lists.ts';
import { FAILED_UNDO_LANDING, FAILED_UNDO_LAUNCH, noActionText, pollBannerText } from './line-messages.ts';
import { minutesAgoFromNow } from './minutes-ago.ts';
import { useLineAction } from './use-line-action.ts';
import { withPendingEvents } from '../../lib/outbox/pending-line.ts';
import { minutesOf, NOW, WhenControl, type WhenState } from './when-control.tsx';
import { OgnPanel } from './ogn-panel.tsx';

const HEADING = PAGE_HEADINGS['/ground'];
type Mode = 'Launch' | 'Land';

// The release height dialog (a modal, with its code) is not needed to show the line: it loads once the line is up and
// the phone idle.
const loadReleaseHeightModal = () => import('./release-height-modal.tsx');
const ReleaseHeightModal = lazy(async () => ({ default: (await loadReleaseHeightModal()).ReleaseHeightModal }));

/** `/ground/`: line management, for every active member on duty. */
export function GroundPage() {
  const { data: session } = useSession();
  // RequireMember has loaded the session and checked the club before this renders.
  if (!session?.club) return null;
  return <GroundLine club={session.club} timeZone={session.clubTimeZone} tapper={tapperOf(session)} />;
}

function GroundLine({ club, timeZone, tapper }: { club: string; timeZone: string; tapper: Tapper }) {
  const tick = useNow(POLL_MS);
  // A page left open past midnight moves to the new day.
  const day = clubToday(timeZone, tick);
  const status = useGroundStatus(club, day);
  // The clock moves every 10 seconds, and with each answer, so a flight just launched 5 minutes ago reads 0:05 at once.
  const now = Math.max(tick, status.dataUpdatedAt);
  const heightUnit = useHeightUnit(club);
  const [mode, setMode] = useState<Mode>('Launch');
  const [when, setWhen] = useState<WhenState>(NOW);
  const [releaseFor, setReleaseFor] = useState<FlightRecord | null>(null);
  // This phone's taps still in the outbox, laid over the last poll (a request made offline is on the line at once).
  const outbox = useOutbox();
  const line = useMemo(() => {
    const base = status.data ?? (outbox.waiting.length > 0 ? { day, flights: [], tugs: [], pilots: [] } : undefined);
    if (!base) return undefined;
    const pending = withPendingEvents(base.flights, outbox.waiting);
    return { data: { ...base, flights: pending.flights }, waiting: pending.waiting };
  }, [status.data, outbox.waiting, day]);
  const lineShown = line !== undefined;
  useEffect(() => (lineShown ? whenIdle(() => void loadReleaseHeightModal().catch(() => {})) : undefined), [lineShown]);

  return (
    <Page title={HEADING.title} size={HEADING.size}>
      {status.isError && (
        <div className="alert alert-danger d-flex align-items-center gap-2" role="alert">
          <span className="flex-grow-1">{pollBannerText(status.error)}</span>
          <button type="button" className="btn btn-outline-danger" onClick={() => void status.refetch()}>
            Retry
          </button>
        </div>
      )}
      <div className="btn-group w-100 mb-3" role="group" aria-label="Mode">
        {(['Launch', 'Land'] as const).map((m) => (
          <button
            key={m}
            type="button"
            className={`btn btn-lg ${mode === m ? 'btn-dark' : 'btn-outline-dark'}`}
            aria-pressed={mode === m}
            onClick={() => setMode(m)}
          >
            {m}
          </button>
        ))}
      </div>
      <WhenControl when={when} onChange={setWhen} now={now} timeZone={timeZone} />
      <OgnPanel
        club={club}
        day={day}
        timeZone={timeZone}
        heightUnit={heightUnit}
        nowMs={now}
        waiting={line?.data.flights.filter((f) => f.launchedAt === null && f.cancelledAt === null) ?? []}
      />
      {line ? (
        <LineLists
          data={line.data}
          club={club}
          day={day}
          tapper={tapper}
          mode={mode}
          when={when}
          onDone={() => setWhen(NOW)}
          ctx={{ now, timeZone, heightUnit, busy: false, waiting: line.waiting }}
          onReleaseHeight={setReleaseFor}
        />
      ) : (
        status.isPending && <Loading text="Retrieving flights and tugs...." />
      )}
      {releaseFor && (
        <Suspense fallback={null}>
          <ReleaseHeightModal
            flight={releaseFor}
            club={club}
            day={day}
            tapper={tapper}
            heightUnit={heightUnit}
            onClose={() => setReleaseFor(null)}
          />
        </Suspense>
      )}
    </Page>
  );
}

function LineLists({
  data,
  club,
  day,
  tapper,
  mode,
  when,
  onDone,
  ctx: baseCtx,
  onReleaseHeight,
}: {
  data: GroundStatus;
  club: string;
  day: string;
  tapper: Tapper;
  mode: Mode;
  when: WhenState;
  onDone: () => void;
  ctx: RowContext;
  onReleaseHeight: (flight: FlightRecord) => void;
}) {
  const lists = useMemo(() => partitionFlights(data.flights), [data.flights]);
  const tugs = useMemo(() => readyTugs(data.tugs), [data.tugs]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [tugId, setTugId] = useState<string | null>(null);
  // The tow pilot chosen by hand for a tug; otherwise the tug's checked-in pilot.
  const [towOverride, setTowOverride] = useState<{ tug: string; pilot: string } | null>(null);
  const { run, storing } = useLineAction(club, day, tapper);
  const ctx: RowContext = { ...baseCtx, busy: storing };

  const selected = stillWaiting(lists.waiting, selectedId);
  const launchBox = useRef<HTMLDivElement>(null);
  const pickedId = selected?.id ?? null;
  useEffect(() => {
    if (pickedId !== null) showPickedFlight(launchBox.current);
  }, [pickedId]);
  const tug = chosenTug(tugs, tugId);
  const towPilot = tug ? (towOverride?.tug === tug.id ? towOverride.pilot : tug.currentPilot) : '';
  const towPilots = towPilotChoices(data.pilots ?? [], tug);
  const minutes = minutesOf(when);

  const noAction = (message: string) => ({ message: noActionText(message) });

  const launch = async () => {
    if (!selected || minutes === null) return;
    const flight = selected;
    if (launchesWithoutTowPilot(tug, towPilot)) {
      const ok = await confirmDialog.ask({
        heading: 'No tow pilot',
        message: NO_TOW_PILOT_QUESTION,
        confirmLabel: 'Launch anyway',
        rejectLabel: 'Cancel',
      });
      if (!ok) return;
    }
    run(
      { action: 'Launch', id: flight.id, time: minutesAgoFromNow(minutes), tug: tug?.id ?? '', towPilot },
      flight.glider,
      { success: `${flight.glider} launched`, failure: noAction },
      () => {
        setSelectedId(null);
        onDone();
      },
    );
  };

  const land = (flight: FlightRecord) => {
    if (minutes === null) return;
    run(
      { action: 'Landing', id: flight.id, time: minutesAgoFromNow(minutes) },
      flight.glider,
      { success: `${flight.glider} landed`, failure: noAction },
      onDone,
    );
  };

  const remove = async (flight: FlightRecord) => {
    const ok = await confirmDialog.ask({
      heading: 'Remove from flight line',
      message:
        `Remove ${flightLabel(flight)} from the flight line? The ` +
        `request is cancelled and the glider is free again.`,
      confirmLabel: 'Remove',
      rejectLabel: 'Keep',
      confirmVariant: 'danger',
    });
    if (!ok) return;
    run(
      { action: 'CancelRequest', id: flight.id },
      flight.glider,
      { success: `${flight.glider} removed from the flight line`, failure: noAction },
      () => setSelectedId(null),
    );
  };

  const undoLaunch = async (flight: FlightRecord) => {
    const ok = await confirmDialog.ask({
      heading: 'Undo launch',
      message: `Undo the launch of ${flightLabel(flight)}? It goes back to waiting and its launch charge is reversed.`,
      confirmLabel: 'Undo launch',
      rejectLabel: 'Keep',
      confirmVariant: 'danger',
    });
    if (!ok) return;
    run({ action: 'UndoLaunch', id: flight.id }, flight.glider, {
      success: `Launch of ${flight.glider} undone`,
      failure: (message) => ({ heading: FAILED_UNDO_LAUNCH, message: noActionText(message) }),
    });
  };

  const undoLanding = async (flight: FlightRecord) => {
    const ok = await confirmDialog.ask({
      heading: 'Undo landing',
      message: `Undo the landing of ${flightLabel(flight)}? It is flying again and its rental charge is reversed.`,
      confirmLabel: 'Undo landing',
      rejectLabel: 'Keep',
      confirmVariant: 'danger',
    });
    if (!ok) return;
    run({ action: 'UndoLanding', id: flight.id }, flight.glider, {
      success: `Landing of ${flight.glider} undone`,
      failure: (message) => ({ heading: FAILED_UNDO_LANDING, message: noActionText(message) }),
    });
  };

  const button = launchButtonText({
    glider: selected?.glider ?? null,
    tugsReady: tugs.length,
    tug: tug?.id ?? null,
    minutesOk: minutes !== null,
  });

  return (
    <>
      {mode === 'Launch' && (
        // One box for the picker and the buttons, so the sticky Launch button stays in reach while a long queue
        // scrolls.
        <div className="mb-4" ref={launchBox}>
          <NextFlightPicker
            waiting={lists.waiting}
            selected={selected?.id ?? null}
            onSelect={setSelectedId}
            now={ctx.now}
            busy={ctx.busy}
            unsent={ctx.waiting}
          />
          <LaunchActions
            crew={
              <LaunchedBy
                tugs={tugs}
                tug={tug}
                onTug={setTugId}
                towPilots={towPilots}
                towPilot={towPilot}
                onTowPilot={(pilot) => tug && setTowOverride({ tug: tug.id, pilot })}
                busy={ctx.busy}
              />
            }
            picked={selected !== null}
            button={button}
            busy={ctx.busy}
            canRemove={selected !== null}
            onLaunch={() => void launch()}
            onRemove={() => selected && void remove(selected)}
          />
        </div>
      )}
      <Section title="Flights in progress" empty="No flights in progress.">
        {lists.inProgress.map((flight) => (
          <InProgressRow
            key={flight.id}
            flight={flight}
            ctx={ctx}
            onLand={mode === 'Land' ? () => land(flight) : undefined}
            landDisabled={minutes === null}
            onReleaseHeight={() => onReleaseHeight(flight)}
            onUndoLaunch={() => void undoLaunch(flight)}
          />
        ))}
      </Section>
      <Section title="Landed flights" empty="No flights landed yet today.">
        {lists.landed.map((flight) => (
          <LandedRow
            key={flight.id}
            flight={flight}
            ctx={ctx}
            onReleaseHeight={() => onReleaseHeight(flight)}
            onUndoLanding={() => void undoLanding(flight)}
          />
        ))}
      </Section>
    </>
  );
}

function Section({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  const id = `line-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="mb-3" aria-labelledby={id}>
      <h2 id={id} className="h6 fw-semibold text-body-secondary mb-2">
        {title} ({children.length})
      </h2>
      {children.length === 0 ? (
        <p className="text-body-secondary">{empty}</p>
      ) : (
        <ul className="list-unstyled mb-0">{children}</ul>
      )}
    </section>
  );
}

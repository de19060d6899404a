import { useMemo, useState, type ReactNode } from 'react';
import type { FlightRecord, GroundStatus } from '@flightline/domain/api-types';
import type { UpdateFlight } from '@flightline/domain/schemas/flights';
import '../../app/back-office.scss';
import { OfflineNotice } from '../../components/offline-notice.tsx';
import { Loading, Page } from '../../components/page-state.tsx';
import { confirmDialog } from '../../lib/confirm-store.ts';
import { notifications } from '../../lib/notifications-store.ts';
import { useSession } from '../../lib/session.ts';
import { clubToday } from '../account/club-dates.ts';
import { newIdempotencyKey } from '../../lib/new-id.ts';
import { POLL_MS, useFlightAction, useGroundStatus, useHeightUnit, useNow } from './api.ts';
import { InProgressRow, LandedRow, type RowContext } from './flight-rows.tsx';
import './ground.css';
import { chosenTug, launchButtonText, readyTugs, towPilotChoices } from './launch-crew.ts';
import { LaunchedBy, NextFlightPicker } from './launch-panel.tsx';
import { flightLabel, partitionFlights, stillWaiting } from './line-lists.ts';
import { FAILED_UNDO_LANDING, FAILED_UNDO_LAUNCH, noActionMessage, pollBannerText } from './line-messages.ts';
import { minutesAgoFromNow } from './minutes-ago.ts';
import { ReleaseHeightModal } from './release-height-modal.tsx';
import { minutesOf, NOW, WhenControl, type WhenState } from './when-control.tsx';

const TITLE = 'Record Launch or Landing';
type Mode = 'Launch' | 'Land';

/** `/ground/`: line management (back-office spec §2), for every active member on duty. */
export function GroundPage() {
  const { data: session } = useSession();
  // RequireMember has loaded the session and checked the club before this renders.
  if (!session?.club) return null;
  return <GroundLine club={session.club} timeZone={session.clubTimeZone} />;
}

function GroundLine({ club, timeZone }: { club: string; timeZone: string }) {
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

  return (
    <Page>
      <h1 className="h4 mb-3">{TITLE}</h1>
      <OfflineNotice />
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
          <button key={m} type="button" className={`btn btn-lg ${mode === m ? 'btn-dark' : 'btn-outline-dark'}`} aria-pressed={mode === m} onClick={() => setMode(m)}>
            {m}
          </button>
        ))}
      </div>
      <WhenControl when={when} onChange={setWhen} now={now} timeZone={timeZone} />
      {status.data ? (
        <LineLists
          data={status.data}
          club={club}
          day={day}
          mode={mode}
          when={when}
          onDone={() => setWhen(NOW)}
          ctx={{ now, timeZone, heightUnit, busy: false }}
          onReleaseHeight={setReleaseFor}
        />
      ) : (
        status.isPending && <Loading text="Retrieving flights and tugs...." />
      )}
      {releaseFor && <ReleaseHeightModal flight={releaseFor} club={club} day={day} heightUnit={heightUnit} onClose={() => setReleaseFor(null)} />}
    </Page>
  );
}

function LineLists({
  data,
  club,
  day,
  mode,
  when,
  onDone,
  ctx: baseCtx,
  onReleaseHeight,
}: {
  data: GroundStatus;
  club: string;
  day: string;
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
  const action = useFlightAction(club, day);
  const ctx: RowContext = { ...baseCtx, busy: action.isPending };

  const selected = stillWaiting(lists.waiting, selectedId);
  const tug = chosenTug(tugs, tugId);
  const towPilot = tug ? (towOverride?.tug === tug.id ? towOverride.pilot : tug.currentPilot) : '';
  const towPilots = towPilotChoices(data.pilots ?? [], tug);
  const minutes = minutesOf(when);

  /** Send one line action; its key is made here, once per press. */
  const run = (body: UpdateFlight, messages: { success: string; failure: (error: unknown) => { heading?: string; message: string } }, after?: () => void) => {
    action.mutate(
      { ...body, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: () => {
          // Short: on a busy line the next toast must not hide the next row's buttons.
          notifications.toast({ status: 'success', message: messages.success, delay: 2500 });
          after?.();
        },
        onError: (error) => notifications.toast({ status: 'danger', delay: 6000, ...messages.failure(error) }),
      },
    );
  };
  const noAction = (error: unknown) => ({ message: noActionMessage(error) });

  const launch = () => {
    if (!selected || minutes === null) return;
    const flight = selected;
    run(
      { action: 'Launch', id: flight.id, time: minutesAgoFromNow(minutes), tug: tug?.id ?? '', towPilot },
      { success: `${flight.glider} launched`, failure: noAction },
      () => {
        setSelectedId(null);
        onDone();
      },
    );
  };

  const land = (flight: FlightRecord) => {
    if (minutes === null) return;
    run({ action: 'Landing', id: flight.id, time: minutesAgoFromNow(minutes) }, { success: `${flight.glider} landed`, failure: noAction }, onDone);
  };

  const remove = async (flight: FlightRecord) => {
    const ok = await confirmDialog.ask({
      heading: 'Remove from flight line',
      message: `Remove ${flightLabel(flight)} from the flight line? The request is cancelled and the glider is free again.`,
      confirmLabel: 'Remove',
      rejectLabel: 'Keep',
      confirmVariant: 'danger',
    });
    if (!ok) return;
    run({ action: 'CancelRequest', id: flight.id }, { success: `${flight.glider} removed from the flight line`, failure: noAction }, () => setSelectedId(null));
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
    run({ action: 'UndoLaunch', id: flight.id }, { success: `Launch of ${flight.glider} undone`, failure: (error) => ({ heading: FAILED_UNDO_LAUNCH, message: noActionMessage(error) }) });
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
    run({ action: 'UndoLanding', id: flight.id }, { success: `Landing of ${flight.glider} undone`, failure: (error) => ({ heading: FAILED_UNDO_LANDING, message: noActionMessage(error) }) });
  };

  const button = launchButtonText({ glider: selected?.glider ?? null, tugsReady: tugs.length, tug: tug?.id ?? null, minutesOk: minutes !== null });

  return (
    <>
      {mode === 'Launch' && (
        // One box for the picker and the buttons, so the sticky Launch button stays in reach while a long queue scrolls.
        <div className="mb-4">
          <NextFlightPicker waiting={lists.waiting} selected={selected?.id ?? null} onSelect={setSelectedId} now={ctx.now} busy={ctx.busy} />
          <LaunchedBy
            tugs={tugs}
            tug={tug}
            onTug={setTugId}
            towPilots={towPilots}
            towPilot={towPilot}
            onTowPilot={(pilot) => tug && setTowOverride({ tug: tug.id, pilot })}
            busy={ctx.busy}
          />
          <div className="line-sticky-action d-grid">
            <button type="button" className="btn btn-success btn-lg line-big" disabled={button.disabled || ctx.busy} onClick={launch}>
              {button.text}
            </button>
          </div>
          <div className="d-grid">
            <button type="button" className="btn btn-outline-danger" disabled={!selected || ctx.busy} onClick={() => selected && void remove(selected)}>
              Remove from flight line
            </button>
          </div>
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
          <LandedRow key={flight.id} flight={flight} ctx={ctx} onReleaseHeight={() => onReleaseHeight(flight)} onUndoLanding={() => void undoLanding(flight)} />
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
      {children.length === 0 ? <p className="text-body-secondary">{empty}</p> : <ul className="list-unstyled mb-0">{children}</ul>}
    </section>
  );
}

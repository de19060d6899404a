import type { FlightRecord } from '@flightline/domain/api/types';
import { WaitingToSend } from '../../components/waiting-to-send.tsx';
import { hasReleaseHeight, pilotShortName } from './line-lists.ts';
import { flightDurationText } from '@flightline/domain/flights/flight-duration';
import { clockText, timeSinceText } from './time-text.ts';

/** What the lists need to show times and heights. */
export interface RowContext {
  now: number;
  timeZone: string;
  heightUnit: string;
  /** A line action is being stored: the buttons wait. */
  busy: boolean;
  /** This phone's events still in the outbox, by flight: their labels. */
  waiting?: ReadonlyMap<string, string[]> | undefined;
}

function FlightTitle({ flight, waiting }: { flight: FlightRecord; waiting?: string[] | undefined }) {
  return (
    <div className="d-flex flex-wrap align-items-baseline column-gap-2">
      <strong className="fs-5">{flight.glider}</strong>
      <span>{pilotShortName(flight.first, flight.last)}</span>
      {flight.launchType && <span className="text-body-secondary">{flight.launchType}</span>}
      {waiting && <WaitingToSend title={waiting.join(', ')} />}
    </div>
  );
}

/** Release height 0 means not recorded: highlighted. */
function ReleaseBadge({ flight, heightUnit }: { flight: FlightRecord; heightUnit: string }) {
  if (!hasReleaseHeight(flight))
    return <span className="badge text-bg-warning fs-6 fw-semibold">No release height</span>;
  return (
    <span className="badge text-bg-light border fs-6 fw-normal">
      Release {flight.releaseHeight}
      {heightUnit ? ` ${heightUnit}` : ''}
    </span>
  );
}

/** A row's Release height and its undo, side by side. */
function RowActions({
  busy,
  onReleaseHeight,
  undo,
  onUndo,
}: {
  busy: boolean;
  onReleaseHeight: () => void;
  undo: string;
  onUndo: () => void;
}) {
  return (
    <div className="d-flex gap-2">
      <button type="button" className="btn btn-outline-primary flex-fill" disabled={busy} onClick={onReleaseHeight}>
        Release height
      </button>
      <button type="button" className="btn btn-outline-danger flex-fill" disabled={busy} onClick={onUndo}>
        {undo}
      </button>
    </div>
  );
}

function rowClass(flight: FlightRecord): string {
  return `line-flight border rounded p-2 mb-2${hasReleaseHeight(flight) ? '' : ' line-flight-no-height'}`;
}

/** A launched flight: Land (in Land mode), Release height, Undo launch. */
export function InProgressRow({
  flight,
  ctx,
  onLand,
  landDisabled = false,
  onReleaseHeight,
  onUndoLaunch,
}: {
  flight: FlightRecord;
  ctx: RowContext;
  onLand?: (() => void) | undefined;
  landDisabled?: boolean;
  onReleaseHeight: () => void;
  onUndoLaunch: () => void;
}) {
  const launchedAt = flight.launchedAt!;
  return (
    <li className={rowClass(flight)} aria-label={`${flight.glider} in progress`}>
      <FlightTitle flight={flight} waiting={ctx.waiting?.get(flight.id)} />
      <div className="d-flex flex-wrap align-items-center gap-2 my-1">
        <span>
          Launched {clockText(launchedAt, ctx.timeZone)}, flying <strong>{timeSinceText(launchedAt, ctx.now)}</strong>
          {flight.tug && <span className="text-body-secondary"> · {flight.tug}</span>}
        </span>
        <ReleaseBadge flight={flight} heightUnit={ctx.heightUnit} />
      </div>
      {onLand && (
        <button
          type="button"
          className="btn btn-primary btn-lg w-100 mb-2 line-big"
          disabled={ctx.busy || landDisabled}
          onClick={onLand}
        >
          Land {flight.glider}
        </button>
      )}
      <RowActions busy={ctx.busy} onReleaseHeight={onReleaseHeight} undo="Undo launch" onUndo={onUndoLaunch} />
    </li>
  );
}

/** A landed flight: Release height, Undo landing. */
export function LandedRow({
  flight,
  ctx,
  onReleaseHeight,
  onUndoLanding,
}: {
  flight: FlightRecord;
  ctx: RowContext;
  onReleaseHeight: () => void;
  onUndoLanding: () => void;
}) {
  const landedAt = flight.landedAt!;
  return (
    <li className={rowClass(flight)} aria-label={`${flight.glider} landed`}>
      <FlightTitle flight={flight} waiting={ctx.waiting?.get(flight.id)} />
      <div className="d-flex flex-wrap align-items-center gap-2 my-1">
        <span>
          Landed {clockText(landedAt, ctx.timeZone)}
          {flight.launchedAt !== null && <>, flight {flightDurationText(flight.launchedAt, landedAt)}</>}
        </span>
        <ReleaseBadge flight={flight} heightUnit={ctx.heightUnit} />
      </div>
      <RowActions busy={ctx.busy} onReleaseHeight={onReleaseHeight} undo="Undo landing" onUndo={onUndoLanding} />
    </li>
  );
}

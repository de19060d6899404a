import { useId, type ReactNode } from 'react';
import type { FlightRecord, TugStatus } from '@flightline/domain/api/types';
import { TitledSection } from '../../components/titled-section.tsx';
import { ToggleButton } from '../../components/toggle-button.tsx';
import { WaitingToSend } from '../../components/waiting-to-send.tsx';
import type { TowPilotChoice } from './launch-crew.ts';
import { pilotShortName } from './line-lists.ts';
import { timeSinceText } from './time-text.ts';

/** The next-flight picker: the waiting flights in submission order, one big button each. */
export function NextFlightPicker({
  waiting,
  selected,
  onSelect,
  now,
  busy,
  unsent,
}: {
  waiting: FlightRecord[];
  selected: string | null;
  onSelect: (id: string | null) => void;
  now: number;
  busy: boolean;
  /** Flights with this phone's events still in the outbox (a request made offline). */
  unsent?: ReadonlyMap<string, string[]> | undefined;
}) {
  return (
    <TitledSection title="Next flight" headingClassName="h6 fw-semibold text-body-secondary mb-2">
      {waiting.length === 0 ? (
        <p className="text-body-secondary border rounded p-3 mb-0">No flights waiting for a launch.</p>
      ) : (
        <div className="d-grid gap-2">
          {waiting.map((flight) => {
            const active = flight.id === selected;
            return (
              <ToggleButton
                key={flight.id}
                on={active}
                className="line-choice line-flight text-start"
                disabled={busy}
                onClick={() => onSelect(active ? null : flight.id)}
              >
                <span className="d-flex flex-wrap align-items-baseline column-gap-2">
                  <strong className="fs-5">{pilotShortName(flight.first, flight.last)}</strong>
                  <span className="fs-5">{flight.glider}</span>
                  {flight.launchType && <span>{flight.launchType}</span>}
                  {unsent?.has(flight.id) && <WaitingToSend title={unsent.get(flight.id)!.join(', ')} />}
                  <span className="ms-auto small opacity-75">waiting {timeSinceText(flight.submittedAt, now)}</span>
                </span>
              </ToggleButton>
            );
          })}
        </div>
      )}
    </TitledSection>
  );
}

/** Launched By: the Ready tugs, and the tow pilot (the tug's checked-in pilot unless changed). */
export function LaunchedBy({
  tugs,
  tug,
  onTug,
  towPilots,
  towPilot,
  onTowPilot,
  busy,
}: {
  tugs: TugStatus[];
  tug: TugStatus | null;
  onTug: (id: string) => void;
  towPilots: TowPilotChoice[];
  towPilot: string;
  onTowPilot: (userID: string) => void;
  busy: boolean;
}) {
  const id = useId();
  return (
    <TitledSection title="Launched By" headingClassName="h6 fw-semibold text-body-secondary mb-2">
      {tugs.length === 0 ? (
        <p className="text-body-secondary border rounded p-3 mb-0">No tug is Ready.</p>
      ) : (
        <>
          <div className="d-grid gap-2 mb-2" style={{ gridTemplateColumns: 'repeat(auto-fill, minmax(9.5rem, 1fr))' }}>
            {tugs.map((t) => {
              const active = t.id === tug?.id;
              return (
                <ToggleButton
                  key={t.id}
                  on={active}
                  className="line-choice"
                  disabled={busy}
                  onClick={() => onTug(t.id)}
                >
                  <strong className="d-block fs-5">{t.id}</strong>
                  <span className="d-block small">{t.pilotName || 'No pilot checked in'}</span>
                </ToggleButton>
              );
            })}
          </div>
          <label htmlFor={`${id}-pilot`} className="form-label mb-1">
            Tow pilot
          </label>
          <select
            id={`${id}-pilot`}
            className="form-select form-select-lg"
            value={towPilot}
            disabled={busy || !tug}
            onChange={(e) => onTowPilot(e.target.value)}
          >
            <option value="">None</option>
            {towPilots.map((p) => (
              <option key={p.userID} value={p.userID}>
                {p.name}
              </option>
            ))}
          </select>
        </>
      )}
    </TitledSection>
  );
}

/**
 * Under the picker: Launched By (`crew`), the Launch button and Remove from
 * flight line. The Launch button sticks to the bottom of the screen while a
 * long queue scrolls; once a flight is picked, the tug and the tow pilot
 * stick with it, so no one launches without seeing who tows (issue 25 item 10).
 */
export function LaunchActions({
  crew,
  picked,
  button,
  busy,
  canRemove,
  onLaunch,
  onRemove,
}: {
  crew: ReactNode;
  picked: boolean;
  button: { text: string; disabled: boolean };
  busy: boolean;
  canRemove: boolean;
  onLaunch: () => void;
  onRemove: () => void;
}) {
  return (
    <>
      {/* One element either way (display: contents until a flight is picked),
          so the tow pilot picker keeps its state. */}
      <div className={picked ? 'line-sticky-action line-launch-bar' : 'line-launch-crew'}>
        {crew}
        <div className={picked ? 'd-grid' : 'line-sticky-action d-grid'}>
          <button
            type="button"
            className="btn btn-success btn-lg line-big"
            disabled={button.disabled || busy}
            onClick={onLaunch}
          >
            {button.text}
          </button>
        </div>
      </div>
      <div className="d-grid">
        <button type="button" className="btn btn-outline-danger" disabled={!canRemove || busy} onClick={onRemove}>
          Remove from flight line
        </button>
      </div>
    </>
  );
}

/**
 * Brings the picked flight into view above the Launch bar stuck to the bottom of the screen, so the bar never
 * covers it.
 */
export function showPickedFlight(box: HTMLElement | null): void {
  const picked = box?.querySelector<HTMLElement>('.line-flight[aria-pressed="true"]');
  const bar = box?.querySelector<HTMLElement>('.line-launch-bar');
  if (!picked || !bar) return;
  picked.style.scrollMarginBottom = `${bar.offsetHeight + 8}px`;
  picked.scrollIntoView({ block: 'nearest' });
}

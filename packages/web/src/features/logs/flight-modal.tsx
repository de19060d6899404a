import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { FlightRecord, LogsData } from '@flightline/domain/api/types';
import { flownAndBilledRuleText } from '@flightline/domain/flights/flight-duration';
import { gliderLogbookPath } from '@flightline/domain/flights/glider-logbook';
import { formatMoney } from '@flightline/domain/money/money';
import type { ChangeFlight } from '@flightline/domain/schemas/flights';
import { FlightCharges } from '../../components/charge-breakdown/flight-charges.tsx';
import { notifications } from '../../lib/notifications-store.ts';
import { Link } from '../../lib/router.tsx';
import { newIdempotencyKey } from '../../lib/new-id.ts';
import { updateFailure, useChangeFlight } from './api.ts';
import { FlightEditForm } from './flight-edit-form.tsx';
import {
  buildChangeFlight,
  changeRows,
  clockText,
  commandText,
  draftOf,
  parseReleaseHeight,
  passengerText,
  RELEASE_HEIGHT_POSITIVE,
  updatedMessage,
  yesNo,
  type ChangeRow,
  type FlightDraft,
  type FlightLookups,
} from './flight-draft.ts';
import { durationOf, fullName, pilotMap } from './log-views.ts';
import { Revisions } from './revisions.tsx';

/** Take down the alert `ref` holds, if it is still up. */
function dismiss(ref: RefObject<number | null>) {
  if (ref.current !== null) notifications.remove(ref.current);
  ref.current = null;
}

/** The modal's steps. */
type Step = 'info' | 'edit' | 'confirm';

const TITLES: Record<Step, string> = { info: 'Flight Info', edit: 'Editing Flight', confirm: 'Confirm Changes' };

interface FlightModalProps {
  flight: FlightRecord;
  data: LogsData;
  club: string;
  timeZone: string;
  heightUnit: string;
  onClose: () => void;
}

/**
 * Flight Info → Editing Flight → Confirm Changes: INFO to EDIT (Edit
 * Flight, for admin or canEditLogs on a flight not locked), EDIT to INFO
 * (Cancel), EDIT to CONFIRM (Submit Changes), CONFIRM to EDIT (Back),
 * CONFIRM submits. On success the modal closes; closing always drops the
 * edit (the page unmounts the modal), so it opens again on Flight Info.
 */
export function FlightModal({ flight, data, club, timeZone, heightUnit, onClose }: FlightModalProps) {
  const [step, setStep] = useState<Step>('info');
  const [draft, setDraft] = useState<FlightDraft>(() => draftOf(flight, timeZone));
  const [heightInvalid, setHeightInvalid] = useState(false);
  // The alert Submit Changes raised: alerts sit over the modal's header for 4 s, so it goes as soon as it is stale.
  const refusal = useRef<number | null>(null);
  const [pending, setPending] = useState<{ body: ChangeFlight; rows: ChangeRow[] } | null>(null);
  const change = useChangeFlight(club);
  const lookups = useMemo<FlightLookups>(
    () => ({ timeZone, pilots: pilotMap(data.pilots), intros: new Map((data.intros ?? []).map((i) => [i.id, i])) }),
    [timeZone, data.pilots, data.intros],
  );
  // The log corrects launched flights; a waiting one is changed on the flight line (the server refuses it too).
  const editable = data.canEdit && !flight.flightLocked && flight.launchedAt !== null;
  const titleId = `flight-modal-title-${flight.id}`;
  // A refusal belongs to the step that raised it (and to the open modal).
  useEffect(() => () => dismiss(refusal), [step]);

  const close = () => {
    if (!change.isPending) onClose();
  };
  const edit = () => {
    setDraft(draftOf(flight, timeZone));
    setHeightInvalid(false);
    setStep('edit');
  };
  const submitChanges = () => {
    // A new key per Submit Changes: Confirm sends this edit at most once, however often it is pressed.
    const built = buildChangeFlight(flight, draft, lookups, newIdempotencyKey());
    dismiss(refusal);
    if (!built.ok) {
      setHeightInvalid(built.problem === RELEASE_HEIGHT_POSITIVE || built.problem.startsWith('Release height'));
      refusal.current = notifications.alert({ status: 'danger', message: built.problem });
      return;
    }
    setHeightInvalid(false);
    const rows = changeRows(flight, built.body, lookups);
    if (rows.length === 0) {
      refusal.current = notifications.alert({ status: 'info', message: 'Nothing has changed' });
      return;
    }
    setPending({ body: built.body, rows });
    setStep('confirm');
  };
  const changeDraft = (next: FlightDraft) => {
    setDraft(next);
    // The height is fixed: the field and its alert stop saying otherwise.
    if (heightInvalid && typeof parseReleaseHeight(next.releaseHeight) === 'number') {
      setHeightInvalid(false);
      dismiss(refusal);
    }
  };
  const confirm = () => {
    if (!pending) return;
    change.mutate(pending.body, {
      onSuccess: () => {
        notifications.toast({ status: 'success', message: updatedMessage(flight.id) });
        onClose();
      },
      onError: (error) => notifications.alert({ status: 'danger', message: updateFailure(error) }),
    });
  };

  return (
    <Modal show onHide={close} fullscreen="sm-down" scrollable aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {TITLES[step]}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="fw-semibold mb-2">
          {flight.glider} · {flight.first} {flight.last} · {flight.dateString}
        </p>
        {step === 'info' && (
          <>
            <FlightInfo flight={flight} data={data} lookups={lookups} heightUnit={heightUnit} />
            <FlightCharges club={club} charges={ownCharges(flight)} />
          </>
        )}
        {step === 'edit' && (
          <FlightEditForm
            flightId={flight.id}
            day={flight.dateString}
            draft={draft}
            data={data}
            heightUnit={heightUnit}
            heightInvalid={heightInvalid}
            onChange={changeDraft}
            onSubmit={submitChanges}
          />
        )}
        {step === 'confirm' && pending && (
          <ul className="list-group" aria-label="Changes">
            {pending.rows.map((row) => (
              <li key={row.key} className="list-group-item">
                <span className="d-block small text-body-secondary">{row.label}</span>
                <del className="text-body-secondary me-2">{row.from}</del>
                <span className="fw-semibold">{row.to}</span>
              </li>
            ))}
          </ul>
        )}
      </Modal.Body>
      <Modal.Footer className="flex-nowrap">
        {step === 'info' && (
          <>
            <Button variant="secondary" className="flex-fill" onClick={close}>
              Close
            </Button>
            {editable && (
              <Button variant="primary" className="flex-fill" onClick={edit}>
                Edit Flight
              </Button>
            )}
          </>
        )}
        {step === 'edit' && (
          <>
            <Button variant="secondary" className="flex-fill" onClick={() => setStep('info')}>
              Cancel
            </Button>
            <Button variant="primary" className="flex-fill" onClick={submitChanges}>
              Submit Changes
            </Button>
          </>
        )}
        {step === 'confirm' && (
          <>
            <Button
              variant="secondary"
              className="flex-fill"
              onClick={() => setStep('edit')}
              disabled={change.isPending}
            >
              Back
            </Button>
            <Button variant="primary" className="flex-fill" onClick={confirm} disabled={change.isPending}>
              {change.isPending ? 'Saving…' : 'Confirm'}
            </Button>
          </>
        )}
      </Modal.Footer>
    </Modal>
  );
}

/** The flight's entries its own user may open: the server sends the costs only to them, never for an intro. */
function ownCharges(flight: FlightRecord): { label: string; transactionId: number }[] {
  const charges: { label: string; transactionId: number }[] = [];
  if (flight.launchCost !== null && flight.launchTransaction !== null)
    charges.push({ label: 'Launch charge', transactionId: flight.launchTransaction });
  if (flight.flightCost !== null && flight.landingTransaction !== null)
    charges.push({ label: 'Rental charge', transactionId: flight.landingTransaction });
  return charges;
}

function FlightInfo({
  flight,
  data,
  lookups,
  heightUnit,
}: {
  flight: FlightRecord;
  data: LogsData;
  lookups: FlightLookups;
  heightUnit: string;
}) {
  const { timeZone } = lookups;
  const facts: [string, ReactNode][] = [
    // The glider's name opens its logbook.
    ['Glider', <Link to={gliderLogbookPath(flight.glider)}>{flight.glider}</Link>],
    ['Pilot', `${flight.first} ${flight.last}`.trim()],
    ['Flying With', flight.flyWith],
    ['Passenger', passengerText(flight, lookups)],
    ['Sharing Cost?', yesNo(flight.shareCost)],
    ['Pilot in Command', commandText(flight, lookups)],
    ['Launch', flight.launchType || '—'],
    ['Takeoff Time', clockText(flight.launchedAt, timeZone)],
    ['Landing Time', clockText(flight.landedAt, timeZone)],
    ['Duration', durationOf(flight)],
    ['Release Height', flight.releaseHeight > 0 ? `${flight.releaseHeight}${heightUnit ? ` ${heightUnit}` : ''}` : '—'],
    ['Tow Pilot', flight.towPilot ? fullName(lookups.pilots, flight.towPilot) : '—'],
    ['Tug', flight.tug || '—'],
  ];
  // The server sends the costs only to the flight's own user and never for an intro flight.
  if (flight.launchCost !== null) facts.push(['Launch cost', formatMoney(flight.launchCost)]);
  if (flight.flightCost !== null) {
    // With money, the minutes the rental billed and how it rounds them beside the minutes flown (issue 25 item 11).
    const minutes =
      flight.launchedAt !== null && flight.landedAt !== null && flight.landedAt >= flight.launchedAt
        ? ` (${flownAndBilledRuleText(flight.launchedAt, flight.landedAt)})`
        : '';
    facts.push(['Flight cost', `${formatMoney(flight.flightCost)}${minutes}`]);
  }

  return (
    <>
      {flight.flightLocked && (
        <p className="alert alert-secondary py-2 small" role="note">
          <span className="badge text-bg-secondary me-2">Locked</span>
          {data.lockDate
            ? `Flights on or before ${data.lockDate} can no longer be changed.`
            : 'This flight can no longer be changed.'}
        </p>
      )}
      {data.canEdit && !flight.flightLocked && flight.launchedAt === null && (
        <p className="alert alert-info py-2 small">
          This flight has not launched yet: it is changed on the flight line.
        </p>
      )}
      <dl className="row flight-facts mb-0" aria-label="Flight">
        {facts.map(([label, value]) => (
          <div key={label} className="col-6">
            <dt className="small">{label}</dt>
            <dd className="text-break">{value}</dd>
          </div>
        ))}
      </dl>
      <Revisions
        corrections={flight.corrections}
        lateEntries={flight.lateEntries}
        fromOgn={flight.fromOgn}
        lookups={lookups}
      />
    </>
  );
}

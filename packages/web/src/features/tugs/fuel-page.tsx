import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate } from '../../lib/router.tsx';
import { PAGE_HEADINGS } from '@flightline/domain/pages/page-headings';
import type { TugPageData, TugStatus } from '@flightline/domain/api/types';
import { Loading, LoadError, Page } from '../../components/page-state.tsx';
import { errorMessage } from '../../lib/api.ts';
import { confirmDialog } from '../../lib/confirm-store.ts';
import { notifications } from '../../lib/notifications-store.ts';
import { failedToLoad } from '../../lib/offline-status.ts';
import { useSession } from '../../lib/session.ts';
import { newIdempotencyKey } from '../../lib/new-id.ts';
import { FieldFrame } from '../../components/form/field-frame.tsx';
import { tapperOf, towEventEntry, type Tapper } from '../../lib/outbox/field-events.ts';
import { useOutbox, useOutboxSend } from '../../lib/outbox/use-outbox.ts';
import { useTugsAnswered, useTugPage } from './api.ts';
import { withPendingTowEvents } from './pending-tows.ts';
import { TowModes } from './tow-modes.tsx';
import { TowPilotField } from './tow-pilot-field.tsx';
import { TugPicker } from './tug-picker.tsx';
import {
  checkOutLabel,
  defaultTug,
  hobbsJumpWarning,
  hobbsPrefill,
  lastNote,
  MODES,
  towData,
  towLabel,
  type TowDraft,
  type TowErrors,
  type TowMode,
} from './tow-form.ts';
import './fuel-page.css';

const TITLE = PAGE_HEADINGS['/fuel'].title;

/** `/fuel/`: the tug page — pilot check in and out, refuel and oil change, logged against a tug's Hobbs. */
export function FuelPage() {
  const { data: session } = useSession();
  // RequireMember has loaded the session and checked the club before this renders.
  if (!session?.club || !session.userID) return null;
  return <TugLoader club={session.club} userID={session.userID} tapper={tapperOf(session)} />;
}

function TugLoader({ club, userID, tapper }: { club: string; userID: string; tapper: Tapper }) {
  const page = useTugPage(club);
  if (page.isPending)
    return (
      <Page title={TITLE}>
        <Loading text="Retrieving the tugs...." />
      </Page>
    );
  if (!page.data || failedToLoad(page)) {
    return (
      <Page title={TITLE}>
        <LoadError error={page.error} prefix="Could not load the tugs." />
        <HomeLink />
      </Page>
    );
  }
  if (page.data.tugs.length === 0) {
    return (
      <Page title={TITLE}>
        <p className="alert alert-info">The club has no tugs yet. An admin can add one in Administration.</p>
        <HomeLink />
      </Page>
    );
  }
  return <TowForm key={club} club={club} userID={userID} tapper={tapper} page={page.data} />;
}

function HomeLink() {
  return (
    <Link to="/" className="btn btn-outline-secondary w-100 d-flex align-items-center justify-content-center">
      Home
    </Link>
  );
}

/**
 * The form. Each event goes through the field outbox (docs/offline.md): its
 * idempotency key and tap time are stored at once and it is sent in order,
 * now or when the signal returns; the tugs shown include this phone's events
 * still waiting, so the next reading is checked against them.
 */
function TowForm({
  club,
  userID,
  tapper,
  page: loaded,
}: {
  club: string;
  userID: string;
  tapper: Tapper;
  page: TugPageData;
}) {
  const navigate = useNavigate();
  const send = useOutboxSend();
  const answered = useTugsAnswered(club);
  const outbox = useOutbox();
  const pending = useMemo(() => withPendingTowEvents(loaded, outbox.waiting), [loaded, outbox.waiting]);
  const page = { ...loaded, tugs: pending.tugs };
  const [tugId, setTugId] = useState(() => defaultTug(loaded.tugs));
  const [mode, setMode] = useState<TowMode>('checkIn');
  const [draft, setDraft] = useState<TowDraft>(() => ({
    hobbs: hobbsPrefill(pending.tugs.find((t) => t.id === tugId)),
    fuel: '',
    pilot: '',
  }));
  const [errors, setErrors] = useState<TowErrors>({});
  const [storing, setStoring] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const hobbsRef = useRef<HTMLInputElement>(null);
  const tug = page.tugs.find((t) => t.id === tugId);
  // The page may open on the last data seen (restored, or before a refresh answers): while the Hobbs field
  // still shows the old reading untouched, it follows the tug's newer one.
  const prefill = hobbsPrefill(tug);
  const [prefilled, setPrefilled] = useState(prefill);
  if (prefill !== prefilled) {
    setPrefilled(prefill);
    if (draft.hobbs === prefilled) setDraft((d) => ({ ...d, hobbs: prefill }));
  }

  useEffect(() => {
    if (refusal) alertRef.current?.focus();
  }, [refusal]);

  const changed = () => setRefusal(null);
  const chooseTug = (id: string) => {
    changed();
    setTugId(id);
    setErrors({});
    setDraft((d) => ({ ...d, hobbs: hobbsPrefill(page.tugs.find((t) => t.id === id)) }));
  };
  const chooseMode = (next: TowMode) => {
    changed();
    setMode(next);
    setErrors({});
  };
  const update = (field: keyof TowDraft, value: string) => {
    changed();
    setDraft((d) => ({ ...d, [field]: value }));
    if (errors[field] || errors.form) setErrors((e) => ({ ...e, [field]: undefined, form: undefined }));
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!tug || storing) return;
    // The time is the tap's: towEventEntry sets it when the event is stored.
    const checked = towData(mode, draft, tug, { time: 0, by: userID });
    if (!checked.ok) {
      setErrors(checked.errors);
      if (checked.errors.hobbs) hobbsRef.current?.focus();
      return;
    }
    setErrors({});
    const jump = hobbsJumpWarning(tug, draft.hobbs);
    if (
      jump &&
      (await confirmDialog.ask({
        heading: 'Check the Hobbs reading',
        message: jump,
        confirmLabel: 'Yes, record it',
        rejectLabel: 'Fix it',
      })) !== true
    ) {
      hobbsRef.current?.focus();
      return;
    }
    const { data } = checked;
    const pilot = page.towPilots.find((p) => p.userID === data.pilot);
    const label = towLabel(data, { checkedIn: tug.pilotName, pilot: pilot ? `${pilot.first} ${pilot.last}` : '' });
    // One key per event: a second tap while it is stored is ignored (storing), a retry of it is the outbox's.
    const entry = towEventEntry({ idempotencyKey: newIdempotencyKey(), data: { ...data }, label, by: tapper });
    const done = () => {
      // Tug pilot rule: after a check out the chosen tow pilot resets to None.
      if (mode === 'checkOut') setDraft((d) => ({ ...d, pilot: '' }));
      navigate('/');
    };
    setStoring(true);
    setRefusal(null);
    try {
      const { firstTry } = await send(entry, (outcome) => {
        if (outcome.kind === 'done') {
          notifications.toast({ status: 'success', message: outcome.body.message });
          // The tugs as they are now, before leaving: the page opens with them next time.
          void answered().finally(done);
        } else {
          // Read the tugs again: the refusal may come from another phone's newer reading.
          setRefusal(outcome.refusal.message);
          void answered();
        }
        return true;
      });
      if ((await firstTry) === 'waiting') {
        notifications.toast({ status: 'warning', message: `${label}: waiting to send` });
        done();
      }
    } catch (error) {
      setRefusal(errorMessage(error));
    } finally {
      setStoring(false);
    }
  };

  return (
    <Page title={TITLE}>
      <Form noValidate onSubmit={(event) => void submit(event)} className="fuel-page">
        <TugPicker tugId={tugId} tugs={page.tugs} waiting={pending.waiting} onChoose={chooseTug} />

        <TowModes mode={mode} onChoose={chooseMode} />

        {tug ? (
          <fieldset disabled={storing}>
            <legend className="visually-hidden">{MODES.find((m) => m.mode === mode)!.label}</legend>
            {mode === 'checkIn' && (
              <TowPilotField
                value={draft.pilot}
                towPilots={page.towPilots}
                error={errors.pilot}
                onChange={(pilot) => update('pilot', pilot)}
              />
            )}

            <DecimalField
              label="Hobbs"
              unit="h"
              value={draft.hobbs}
              error={errors.hobbs && keepTogether(errors.hobbs, tug.id)}
              inputRef={hobbsRef}
              onChange={(text) => update('hobbs', text)}
            />
            {mode === 'refuel' && (
              <DecimalField
                label="Fuel"
                unit="L"
                value={draft.fuel}
                error={errors.fuel}
                onChange={(text) => update('fuel', text)}
              />
            )}

            <p className="text-body-secondary mb-3">{lastNote(mode, tug)}</p>

            {errors.form && (
              <div className="alert alert-warning" role="alert">
                {keepTogether(errors.form, tug.id)}
              </div>
            )}
            {refusal && (
              <div className="alert alert-danger" role="alert" tabIndex={-1} ref={alertRef}>
                {keepTogether(refusal, tug.id)}
              </div>
            )}

            <Button
              type="submit"
              variant="primary"
              className="w-100 mb-2"
              disabled={mode === 'checkOut' && !tug.currentPilot}
              aria-busy={storing}
            >
              {storing && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
              {submitLabel(mode, tug)}
            </Button>
          </fieldset>
        ) : (
          <p className="text-body-secondary">Choose a tug to log.</p>
        )}
        <HomeLink />
      </Form>
    </Page>
  );
}

/** A registration like C-FTOW is not broken at its hyphen when a message wraps on a narrow phone. */
function keepTogether(text: string, registration: string): ReactNode {
  const parts = text.split(registration);
  if (parts.length === 1) return text;
  return parts.flatMap((part, i) =>
    i === 0
      ? [part]
      : [
          <span key={i} className="text-nowrap">
            {registration}
          </span>,
          part,
        ],
  );
}

function submitLabel(mode: TowMode, tug: TugStatus): string {
  switch (mode) {
    case 'checkIn':
      return 'Confirm Pilot Check In';
    case 'checkOut':
      return checkOutLabel(tug);
    case 'refuel':
      return 'Confirm';
    case 'oil':
      return 'Confirm Oil Change';
  }
}

interface DecimalFieldProps {
  label: string;
  unit: string;
  value: string;
  error: ReactNode;
  onChange: (text: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/** Hours or litres as typed text (up to 2 decimals), with the unit beside it. */
function DecimalField({ label, unit, value, error, onChange, inputRef }: DecimalFieldProps) {
  const id = useId();
  return (
    <FieldFrame
      id={id}
      label={label}
      suffix={unit}
      groupValidation
      groupEnd={<Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>}
    >
      <Form.Control
        ref={inputRef}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
      />
    </FieldFrame>
  );
}

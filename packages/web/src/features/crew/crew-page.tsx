import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '../../lib/router.tsx';
import type { CrewPageData, FlightRecord } from '@flightline/domain/api/types';
import type { NewOutboxEntryOf } from '@flightline/domain/field/outbox';
import { submitButtonText } from '@flightline/domain/flights/crew-rules';
import { PAGE_HEADINGS } from '@flightline/domain/pages/page-headings';
import { Loading, Page } from '../../components/page-state.tsx';
import { ServedPage } from '../../components/served-page.tsx';
import { errorMessage } from '../../lib/api.ts';
import { holdsServedPage, releaseServedPage } from '../../lib/first-paint.ts';
import { confirmDialog } from '../../lib/confirm-store.ts';
import { notifications } from '../../lib/notifications-store.ts';
import { failedToLoad } from '../../lib/offline-status.ts';
import {
  flightRequestEntry,
  lineActionEntry,
  pilotWeightEntry,
  tapperOf,
  type Tapper,
} from '../../lib/outbox/field-events.ts';
import { followingTap } from '../../lib/outbox/field-outbox.ts';
import { useOutboxSend } from '../../lib/outbox/use-outbox.ts';
import { useSession } from '../../lib/session.ts';
import { afterFlightRequest } from '../../lib/api/crew.ts';
import { whenIdle } from '../../lib/when-idle.ts';
import { clubToday } from '../../lib/club-dates.ts';
import { useCrewPage } from './api.ts';
import { ChoiceButtons } from './choice-buttons.tsx';
import { CrewPeople } from './crew-people.tsx';
import { CrewWeights } from './crew-weights.tsx';
import {
  crewFormState,
  initialDraft,
  reconcileDraft,
  summaryLine,
  withGlider,
  withIntro,
  type CrewDraft,
} from '@flightline/domain/field/crew-draft';
import { FlightPlaced } from './flight-placed.tsx';
import { GliderSelect } from './glider-select.tsx';
import { crewLoadError } from './load-error.ts';
import { pendingFlight } from './pending-flight.ts';
import { placedAnswer, type PlacedAnswer } from './placed-answer.ts';
import { newIdempotencyKey } from '../../lib/new-id.ts';

const TITLE = PAGE_HEADINGS['/crew'].title;

// The intro part (its search, tooltip and passenger dialog, with their code and styles) is not needed to show
// the form: it loads once the form is up and the phone idle, so it is there by the time Intro is tapped.
const loadIntroSection = () => import('./intro-section.tsx');
const IntroSection = lazy(async () => ({ default: (await loadIntroSection()).IntroSection }));
// The request's check uses the server's own schema (zod, a quarter of the page's code): loaded the same way.
const loadRequestRules = () => import('./flight-request.ts');

/** `/crew`: the crew page (Request Flight). */
export function CrewPage() {
  const session = useSession();
  const s = session.data;
  if (!s?.club || !s.userID)
    return <Page title={TITLE}>{session.isError ? <CrewLoadError error={session.error} /> : <Loading />}</Page>;
  return <CrewLoader club={s.club} userID={s.userID} tapper={tapperOf(s)} />;
}

function CrewLoadError({ error }: { error: unknown }) {
  return (
    <div className="alert alert-danger" role="alert">
      <div>Error: {crewLoadError(error)}</div>
      <div className="small mt-1">{errorMessage(error)}</div>
    </div>
  );
}

function CrewLoader({ club, userID, tapper }: { club: string; userID: string; tapper: Tapper }) {
  const crew = useCrewPage(club, userID);
  // The form the server drew (decision 0020) stays until the page's read has answered, then is never shown again.
  useEffect(() => {
    if (!crew.isPending) releaseServedPage();
  }, [crew.isPending]);
  if (crew.isPending && holdsServedPage('/crew')) return <ServedPage />;
  return (
    <Page title={TITLE}>
      {crew.isPending ? (
        <Loading />
      ) : !crew.data || failedToLoad(crew) ? (
        <>
          <CrewLoadError error={crew.error} />
          <button type="button" className="btn btn-outline-primary" onClick={() => void crew.refetch()}>
            Try again
          </button>
        </>
      ) : (
        <CrewFlow club={club} userID={userID} data={crew.data} refetch={() => crew.refetch()} tapper={tapper} />
      )}
    </Page>
  );
}

interface Placed {
  /** The server's answer; null while the request waits in the field outbox. */
  answer: PlacedAnswer | null;
  /** The flight as placed: the answer's, or as it will be once sent. */
  flight: FlightRecord;
  warning: string | null;
}

/** What the form hands over once the person confirmed. */
interface PlaceRequest {
  entry: NewOutboxEntryOf<'flight-request'>;
  flight: FlightRecord;
  /** The member's own weight to store, when it changed: queued behind the request. */
  weight: NewOutboxEntryOf<'pilot-weight'> | null;
  sellsIntro: boolean;
}

type Placing = 'done' | 'refused' | 'waiting';

/**
 * The form, then the confirmation step once the flight is on the line — or,
 * with no signal, once it waits in the field outbox (docs/offline.md): it is
 * sent with its tap time when the signal returns, and a refusal then brings
 * the form back with the server's reason.
 */
function CrewFlow({
  club,
  userID,
  data,
  refetch,
  tapper,
}: {
  club: string;
  userID: string;
  data: CrewPageData;
  refetch: () => Promise<unknown>;
  tapper: Tapper;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const send = useOutboxSend();
  // Kept across the confirmation step: a cancelled request comes back as it was, to correct and resend.
  const [draft, setDraft] = useState<CrewDraft>(() => initialDraft(data));
  const [seen, setSeen] = useState(data);
  const [placed, setPlaced] = useState<Placed | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The request or cancellation this screen is about: a late answer to an earlier one goes to the shell's notifier.
  const shown = useRef<string | null>(null);

  const showAnswer = (placed: { answer: PlacedAnswer; flight: FlightRecord }) => {
    setPlaced({ ...placed, warning: null });
    void afterFlightRequest(queryClient, club, userID);
  };

  const place = async (request: PlaceRequest): Promise<Placing> => {
    const id = request.entry.id;
    shown.current = id;
    setNotice(null);
    setCancelError(null);
    setRefusal(null);
    let settled: Placing | null = null;
    // The weight goes right behind the request, in the same queue: sent once it is through, refused with it, kept with
    // it offline.
    const weight = request.weight
      ? [
          followingTap(request.weight, (outcome) => {
            if (shown.current !== id) return false;
            // Refused with the request: the form already says why. Refused alone: the flight stands, the weight did
            // not.
            if (outcome.kind === 'refused') setPlaced((p) => p && { ...p, warning: 'Could not update pilot weight' });
            // The pilot record and the crew page now hold the new weight.
            else void afterFlightRequest(queryClient, club, userID);
            return true;
          }),
        ]
      : [];
    const { firstTry } = await send(
      request.entry,
      (outcome) => {
        if (shown.current !== id) return false;
        settled = outcome.kind;
        if (outcome.kind === 'done') {
          showAnswer(placedAnswer(outcome.body, request.flight));
          return true;
        }
        const message = outcome.refusal.message;
        // The intro is sold with the flight: its failure is the purchase's too.
        if (request.sellsIntro)
          notifications.alert({ status: 'danger', heading: 'Failed to submit intro purchase', message });
        setPlaced(null);
        setRefusal(`Could not create flight: ${message}`);
        // Refused: nothing was stored; show the gliders as they are now.
        void refetch();
        return true;
      },
      weight,
    );
    if ((await firstTry) === 'waiting') {
      setPlaced({ answer: null, flight: request.flight, warning: null });
      return 'waiting';
    }
    return settled ?? 'waiting';
  };

  const cancelRequest = async () => {
    if (!placed) return;
    const { flight } = placed;
    const sold = placed.answer?.intro;
    const entry = lineActionEntry({
      action: { action: 'CancelRequest', id: flight.id },
      glider: flight.glider,
      by: tapper,
    });
    shown.current = entry.id;
    setCancelling(true);
    setCancelError(null);
    const backToForm = (text: string) => {
      // The intro stays sold: sending the form again must fly it, not sell another.
      if (sold)
        setDraft((d) => withIntro({ ...d, intro: { ...d.intro, mode: 'prepurchased', search: sold.SN } }, sold.id));
      setPlaced(null);
      setNotice(text);
    };
    try {
      const { firstTry } = await send(entry, (outcome) => {
        if (shown.current !== entry.id) return false;
        if (outcome.kind === 'done') {
          // The glider is Ready and a sold intro free again: load them before the form returns.
          void afterFlightRequest(queryClient, club, userID).then(() =>
            backToForm(`Flight request cancelled: ${flight.glider} is Ready again.`),
          );
        } else {
          setCancelError(`Could not cancel the request: ${outcome.refusal.message}`);
        }
        return true;
      });
      if ((await firstTry) === 'waiting') {
        // Sent after the request, in order; its answer goes to the notifier.
        shown.current = null;
        backToForm(
          `Flight request cancelled on this phone: ${flight.glider} is free again once it is sent (waiting to send).`,
        );
      }
    } catch (error) {
      setCancelError(`Could not cancel the request: ${errorMessage(error)}`);
    } finally {
      setCancelling(false);
    }
  };

  // New page data (a reload, a refusal, a cancellation): keep what is still possible. Not while the
  // flight is on the line: its own glider is Flying then, and comes back Ready if it is cancelled.
  if (!placed && seen !== data) {
    setSeen(data);
    setDraft((d) => reconcileDraft(data, d, seen));
  }

  if (placed) {
    return (
      <FlightPlaced
        flight={placed.flight}
        answer={placed.answer}
        warning={placed.warning}
        cancelling={cancelling}
        cancelError={cancelError}
        onCancelRequest={() => void cancelRequest()}
        onDone={() => navigate('/')}
      />
    );
  }
  return (
    <>
      {notice && (
        <div className="alert alert-info alert-dismissible" role="status">
          {notice}
          <button type="button" className="btn-close" aria-label="Close" onClick={() => setNotice(null)} />
        </div>
      )}
      <CrewForm
        data={data}
        draft={draft}
        onDraft={(change) => {
          setRefusal(null);
          setDraft(change);
        }}
        tapper={tapper}
        refusal={refusal}
        onPlace={place}
      />
    </>
  );
}

interface CrewFormProps {
  data: CrewPageData;
  draft: CrewDraft;
  onDraft: (update: (draft: CrewDraft) => CrewDraft) => void;
  tapper: Tapper;
  /** The server's refusal of the last request, shown where the form's own problems are. */
  refusal: string | null;
  onPlace: (request: PlaceRequest) => Promise<Placing>;
}

function CrewForm({ data, draft, onDraft, tapper, refusal, onPlace }: CrewFormProps) {
  useEffect(
    () =>
      whenIdle(() => {
        void loadIntroSection().catch(() => {});
        void loadRequestRules().catch(() => {});
      }),
    [],
  );
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const update = (change: (d: CrewDraft) => CrewDraft) => {
    setProblem(null);
    onDraft(change);
  };
  const timeZone = data.clubInfo.timeZone;
  const today = clubToday(timeZone);
  const button = submitButtonText(crewFormState(data, draft));
  const lowFunds = button.text.startsWith('Warning');
  const isIntro = draft.flyWith === 'Intro';
  const summary = summaryLine(data, draft);

  const submit = async () => {
    if (button.disabled || busy) return;
    let rules: Awaited<ReturnType<typeof loadRequestRules>>;
    try {
      rules = await loadRequestRules();
    } catch {
      setProblem('Could not load the request check. Check your connection and try again.');
      return;
    }
    const { changedWeight, checkFlightRequest } = rules;
    const checked = checkFlightRequest(data, draft);
    if (!checked.ok) {
      setProblem(checked.problem);
      return;
    }
    const confirmed = await confirmDialog.ask({ heading: 'Place on flight line?', message: summary });
    if (confirmed !== true) return;
    // The flight id is also the request's idempotency key; the tap time is when it was asked for.
    const tappedAt = Date.now();
    const flightId = newIdempotencyKey();
    const flight = pendingFlight(data, draft, checked.request, { id: flightId, day: today, tappedAt });
    const weight = changedWeight(data, draft);
    setBusy(true);
    setProblem(null);
    try {
      const placing = await onPlace({
        entry: flightRequestEntry({ id: flightId, date: today, data: checked.request, flight, by: tapper, tappedAt }),
        flight,
        weight:
          weight === null
            ? null
            : pilotWeightEntry({ pilotId: data.pilot.pilotID, weight, flightId, by: tapper, tappedAt }),
        sellsIntro: draft.flyWith === 'Intro' && draft.intro.mode === 'new',
      });
      // Placed or waiting, the confirmation step replaces the form.
      if (placing === 'refused') setBusy(false);
    } catch (error) {
      setBusy(false);
      setProblem(`Could not create flight: ${errorMessage(error)}`);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        // Only this form's own submit: a dialog's form inside it reaches here through React's tree.
        if (e.target === e.currentTarget) void submit();
      }}
    >
      <CrewPeople id={id} data={data} draft={draft} update={update} />

      {isIntro && (
        <Suspense fallback={<Loading />}>
          <IntroSection data={data} draft={draft} onDraft={update} today={today} />
        </Suspense>
      )}

      <GliderSelect
        data={data}
        flyWith={draft.flyWith}
        value={draft.glider}
        onChange={(glider) => update((d) => withGlider(data, d, glider))}
      />

      <CrewWeights id={id} draft={draft} update={update} />

      <ChoiceButtons
        label="Launch type"
        choices={data.launches.map((launch) => ({ value: launch.id, label: launch.id }))}
        value={isIntro ? null : draft.launchType}
        disabled={isIntro}
        note={
          isIntro
            ? 'An intro flight takes its intro’s launch.'
            : data.launches.length === 0
              ? 'The club has no launch types set up.'
              : undefined
        }
        onChange={(launchType) => update((d) => ({ ...d, launchType }))}
      />

      <p className="crew-summary bg-body-tertiary rounded px-3 py-2" aria-live="polite">
        {summary}
      </p>

      {(problem ?? refusal) && (
        <div className="alert alert-danger" role="alert">
          {problem ?? refusal}
        </div>
      )}

      <button
        type="submit"
        className={`btn btn-lg w-100 crew-submit ${lowFunds && !button.disabled ? 'btn-warning' : 'btn-primary'}`}
        disabled={button.disabled || busy}
      >
        {busy ? 'Placing on flight line…' : button.text}
      </button>
    </form>
  );
}

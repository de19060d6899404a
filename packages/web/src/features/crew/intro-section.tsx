import { useId, useState } from 'react';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Tooltip from 'react-bootstrap/Tooltip';
import { formatMoney } from '@flightline/domain/money/money';
import '../../app/bootstrap/tooltip.scss';
import { ChoiceButtons } from './choice-buttons.tsx';
import {
  fullName,
  introLaunchOption,
  introPassenger,
  selectedIntro,
  withIntro,
  withIntroMode,
  type CrewData,
  type CrewDraft,
  type IntroMode,
  type IntroSaleDraft,
} from '@flightline/domain/field/crew-draft';
import { EditPassengerDialog } from './edit-passenger-dialog.tsx';
import {
  introChoice,
  introChoices,
  introDetails,
  INTRO_SEARCH_PLACEHOLDER,
  type IntroChoice,
} from './intro-choices.ts';

/** Tooltip delays. */
const TOOLTIP_DELAY = { show: 250, hide: 400 };

const MODES = [
  { value: 'prepurchased', label: 'Pre-purchased' },
  { value: 'new', label: 'New Intro' },
] as const;

interface IntroSectionProps {
  data: CrewData;
  draft: CrewDraft;
  onDraft: (update: (draft: CrewDraft) => CrewDraft) => void;
  today: string;
}

/** Intro flights: a pre-purchased intro found by search, or a new one sold on the spot. */
export function IntroSection({ data, draft, onDraft, today }: IntroSectionProps) {
  return (
    <section className="border rounded p-2 mb-3" aria-label="Intro">
      <ChoiceButtons<IntroMode>
        label="Intro"
        columns={2}
        choices={MODES}
        value={draft.intro.mode}
        onChange={(mode) => onDraft((d) => withIntroMode(data, d, mode))}
      />
      {draft.intro.mode === 'prepurchased' ? (
        <PrePurchased data={data} draft={draft} onDraft={onDraft} today={today} />
      ) : (
        <NewIntro data={data} draft={draft} onDraft={onDraft} />
      )}
    </section>
  );
}

function IntroButton({ choice, selected, onSelect }: { choice: IntroChoice; selected: boolean; onSelect: () => void }) {
  const variant = choice.expired ? 'warning' : 'secondary';
  const button = (
    <button
      type="button"
      className={`btn w-100 ${selected ? `btn-${variant}` : `btn-outline-${variant}`}`}
      aria-pressed={selected}
      onClick={onSelect}
    >
      {choice.label}
    </button>
  );
  if (!choice.warning) return button;
  return (
    <OverlayTrigger
      placement="top"
      delay={TOOLTIP_DELAY}
      overlay={<Tooltip id={`intro-expired-${choice.intro.id}`}>{choice.warning}</Tooltip>}
    >
      {button}
    </OverlayTrigger>
  );
}

function PrePurchased({ data, draft, onDraft, today }: IntroSectionProps) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const intro = selectedIntro(data, draft);
  const choices = introChoices(data.intros, draft.intro.search, today);
  const setSearch = (search: string) => onDraft((d) => ({ ...d, intro: { ...d.intro, search } }));
  const selected = intro ? introChoice(intro, today) : null;
  const passenger = intro ? introPassenger(draft, intro) : null;
  const details = intro ? introDetails(intro) : null;

  return (
    <>
      <div className="mb-2">
        <label className="form-label" htmlFor={`${id}-search`}>
          Find the intro
        </label>
        <input
          id={`${id}-search`}
          type="search"
          className="form-control"
          placeholder={INTRO_SEARCH_PLACEHOLDER}
          value={draft.intro.search}
          autoComplete="off"
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <div className="intro-results d-grid gap-2 mb-3" role="group" aria-label="Intros">
        {choices.length === 0 ? (
          <div className="form-text">
            {data.intros.length === 0 ? 'No pre-purchased intros are waiting for a flight.' : 'No intro matches.'}
          </div>
        ) : (
          choices.map((choice) => (
            <IntroButton
              key={choice.intro.id}
              choice={choice}
              selected={choice.intro.id === draft.intro.selectedId}
              onSelect={() =>
                onDraft((d) => withIntro(d, d.intro.selectedId === choice.intro.id ? null : choice.intro.id))
              }
            />
          ))
        )}
      </div>
      {intro && passenger && details && (
        <>
          {selected?.warning && (
            <div className="alert alert-warning py-2" role="status">
              {selected.warning}
            </div>
          )}
          <dl className="crew-details row g-1 mb-2 align-items-center">
            <dt className="col-5">Passenger</dt>
            <dd className="col-7 mb-0 d-flex align-items-center justify-content-between gap-2">
              <span>{fullName(passenger)}</span>
              <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setEditing(true)}>
                Edit
              </button>
            </dd>
            <dt className="col-5">Launch Type</dt>
            <dd className="col-7 mb-0">{intro.launchType}</dd>
            <dt className="col-5">Purchase Date</dt>
            <dd className="col-7 mb-0">{details.purchaseDate}</dd>
            <dt className="col-5">Purchase Note</dt>
            <dd className="col-7 mb-0">{details.purchaseNote}</dd>
            <dt className="col-5">Serial Number</dt>
            <dd className="col-7 mb-0">{details.serialNumber}</dd>
          </dl>
          <EditPassengerDialog
            show={editing}
            first={passenger.first}
            last={passenger.last}
            onCancel={() => setEditing(false)}
            onSave={(name) => {
              setEditing(false);
              const unchanged = name.first === intro.recipientFirst && name.last === intro.recipientLast;
              onDraft((d) => ({ ...d, intro: { ...d.intro, rename: unchanged ? null : name } }));
            }}
          />
        </>
      )}
    </>
  );
}

function NewIntro({ data, draft, onDraft }: Omit<IntroSectionProps, 'today'>) {
  const id = useId();
  const sale = draft.intro.sale;
  const set = (change: Partial<IntroSaleDraft>) =>
    onDraft((d) => ({ ...d, intro: { ...d.intro, sale: { ...d.intro.sale, ...change } } }));
  const option = introLaunchOption(data, sale.introType);
  const field = (
    key: 'first' | 'last' | 'paymentRef' | 'SN',
    label: string,
    extra: { maxLength: number; placeholder?: string },
  ) => (
    <div className="mb-3">
      <label className="form-label" htmlFor={`${id}-${key}`}>
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        className="form-control"
        value={sale[key]}
        autoComplete="off"
        {...extra}
        onChange={(e) => set({ [key]: e.target.value })}
      />
    </div>
  );
  return (
    <>
      <div className="mb-3">
        <label className="form-label" htmlFor={`${id}-launch`}>
          Launch Method
        </label>
        <select
          id={`${id}-launch`}
          className="form-select"
          value={sale.introType}
          onChange={(e) => set({ introType: e.target.value })}
        >
          {data.introLaunches.length === 0 && <option value="">No intro launches are set up</option>}
          {data.introLaunches.map((launch) => (
            <option key={launch.id} value={launch.id}>
              {launch.id}
            </option>
          ))}
        </select>
      </div>
      <div className="crew-pair">
        {field('first', 'First name', { maxLength: 60 })}
        {field('last', 'Last name', { maxLength: 60 })}
      </div>
      <div className="mb-3">
        <label className="form-label" htmlFor={`${id}-price`}>
          Price
        </label>
        <input
          id={`${id}-price`}
          className="form-control bg-body-secondary"
          value={option ? formatMoney(option.priceCents) : ''}
          readOnly
        />
      </div>
      <div className="mb-3">
        <label className="form-label" htmlFor={`${id}-payment`}>
          Payment Method
        </label>
        <select
          id={`${id}-payment`}
          className="form-select"
          value={sale.payment}
          onChange={(e) => set({ payment: e.target.value })}
        >
          <option value="">Choose a payment method</option>
          {data.clubInfo.paymentMethods.map((method) => (
            <option key={method} value={method}>
              {method}
            </option>
          ))}
        </select>
      </div>
      {field('paymentRef', 'Payment Reference', { maxLength: 200 })}
      {field('SN', 'Serial Number', { maxLength: 20, placeholder: 'Made for you when left empty' })}
    </>
  );
}

import { useEffect, useId, useRef } from 'react';
import type { LogsData } from '@flightline/domain/api/types';
import { FLY_WITH, type FlyWith } from '@flightline/domain/flights/crew-rules';
import { editChoices, withFlyWith } from './edit-choices.ts';
import { Field, Select } from './log-fields.tsx';
import { withMember, type FlightDraft } from './flight-draft.ts';
import { fullName, pilotMap } from './log-views.ts';

interface FlightEditFormProps {
  flightId: string;
  /** The flight's club day, for the time fields' hint. */
  day: string;
  draft: FlightDraft;
  data: LogsData;
  heightUnit: string;
  /** The release height field was refused (shown red). */
  heightInvalid: boolean;
  onChange: (draft: FlightDraft) => void;
  onSubmit: () => void;
}

/**
 * Editing Flight: Glider, Pilot (no ground-only pilots), Flying With,
 * Passenger (a member, names or an intro), Sharing Cost?, Pilot in Command,
 * Launch, Takeoff Time, Landing Time (club time on the flight's day), Release
 * Height, Tow Pilot, Tug.
 */
export function FlightEditForm({
  flightId,
  day,
  draft,
  data,
  heightUnit,
  heightInvalid,
  onChange,
  onSubmit,
}: FlightEditFormProps) {
  const id = useId();
  const height = useRef<HTMLInputElement>(null);
  // A refused height may be below the fold on a phone: bring it to the person.
  useEffect(() => {
    if (heightInvalid) {
      height.current?.scrollIntoView({ block: 'center' });
      height.current?.focus();
    }
  }, [heightInvalid]);
  const choices = editChoices(data, draft, flightId);
  const set = <K extends keyof FlightDraft>(key: K, value: FlightDraft[K]) => onChange({ ...draft, [key]: value });
  const pilots = pilotMap(data.pilots);
  const second = draft.passengerID ? fullName(pilots, draft.passengerID) : 'Second person';

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Select
        id={`${id}-glider`}
        label="Glider"
        value={draft.glider}
        choices={choices.gliders}
        onChange={(v) => set('glider', v)}
      />
      <Select
        id={`${id}-pilot`}
        label="Pilot"
        value={draft.user}
        choices={choices.pilots}
        onChange={(v) => set('user', v)}
      />
      <Select
        id={`${id}-fly-with`}
        label="Flying With"
        value={draft.flyWith}
        choices={FLY_WITH.map((f) => ({ value: f, label: f }))}
        onChange={(v) => onChange(withFlyWith(draft, v as FlyWith, data))}
      />
      {withMember(draft.flyWith) && (
        <Select
          id={`${id}-passenger`}
          label={draft.flyWith === 'Instructor' ? 'Passenger (instructor)' : 'Passenger (member)'}
          value={draft.passengerID}
          choices={choices.secondPersons}
          placeholder="Choose…"
          onChange={(v) => set('passengerID', v)}
        />
      )}
      {draft.flyWith === 'Friend' && (
        <fieldset className="mb-3">
          <legend className="form-label fs-6 mb-2">Passenger</legend>
          <div className="row g-2">
            <NameInput
              id={`${id}-first`}
              label="First name"
              value={draft.passengerFirst}
              onChange={(v) => set('passengerFirst', v)}
            />
            <NameInput
              id={`${id}-last`}
              label="Last name"
              value={draft.passengerLast}
              onChange={(v) => set('passengerLast', v)}
            />
          </div>
        </fieldset>
      )}
      {draft.flyWith === 'Intro' && (
        <Select
          id={`${id}-intro`}
          label="Passenger (intro)"
          value={draft.introRef}
          choices={choices.intros}
          placeholder="Choose an intro…"
          onChange={(v) => set('introRef', v)}
        />
      )}
      {draft.flyWith === 'Member' && (
        <div className="form-check form-switch mb-3 d-flex align-items-center gap-2 ps-0">
          <input
            id={`${id}-share`}
            type="checkbox"
            role="switch"
            className="form-check-input ms-0 mt-0"
            checked={draft.shareCost}
            onChange={(e) => set('shareCost', e.target.checked)}
          />
          <label className="form-check-label py-2" htmlFor={`${id}-share`}>
            Sharing Cost?
          </label>
        </div>
      )}
      {withMember(draft.flyWith) && (
        <Select
          id={`${id}-command`}
          label="Pilot in Command"
          value={draft.pilotInCharge ? 'pilot' : 'second'}
          choices={[
            { value: 'pilot', label: fullName(pilots, draft.user) || 'Pilot' },
            { value: 'second', label: second },
          ]}
          onChange={(v) => set('pilotInCharge', v === 'pilot')}
        />
      )}
      <Select
        id={`${id}-launch`}
        label="Launch"
        value={draft.launchType}
        choices={choices.launches}
        placeholder="None"
        onChange={(v) => set('launchType', v)}
      />
      <div className="row g-2">
        <div className="col-6">
          <Field id={`${id}-takeoff`} label="Takeoff Time">
            <input
              id={`${id}-takeoff`}
              type="time"
              className="form-control"
              value={draft.takeoff}
              onChange={(e) => set('takeoff', e.target.value)}
            />
          </Field>
        </div>
        <div className="col-6">
          <Field id={`${id}-landing`} label="Landing Time">
            <input
              id={`${id}-landing`}
              type="time"
              className="form-control"
              value={draft.landing}
              onChange={(e) => set('landing', e.target.value)}
            />
          </Field>
        </div>
      </div>
      <p className="form-text mt-n2 mb-3">Club time on {day}.</p>
      <Field id={`${id}-height`} label={heightUnit ? `Release Height (${heightUnit})` : 'Release Height'}>
        <input
          id={`${id}-height`}
          ref={height}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          className={`form-control${heightInvalid ? ' is-invalid' : ''}`}
          aria-invalid={heightInvalid || undefined}
          value={draft.releaseHeight}
          onChange={(e) => set('releaseHeight', e.target.value)}
        />
      </Field>
      <Select
        id={`${id}-tow-pilot`}
        label="Tow Pilot"
        value={draft.towPilot}
        choices={choices.towPilots}
        placeholder="None"
        allowEmpty
        onChange={(v) => set('towPilot', v)}
      />
      <Select
        id={`${id}-tug`}
        label="Tug"
        value={draft.tug}
        choices={choices.tugs}
        placeholder="None"
        allowEmpty
        onChange={(v) => set('tug', v)}
      />
      {/* Enter in a field submits, as Submit Changes would. */}
      <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
    </form>
  );
}

/** Half of a friend's name, beside the other half. */
function NameInput({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="col-6">
      <label className="form-label small" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="form-control"
        value={value}
        autoComplete="off"
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

import { useId } from 'react';
import {
  happenedAt,
  MAX_MINUTES_AGO,
  MINUTES_AGO_PROBLEM,
  minutesFromSlider,
  parseMinutesAgo,
  SLIDER_MAX,
  SLIDER_MIN,
  sliderFromMinutes,
} from './minutes-ago.ts';
import { clockText } from './time-text.ts';

export interface WhenState {
  /** What the number box shows. */
  text: string;
  /** The last valid minutes (what the slider shows). */
  minutes: number;
}

export const NOW: WhenState = { text: '0', minutes: 0 };

/** The minutes ago to send, or null while the box holds something that is not a whole number from 0 to 600. */
export function minutesOf(when: WhenState): number | null {
  return parseMinutesAgo(when.text);
}

/** When the launch or landing happened: the logarithmic slider and 'Happened N Minutes ago', kept in sync. */
export function WhenControl({
  when,
  onChange,
  now,
  timeZone,
}: {
  when: WhenState;
  onChange: (when: WhenState) => void;
  now: number;
  timeZone: string;
}) {
  const id = useId();
  const minutes = minutesOf(when);
  const invalid = minutes === null;
  return (
    <section className="when-control border rounded p-2 mb-3" aria-label="When it happened">
      <input
        type="range"
        className="form-range when-slider"
        min={SLIDER_MIN}
        max={SLIDER_MAX}
        step={1}
        value={sliderFromMinutes(when.minutes)}
        aria-label="Time slider"
        aria-valuetext={`${when.minutes} minutes ago`}
        onChange={(e) => {
          const next = minutesFromSlider(Number(e.target.value));
          onChange({ text: String(next), minutes: next });
        }}
      />
      <div className="d-flex justify-content-between small text-body-secondary mb-1" aria-hidden="true">
        <span>{MAX_MINUTES_AGO / 60} h ago</span>
        <span>now</span>
      </div>
      <div className="d-flex align-items-center gap-2 flex-wrap">
        <label htmlFor={`${id}-minutes`} className="mb-0">
          Happened
        </label>
        <input
          id={`${id}-minutes`}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_MINUTES_AGO}
          step={1}
          className={`form-control minutes-input text-center${invalid ? ' is-invalid' : ''}`}
          value={when.text}
          aria-label="Minutes ago"
          aria-invalid={invalid || undefined}
          aria-describedby={`${id}-at`}
          onChange={(e) => {
            const parsed = parseMinutesAgo(e.target.value);
            onChange({ text: e.target.value, minutes: parsed ?? when.minutes });
          }}
          onFocus={(e) => e.target.select()}
        />
        <span>Minutes ago</span>
        <span id={`${id}-at`} className="text-body-secondary ms-auto">
          {invalid || minutes === 0 ? '' : `at ${clockText(happenedAt(now, minutes), timeZone)}`}
        </span>
      </div>
      {invalid && <div className="invalid-feedback d-block">{MINUTES_AGO_PROBLEM}</div>}
    </section>
  );
}

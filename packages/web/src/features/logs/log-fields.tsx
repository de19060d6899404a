import type { ReactNode } from 'react';
import type { EditChoice } from './edit-choices.ts';

/** A labelled field of the logs' forms: plain markup, no form library on this member screen. */
export function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

interface SelectProps {
  id: string;
  label: string;
  value: string;
  choices: readonly EditChoice[];
  onChange: (value: string) => void;
  /** The empty choice's text: shown while nothing is chosen, or always with allowEmpty (None). */
  placeholder?: string;
  allowEmpty?: boolean;
}

/** A choice among the log's gliders, pilots, tugs, …; `disabled` choices are stored values no longer offered. */
export function Select({ id, label, value, choices, onChange, placeholder, allowEmpty = false }: SelectProps) {
  const empty = placeholder !== undefined && (allowEmpty || value === '');
  return (
    <Field id={id} label={label}>
      <select id={id} className="form-select" value={value} onChange={(e) => onChange(e.target.value)}>
        {empty && (
          <option value="" disabled={!allowEmpty}>
            {placeholder}
          </option>
        )}
        {choices.map((c) => (
          <option key={c.value} value={c.value} disabled={c.disabled}>
            {c.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

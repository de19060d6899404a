import { useId, type HTMLAttributes, type ReactNode } from 'react';
import { describedBy, FieldFrame } from './field-frame.tsx';

interface InputFieldProps {
  label: string;
  value: string;
  onChange?: (value: string) => void;
  type?: 'text' | 'email' | 'date';
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** Read-only values (price, serial number) are shown greyed, not editable; so is a field without onChange. */
  readOnly?: boolean | undefined;
  disabled?: boolean | undefined;
  maxLength?: number | undefined;
  placeholder?: string | undefined;
  autoComplete?: string | undefined;
  min?: string | undefined;
  /** An input-group prefix such as '$'. */
  prefix?: string | undefined;
  note?: ReactNode;
  className?: string | undefined;
}

/** A labelled, touch-sized input of the intro and export forms: plain HTML, its note a plain form-text line. */
export function InputField({
  label,
  value,
  onChange,
  type = 'text',
  inputMode,
  readOnly,
  disabled,
  maxLength,
  placeholder,
  autoComplete = 'off',
  min,
  prefix,
  note,
  className = 'mb-3',
}: InputFieldProps) {
  const id = useId();
  const fixed = readOnly || !onChange;
  const input = (
    <input
      id={id}
      type={type}
      inputMode={inputMode}
      className={`form-control${fixed ? ' bg-body-secondary' : ''}`}
      value={value}
      onChange={onChange ? (e) => onChange(e.target.value) : undefined}
      readOnly={fixed}
      disabled={disabled}
      maxLength={maxLength}
      placeholder={placeholder}
      autoComplete={autoComplete}
      min={min}
      aria-describedby={describedBy(id, note)}
    />
  );
  return (
    <FieldFrame id={id} label={label} className={className} prefix={prefix} note={note} noteLook="plain">
      {input}
    </FieldFrame>
  );
}

interface SelectFieldProps {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
  /** The empty first choice, e.g. 'Choose a launch type'; none when absent. */
  placeholder?: string | undefined;
  disabled?: boolean | undefined;
}

export function SelectField({ label, value, options, onChange, placeholder, disabled }: SelectFieldProps) {
  const id = useId();
  // A stored value the club has since removed still shows as chosen.
  const shown = value && !options.includes(value) ? [...options, value] : options;
  return (
    <FieldFrame id={id} label={label}>
      <select
        id={id}
        className="form-select"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {shown.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

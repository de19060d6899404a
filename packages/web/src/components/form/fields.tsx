import { useId, useState, type HTMLAttributes, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { centsToDecimal } from '@flightline/domain/money/money';
import { describedBy, FieldFrame } from './field-frame.tsx';
import { parseCentsKeep } from './numeric-text.ts';

/** Touch-sized labelled inputs shared by the item editors and the funds forms. */

interface TextInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean | undefined;
  readOnly?: boolean | undefined;
  maxLength?: number | undefined;
  /** Shown under the field, e.g. why it cannot change. */
  note?: ReactNode;
  noteVariant?: 'muted' | 'warning';
  autoFocus?: boolean | undefined;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  placeholder?: string | undefined;
  /** Text before the input, such as '$'. */
  prefix?: string | undefined;
  /** The server refused what was posted for this field: shown under it, and read out, in place of the note. */
  error?: string | undefined;
}

export function TextInput({
  label,
  value,
  onChange,
  disabled,
  readOnly,
  maxLength,
  note,
  noteVariant = 'muted',
  autoFocus,
  inputMode,
  placeholder,
  prefix,
  error,
}: TextInputProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} prefix={prefix} note={note} noteLook={noteVariant} error={error} errorAnnounced>
      <Form.Control
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        readOnly={readOnly}
        maxLength={maxLength}
        inputMode={inputMode}
        placeholder={placeholder}
        autoComplete="off"
        autoFocus={autoFocus}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error ?? note)}
        className={readOnly ? 'bg-body-secondary' : undefined}
      />
    </FieldFrame>
  );
}

interface NumberTextProps<T> {
  label: string;
  value: T;
  onValue: (value: T) => void;
  /** Text to value; text that does not parse returns `old`. */
  parse: (text: string, old: T) => T;
  format: (value: T) => string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  prefix?: string | undefined;
  suffix?: string | undefined;
  disabled?: boolean | undefined;
  note?: ReactNode;
  className?: string | undefined;
  placeholder?: string | undefined;
}

/**
 * A number typed as text. The text is the person's until they leave the
 * field; then it shows the value kept, so a mistyped number visibly reverts.
 */
export function NumberText<T>({
  label,
  value,
  onValue,
  parse,
  format,
  inputMode = 'numeric',
  prefix,
  suffix,
  disabled,
  note,
  className = 'mb-3',
  placeholder,
}: NumberTextProps<T>) {
  const id = useId();
  const [text, setText] = useState(() => format(value));
  const [shown, setShown] = useState(value);
  // The value changed from outside (a toggle, a new row): show it.
  if (!Object.is(shown, value)) {
    setShown(value);
    setText(format(value));
  }
  const control = (
    <Form.Control
      value={text}
      inputMode={inputMode}
      disabled={disabled}
      autoComplete="off"
      placeholder={placeholder}
      aria-describedby={describedBy(id, note)}
      onChange={(e) => {
        setText(e.target.value);
        const next = parse(e.target.value, value);
        if (!Object.is(next, value)) {
          setShown(next);
          onValue(next);
        }
      }}
      onBlur={() => setText(format(value))}
    />
  );
  return (
    <FieldFrame id={id} label={label} className={className} prefix={prefix} suffix={suffix} note={note}>
      {control}
    </FieldFrame>
  );
}

type MoneyTextProps = Omit<NumberTextProps<number>, 'parse' | 'format' | 'inputMode' | 'prefix'>;

/** Money typed as decimal text ('12.50'), kept as integer cents. */
export function MoneyText(props: MoneyTextProps) {
  return <NumberText {...props} parse={parseCentsKeep} format={centsToDecimal} inputMode="decimal" prefix="$" />;
}

interface CheckProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean | undefined;
  type?: 'checkbox' | 'switch';
  className?: string | undefined;
}

export function Check({ label, checked, onChange, disabled, type = 'checkbox', className }: CheckProps) {
  const id = useId();
  return (
    <Form.Check
      id={id}
      type={type}
      className={className}
      label={label}
      checked={checked}
      disabled={disabled}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}

interface SelectInputProps<V extends string> {
  label: string;
  value: V;
  options: readonly { value: V; label: string; disabled?: boolean }[];
  onChange: (value: V) => void;
  disabled?: boolean | undefined;
  className?: string | undefined;
  /** The server refused what was posted for this field: shown under it, and read out. */
  error?: string | undefined;
}

export function SelectInput<V extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
  className = 'mb-3',
  error,
}: SelectInputProps<V>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} className={className} error={error} errorAnnounced>
      <Form.Select
        value={value}
        disabled={disabled}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        onChange={(e) => onChange(e.target.value as V)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </Form.Select>
    </FieldFrame>
  );
}

const SEAT_OPTIONS = [1, 2, 3, 4].map((n) => ({ value: String(n), label: String(n) }));

/** Seats are 1-4, so a choice of four rather than free text. */
export function SeatsInput({
  value,
  onChange,
  disabled,
}: {
  value: number;
  onChange: (seats: number) => void;
  disabled?: boolean | undefined;
}) {
  return (
    <SelectInput
      label="Seats"
      value={String(value)}
      options={SEAT_OPTIONS}
      onChange={(v) => onChange(Number(v))}
      disabled={disabled}
    />
  );
}

import { useId } from 'react';
import { ToggleButton } from '../../components/toggle-button.tsx';

export interface Choice<T extends string> {
  value: T;
  label: string;
  disabled?: boolean | undefined;
}

interface ChoiceButtonsProps<T extends string> {
  label: string;
  choices: readonly Choice<T>[];
  value: T | null;
  onChange: (value: T) => void;
  disabled?: boolean | undefined;
  /** Why the whole group is disabled, read under it. */
  note?: string | undefined;
  /** Grid columns on a phone. */
  columns?: 2 | 3;
}

/** One-of-several as big toggle buttons (touch-sized), with the choice announced as pressed. */
export function ChoiceButtons<T extends string>({
  label,
  choices,
  value,
  onChange,
  disabled,
  note,
  columns = 3,
}: ChoiceButtonsProps<T>) {
  const id = useId();
  return (
    // The fieldset is the group its legend names.
    <fieldset className="mb-3" aria-describedby={note ? `${id}-note` : undefined}>
      <legend className="form-label fs-6 mb-1">{label}</legend>
      <div className={`choice-grid choice-grid-${columns}`}>
        {choices.map((choice) => {
          const on = choice.value === value;
          return (
            <ToggleButton
              key={choice.value}
              on={on}
              disabled={disabled || choice.disabled}
              onClick={() => onChange(choice.value)}
            >
              {choice.label}
            </ToggleButton>
          );
        })}
      </div>
      {note && (
        <div id={`${id}-note`} className="form-text">
          {note}
        </div>
      )}
    </fieldset>
  );
}

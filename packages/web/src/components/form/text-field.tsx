import { useId, type ChangeEvent, type HTMLAttributes } from 'react';
import Form from 'react-bootstrap/Form';
import { describedBy, FieldFrame } from './field-frame.tsx';

export interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: () => void;
  type?: 'text' | 'email' | 'password';
  autoComplete: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoFocus?: boolean;
  maxLength?: number;
  /** Extra classes for the input (e.g. a large centred code). */
  inputClassName?: string;
  /** Shown under the field while it has no error (e.g. "At least 8 characters"). */
  hint?: string | undefined;
  /** The field's first validation message. */
  error?: string | undefined;
}

/** A labelled input of the sign-in forms, with its message right under it, where the person is typing. */
export function TextField({ label, hint, error, type = 'text', inputClassName, ...input }: TextFieldProps) {
  const id = useId();
  const note = error ?? hint;
  return (
    <FieldFrame id={id} label={label} note={hint} error={error}>
      <Form.Control
        {...input}
        type={type}
        className={inputClassName}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, note)}
        autoCapitalize={type === 'text' ? undefined : 'none'}
        autoCorrect={type === 'text' ? undefined : 'off'}
        spellCheck={type === 'text' ? undefined : false}
      />
    </FieldFrame>
  );
}

import { useId, type ChangeEvent, type HTMLAttributes } from 'react';
import Form from 'react-bootstrap/Form';

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

/** A labelled input with its message right under it, where the person is typing. */
export function TextField({ label, hint, error, type = 'text', inputClassName, ...input }: TextFieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const note = error ?? hint;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...input}
        type={type}
        className={inputClassName}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? noteId : undefined}
        autoCapitalize={type === 'text' ? undefined : 'none'}
        autoCorrect={type === 'text' ? undefined : 'off'}
        spellCheck={type === 'text' ? undefined : false}
      />
      {error ? (
        <Form.Control.Feedback type="invalid" id={noteId}>
          {error}
        </Form.Control.Feedback>
      ) : (
        hint && (
          <Form.Text id={noteId} muted>
            {hint}
          </Form.Text>
        )
      )}
    </Form.Group>
  );
}

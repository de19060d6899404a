import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { FieldFrame } from '../../components/form/field-frame.tsx';

export interface TextExtra {
  type?: string;
  inputMode?: 'url' | 'decimal' | 'numeric' | 'text';
  maxLength: number;
  hint?: ReactNode;
  autoComplete?: string;
  /** A textarea of this many rows instead of one line. */
  rows?: number;
  autoCapitalize?: string;
}

interface SettingsTextProps {
  id: string;
  label: string;
  extra: TextExtra;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** One of the club settings typed as text, with its error, or else its hint, under it. */
export function SettingsText({ id, label, extra, value, error, onChange }: SettingsTextProps) {
  // The error and the hint carry no id here (no aria-describedby points at them): they go with the input, not as the
  // frame's note.
  return (
    <FieldFrame id={id} label={label}>
      <Form.Control
        {...(extra.rows ? { as: 'textarea' as const, rows: extra.rows } : { type: extra.type ?? 'text' })}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        maxLength={extra.maxLength}
        autoComplete={extra.autoComplete ?? 'off'}
        {...(extra.inputMode ? { inputMode: extra.inputMode } : {})}
        {...(extra.autoCapitalize ? { autoCapitalize: extra.autoCapitalize } : {})}
      />
      {error ? (
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      ) : (
        extra.hint && <Form.Text muted>{extra.hint}</Form.Text>
      )}
    </FieldFrame>
  );
}

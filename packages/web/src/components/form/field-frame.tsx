import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';

/**
 * How the line under a field looks. The screens grew three looks and the
 * tests read them, so the frame keeps all three: a muted `<small>`, a
 * warning `<small>`, and the plain `<div class="form-text">` of the intro
 * and export forms.
 */
export type NoteLook = 'muted' | 'warning' | 'plain';

interface FieldFrameProps {
  /** The input's id: the label points at it and the note is `${id}-note`. */
  id: string;
  label: ReactNode;
  className?: string | undefined;
  /** Text beside the input ('$', 'ft'): the input goes in an input group. */
  prefix?: ReactNode;
  suffix?: ReactNode;
  /** Inside the input group, after the suffix (a validation message kept beside the input). */
  groupEnd?: ReactNode;
  /** The input group holds a validation message (Bootstrap's `has-validation`). */
  groupValidation?: boolean;
  /** Shown under the field, unless there is an error. */
  note?: ReactNode;
  noteLook?: NoteLook;
  /** The field's validation message, shown under it in place of the note. */
  error?: string | undefined;
  /**
   * The error comes after a tap, from the server (not as the person types): a screen reader reads it out when it
   * appears.
   */
  errorAnnounced?: boolean | undefined;
  /** The input itself, given the `id`. */
  children: ReactNode;
}

/**
 * The one frame of the form-field kit: a group, its label, the input (with what stands beside it) and the line
 * under it.
 */
export function FieldFrame({
  id,
  label,
  className = 'mb-3',
  prefix,
  suffix,
  groupEnd,
  groupValidation,
  note,
  noteLook = 'muted',
  error,
  errorAnnounced,
  children,
}: FieldFrameProps) {
  const noteId = `${id}-note`;
  const grouped = Boolean(prefix || suffix || groupEnd || groupValidation);
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      {grouped ? (
        <InputGroup hasValidation={groupValidation}>
          {prefix && <InputGroup.Text>{prefix}</InputGroup.Text>}
          {children}
          {suffix && <InputGroup.Text>{suffix}</InputGroup.Text>}
          {groupEnd}
        </InputGroup>
      ) : (
        children
      )}
      {error ? (
        // Bootstrap shows the message only beside its invalid input; after an input group it must be told to.
        <Form.Control.Feedback
          type="invalid"
          id={noteId}
          className={grouped ? 'd-block' : undefined}
          role={errorAnnounced ? 'alert' : undefined}
        >
          {error}
        </Form.Control.Feedback>
      ) : (
        note && (
          <FieldNote id={noteId} look={noteLook}>
            {note}
          </FieldNote>
        )
      )}
    </Form.Group>
  );
}

function FieldNote({ id, look, children }: { id: string; look: NoteLook; children: ReactNode }) {
  if (look === 'plain')
    return (
      <Form.Text as="div" id={id}>
        {children}
      </Form.Text>
    );
  return (
    <Form.Text id={id} className={look === 'warning' ? 'text-warning-emphasis' : undefined} muted={look === 'muted'}>
      {children}
    </Form.Text>
  );
}

/** The `aria-describedby` of an input whose frame shows a note or an error. */
export function describedBy(id: string, note: ReactNode): string | undefined {
  return note ? `${id}-note` : undefined;
}

import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

interface FundsFieldsetProps {
  legend: string;
  problem: string | null;
  submitLabel: string;
  pending: boolean;
  onSubmit: () => void;
  /** A refused post about none of the form's fields (use-funds-entry.ts formError): shown over the button. */
  failure: string | null;
  /** How many posts were refused so far: each brings the refusal's message (here or under its field) into view. */
  refusals: number;
  children: ReactNode;
}

/**
 * The frame of the pilot editor's Deposit, Expense and Block time forms
 * (docs/accounting.md "The pilot editor's funds"). They sit inside the
 * editor's qualifications <form>, and a form may not hold another, so each is
 * a fieldset whose button posts it and where Enter posts it too (and never
 * saves the qualifications). A refused post shows its one message in the
 * form, next to what it is about, never as a banner over the fields.
 */
export function FundsFieldset({
  legend,
  problem,
  submitLabel,
  pending,
  onSubmit,
  failure,
  refusals,
  children,
}: FundsFieldsetProps) {
  const id = useId();
  const frame = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (refusals > 0) frame.current?.querySelector('[role="alert"]')?.scrollIntoView({ block: 'nearest' });
  }, [refusals]);
  const onKeyDown = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    const target = event.target;
    // Enter in a text field would submit the editor's own form (Save Changes): post this entry instead.
    if (event.key === 'Enter' && target instanceof HTMLInputElement && target.type !== 'checkbox') {
      event.preventDefault();
      if (problem === null) onSubmit();
    }
  };
  return (
    <fieldset
      ref={frame}
      className="funds-form border rounded p-2 pt-1 mb-3"
      onKeyDown={onKeyDown}
      aria-describedby={problem ? `${id}-problem` : undefined}
    >
      <legend className="float-none w-auto px-1 mb-1 fs-6 fw-semibold">{legend}</legend>
      {children}
      {problem && (
        <p id={`${id}-problem`} className="form-text mt-0 mb-2">
          {problem}
        </p>
      )}
      {failure && (
        <div className="alert alert-danger small py-2 px-2 mb-2" role="alert">
          {failure}
        </div>
      )}
      <Button
        type="button"
        variant="primary"
        className="w-100"
        disabled={problem !== null || pending}
        aria-busy={pending}
        onClick={onSubmit}
      >
        {pending && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
        {submitLabel}
      </Button>
    </fieldset>
  );
}

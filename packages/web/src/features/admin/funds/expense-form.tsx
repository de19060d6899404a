import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import type { TaxStatus } from '@flightline/domain/money/tax';
import { TaxFields } from '../../../components/form/tax-fields.tsx';
import { FundsFieldset } from './funds-fieldset.tsx';
import { AmountInput, NoteInput } from './funds-inputs.tsx';
import {
  amountCents,
  chargeText,
  expenseCharge,
  expenseProblem,
  expenseTypeOptions,
  type ExpenseDraft,
} from './funds-rules.ts';
import { useFundsEntry, type FundsTarget } from './use-funds-entry.ts';

const TAX_STATUSES = ['exempt', 'inclusive', 'exclusive'] as const satisfies readonly TaxStatus[];

function OptionGroup({ label, options }: { label: string; options: readonly { value: string; label: string }[] }) {
  return (
    <optgroup label={label}>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </optgroup>
  );
}

/** The posted fields the Expense form shows, where a refusal about one of them is shown (taxes: under the form). */
const EXPENSE_FIELDS = ['amountCents', 'feeType', 'note'] as const;

/** The pilot editor's Expense form: a fee class or expense code charged to the pilot, with its taxes. */
export function ExpenseForm({
  target,
  feeList,
  clubRates,
}: {
  target: FundsTarget;
  feeList: readonly string[];
  clubRates: Record<string, number>;
}) {
  const id = useId();
  const { draft, set, note, setNote, post, pending, fieldError, formError, refusals } = useFundsEntry<ExpenseDraft>(
    target,
    { success: 'Expense recorded', failure: 'Failed to record expense' },
    { amount: '', feeType: '', taxStatus: 'exempt', taxRates: [] },
  );

  const problem = expenseProblem(draft);
  const charge = expenseCharge(draft, clubRates);
  const options = expenseTypeOptions(feeList);
  const feeTypeError = fieldError('feeType');
  const submit = () => {
    const cents = amountCents(draft.amount);
    if (problem !== null || cents === null) return;
    const taxRates = draft.taxStatus === 'exempt' ? [] : draft.taxRates;
    post(
      { transactionType: 'Expense', amountCents: cents, feeType: draft.feeType, taxStatus: draft.taxStatus, taxRates },
      { amount: '' },
    );
  };

  return (
    <FundsFieldset
      legend="Expense"
      problem={problem}
      submitLabel="Record Expense"
      pending={pending}
      onSubmit={submit}
      failure={formError(EXPENSE_FIELDS)}
      refusals={refusals}
    >
      <AmountInput
        value={draft.amount}
        onChange={(amount) => set({ amount })}
        error={fieldError('amountCents')}
        note={
          draft.taxStatus === 'inclusive'
            ? 'Taxes included in the amount.'
            : draft.taxStatus === 'exclusive'
              ? 'Taxes are added to the amount.'
              : undefined
        }
      />
      <Form.Group className="mb-3" controlId={`${id}-type`}>
        <Form.Label>Fee class or expense code</Form.Label>
        <Form.Select
          value={draft.feeType}
          onChange={(e) => set({ feeType: e.target.value })}
          isInvalid={Boolean(feeTypeError)}
          aria-invalid={feeTypeError ? true : undefined}
          aria-describedby={feeTypeError ? `${id}-type-error` : undefined}
        >
          <option value="">Choose…</option>
          {options.feeClasses.length > 0 && <OptionGroup label="Fee classes" options={options.feeClasses} />}
          <OptionGroup label="Expense codes" options={options.expenseCodes} />
        </Form.Select>
        {feeTypeError && (
          <Form.Control.Feedback type="invalid" id={`${id}-type-error`} role="alert">
            {feeTypeError}
          </Form.Control.Feedback>
        )}
      </Form.Group>
      <TaxFields
        statuses={TAX_STATUSES}
        taxStatus={draft.taxStatus}
        taxRates={draft.taxRates}
        clubRates={clubRates}
        onChange={set}
      />
      <NoteInput value={note} onChange={setNote} error={fieldError('note')} />
      {charge && (
        <p className="mb-2" aria-live="polite">
          Charge: <strong>{chargeText(charge, draft.taxStatus)}</strong>
        </p>
      )}
    </FundsFieldset>
  );
}

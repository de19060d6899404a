import { useState } from 'react';
import { formatMoney } from '@flightline/domain/money/money';
import { Check, SelectInput, TextInput } from '../../../components/form/fields.tsx';
import { FundsFieldset } from './funds-fieldset.tsx';
import { AmountInput, NoteInput } from './funds-inputs.tsx';
import { depositCents, depositProblem, type DepositDraft } from './funds-rules.ts';
import { useFundsEntry, type FundsTarget } from './use-funds-entry.ts';

/** The posted fields the Deposit form shows, where a refusal about one of them is shown. */
const DEPOSIT_FIELDS = ['amountCents', 'transferType', 'transactionRef', 'note'] as const;

/**
 * The pilot editor's Deposit form (docs/accounting.md "The pilot editor's
 * funds"): money in, or paid back out with Pay out.
 */
export function DepositForm({ target, paymentMethods }: { target: FundsTarget; paymentMethods: readonly string[] }) {
  const { draft, set, note, setNote, post, pending, changed, fieldError, formError, refusals } =
    useFundsEntry<DepositDraft>(
      target,
      { success: 'Funds added', failure: 'Failed to add funds' },
      { amount: '', payOut: false, transferType: paymentMethods[0] ?? '' },
    );
  const [reference, setReference] = useState('');

  const problem = depositProblem(draft);
  const cents = depositCents(draft);
  const submit = () => {
    if (problem !== null || cents === null) return;
    post(
      {
        transactionType: 'Deposit',
        amountCents: cents,
        transferType: draft.transferType,
        transactionRef: reference.trim(),
      },
      { amount: '' },
      () => setReference(''),
    );
  };

  return (
    <FundsFieldset
      legend="Deposit"
      problem={problem}
      submitLabel={draft.payOut ? 'Pay Out' : 'Add Funds'}
      pending={pending}
      onSubmit={submit}
      failure={formError(
        paymentMethods.length === 0 ? DEPOSIT_FIELDS.filter((f) => f !== 'transferType') : DEPOSIT_FIELDS,
      )}
      refusals={refusals}
    >
      <AmountInput
        value={draft.amount}
        onChange={(amount) => set({ amount })}
        error={fieldError('amountCents')}
        note={
          cents === null
            ? undefined
            : cents > 0
              ? `The balance goes up by ${formatMoney(cents)}.`
              : `Pays ${formatMoney(-cents)} back: the balance goes down.`
        }
      />
      <Check
        type="switch"
        className="mb-2"
        label="Pay out (money back to the pilot)"
        checked={draft.payOut}
        onChange={(payOut) => set({ payOut })}
      />
      {paymentMethods.length === 0 ? (
        <p className="form-text">The club has no payment methods; an admin adds them in Club Settings.</p>
      ) : (
        <SelectInput
          label="Transfer type"
          value={draft.transferType}
          options={paymentMethods.map((m) => ({ value: m, label: m }))}
          onChange={(transferType) => set({ transferType })}
          error={fieldError('transferType')}
        />
      )}
      <TextInput
        label="Reference"
        value={reference}
        onChange={(text) => {
          changed();
          setReference(text);
        }}
        maxLength={200}
        error={fieldError('transactionRef')}
      />
      <NoteInput value={note} onChange={setNote} error={fieldError('note')} />
    </FundsFieldset>
  );
}

import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import type { BlockRuleItem } from '@flightline/domain/api-types';
import { defaultBlockDates, shiftBlockDates, type BlockDates } from '@flightline/domain/block-dates';
import { formatMoney } from '@flightline/domain/money';
import type { TaxStatus } from '@flightline/domain/tax';
import { errorMessage } from '../../../lib/api.ts';
import { notifications } from '../../../lib/notifications-store.ts';
import { newIdempotencyKey } from '../../../lib/new-id.ts';
import { SelectInput, TextInput } from '../../../components/form/fields.tsx';
import { useAddFunds, type FundsEntry } from './funds-api.ts';
import {
  amountCents,
  blockProblem,
  chargeText,
  depositCents,
  depositProblem,
  expenseCharge,
  expenseProblem,
  expenseTypeOptions,
  ruleOffer,
  sellableRules,
  type BlockDraft,
  type DepositDraft,
  type ExpenseDraft,
} from './funds-rules.ts';
import { TaxFields } from '../../../components/form/tax-fields.tsx';

/**
 * The pilot editor's Deposit, Expense and Block time forms
 * (docs/accounting.md "The pilot editor's funds"). They sit inside the
 * editor's qualifications <form>, and a form may not hold another, so each is
 * a fieldset whose button posts it and where Enter posts it too (and never
 * saves the qualifications).
 */

interface Target {
  club: string;
  /** The pilot's user id. */
  pilot: string;
}

/**
 * One key per entry being made: the same key on every retry of it (a double
 * tap, a retry after a dropped connection) so it posts once; a new one once
 * it posted or when the form changes.
 */
function useIdempotencyKey() {
  const key = useRef<string | null>(null);
  return {
    current: () => (key.current ??= newIdempotencyKey()),
    reset: () => {
      key.current = null;
    },
  };
}

/** Post an entry with the spec's messages: the success toast, or the failure heading with the server's reason. */
function usePostEntry({ club, pilot }: Target, messages: { success: string; failure: string }) {
  const add = useAddFunds(club, pilot);
  const key = useIdempotencyKey();
  const postEntry = (entry: FundsEntry, note: string, onPosted: () => void) => {
    if (add.isPending) return;
    add.mutate(
      { ...entry, club, pilot, note: note.trim(), idempotencyKey: key.current() },
      {
        onSuccess: () => {
          key.reset();
          notifications.toast({ status: 'success', message: messages.success });
          onPosted();
        },
        onError: (error) => notifications.toast({ status: 'danger', heading: messages.failure, message: errorMessage(error), delay: 8000 }),
      },
    );
  };
  return { postEntry, pending: add.isPending, resetKey: key.reset };
}

interface FundsFieldsetProps {
  legend: string;
  problem: string | null;
  submitLabel: string;
  pending: boolean;
  onSubmit: () => void;
  children: ReactNode;
}

function FundsFieldset({ legend, problem, submitLabel, pending, onSubmit, children }: FundsFieldsetProps) {
  const id = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    const target = event.target;
    // Enter in a text field would submit the editor's own form (Save Changes): post this entry instead.
    if (event.key === 'Enter' && target instanceof HTMLInputElement && target.type !== 'checkbox') {
      event.preventDefault();
      if (problem === null) onSubmit();
    }
  };
  return (
    <fieldset className="funds-form border rounded p-2 pt-1 mb-3" onKeyDown={onKeyDown} aria-describedby={problem ? `${id}-problem` : undefined}>
      <legend className="float-none w-auto px-1 mb-1 fs-6 fw-semibold">{legend}</legend>
      {children}
      {problem && (
        <p id={`${id}-problem`} className="form-text mt-0 mb-2">
          {problem}
        </p>
      )}
      <Button type="button" variant="primary" className="w-100" disabled={problem !== null || pending} aria-busy={pending} onClick={onSubmit}>
        {pending && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
        {submitLabel}
      </Button>
    </fieldset>
  );
}

/** A typed amount kept as the person's text (submit waits for a number other than zero). */
function AmountInput({ label = 'Amount', value, onChange, note }: { label?: string; value: string; onChange: (text: string) => void; note?: ReactNode }) {
  return <TextInput label={label} value={value} onChange={onChange} prefix="$" inputMode="decimal" placeholder="0.00" note={note} />;
}

const noteProps = { label: 'Note', maxLength: 1000 } as const;

// ── Deposit ───────────────────────────────────────────────────────────────

export function DepositForm({ target, paymentMethods }: { target: Target; paymentMethods: readonly string[] }) {
  const id = useId();
  const [draft, setDraft] = useState<DepositDraft>({ amount: '', payOut: false, transferType: paymentMethods[0] ?? '' });
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const { postEntry, pending, resetKey } = usePostEntry(target, { success: 'Funds added', failure: 'Failed to add funds' });
  const set = (change: Partial<DepositDraft>) => {
    resetKey();
    setDraft((d) => ({ ...d, ...change }));
  };

  const problem = depositProblem(draft);
  const cents = depositCents(draft);
  const submit = () => {
    if (problem !== null || cents === null) return;
    postEntry({ transactionType: 'Deposit', amountCents: cents, transferType: draft.transferType, transactionRef: reference.trim() }, note, () => {
      setDraft((d) => ({ ...d, amount: '' }));
      setReference('');
      setNote('');
    });
  };

  return (
    <FundsFieldset legend="Deposit" problem={problem} submitLabel={draft.payOut ? 'Pay Out' : 'Add Funds'} pending={pending} onSubmit={submit}>
      <AmountInput
        value={draft.amount}
        onChange={(amount) => set({ amount })}
        note={cents === null ? undefined : cents > 0 ? `The balance goes up by ${formatMoney(cents)}.` : `Pays ${formatMoney(-cents)} back: the balance goes down.`}
      />
      <Form.Check
        id={`${id}-payout`}
        type="switch"
        className="mb-2"
        label="Pay out (money back to the pilot)"
        checked={draft.payOut}
        onChange={(e) => set({ payOut: e.target.checked })}
      />
      {paymentMethods.length === 0 ? (
        <p className="form-text">The club has no payment methods; an admin adds them in Club Settings.</p>
      ) : (
        <SelectInput
          label="Transfer type"
          value={draft.transferType}
          options={paymentMethods.map((m) => ({ value: m, label: m }))}
          onChange={(transferType) => set({ transferType })}
        />
      )}
      <TextInput
        label="Reference"
        value={reference}
        onChange={(text) => {
          resetKey();
          setReference(text);
        }}
        maxLength={200}
      />
      <TextInput
        {...noteProps}
        value={note}
        onChange={(text) => {
          resetKey();
          setNote(text);
        }}
      />
    </FundsFieldset>
  );
}

// ── Expense ───────────────────────────────────────────────────────────────

const TAX_STATUSES = ['exempt', 'inclusive', 'exclusive'] as const satisfies readonly TaxStatus[];

export function ExpenseForm({ target, feeList, clubRates }: { target: Target; feeList: readonly string[]; clubRates: Record<string, number> }) {
  const id = useId();
  const [draft, setDraft] = useState<ExpenseDraft>({ amount: '', feeType: '', taxStatus: 'exempt', taxRates: [] });
  const [note, setNote] = useState('');
  const { postEntry, pending, resetKey } = usePostEntry(target, { success: 'Expense recorded', failure: 'Failed to record expense' });
  const set = (change: Partial<ExpenseDraft>) => {
    resetKey();
    setDraft((d) => ({ ...d, ...change }));
  };

  const problem = expenseProblem(draft);
  const charge = expenseCharge(draft, clubRates);
  const options = expenseTypeOptions(feeList);
  const submit = () => {
    const cents = amountCents(draft.amount);
    if (problem !== null || cents === null) return;
    const taxRates = draft.taxStatus === 'exempt' ? [] : draft.taxRates;
    postEntry({ transactionType: 'Expense', amountCents: cents, feeType: draft.feeType, taxStatus: draft.taxStatus, taxRates }, note, () => {
      setDraft((d) => ({ ...d, amount: '' }));
      setNote('');
    });
  };

  return (
    <FundsFieldset legend="Expense" problem={problem} submitLabel="Record Expense" pending={pending} onSubmit={submit}>
      <AmountInput
        value={draft.amount}
        onChange={(amount) => set({ amount })}
        note={draft.taxStatus === 'inclusive' ? 'Taxes included in the amount.' : draft.taxStatus === 'exclusive' ? 'Taxes are added to the amount.' : undefined}
      />
      <Form.Group className="mb-3" controlId={`${id}-type`}>
        <Form.Label>Fee class or expense code</Form.Label>
        <Form.Select value={draft.feeType} onChange={(e) => set({ feeType: e.target.value })}>
          <option value="">Choose…</option>
          {options.feeClasses.length > 0 && (
            <optgroup label="Fee classes">
              {options.feeClasses.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </optgroup>
          )}
          <optgroup label="Expense codes">
            {options.expenseCodes.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </optgroup>
        </Form.Select>
      </Form.Group>
      <TaxFields statuses={TAX_STATUSES} taxStatus={draft.taxStatus} taxRates={draft.taxRates} clubRates={clubRates} onChange={set} />
      <TextInput
        {...noteProps}
        value={note}
        onChange={(text) => {
          resetKey();
          setNote(text);
        }}
      />
      {charge && (
        <p className="mb-2" aria-live="polite">
          Charge: <strong>{chargeText(charge, draft.taxStatus)}</strong>
        </p>
      )}
    </FundsFieldset>
  );
}

// ── Block time ────────────────────────────────────────────────────────────

interface BlockFormProps {
  target: Target;
  rules: readonly BlockRuleItem[];
  /** Today in the club's zone and the club's membership year end 'MM-DD': the default season. */
  today: string;
  membershipYearEnd: string;
}

export function BlockForm({ target, rules, today, membershipYearEnd }: BlockFormProps) {
  const id = useId();
  const sellable = sellableRules(rules);
  const season = (): BlockDates => defaultBlockDates(today, membershipYearEnd);
  const [draft, setDraft] = useState<BlockDraft>(() => {
    const dates = season();
    return { ruleId: '', startDate: dates.start, endDate: dates.end, override: false, overrideAmount: '' };
  });
  const [note, setNote] = useState('');
  const { postEntry, pending, resetKey } = usePostEntry(target, { success: 'Block added', failure: 'Failed to add block time to user' });
  const set = (change: Partial<BlockDraft>) => {
    resetKey();
    setDraft((d) => ({ ...d, ...change }));
  };
  const setDates = (dates: BlockDates) => set({ startDate: dates.start, endDate: dates.end });
  const shift = (years: number) => {
    // From a cleared start, a year from the default season.
    const from = draft.startDate ? { start: draft.startDate, end: draft.endDate } : season();
    setDates(shiftBlockDates(from, years));
  };

  const rule = sellable.find((r) => r.id === draft.ruleId);
  const problem = blockProblem(draft);
  const submit = () => {
    if (problem !== null) return;
    const price = amountCents(draft.overrideAmount);
    const block = { id: draft.ruleId, startDate: draft.startDate, endDate: draft.endDate, override: draft.override };
    postEntry({ transactionType: 'Block', block, ...(draft.override && price !== null ? { amountCents: price } : {}) }, note, () => {
      setDraft((d) => ({ ...d, overrideAmount: '' }));
      setNote('');
    });
  };

  if (sellable.length === 0) {
    return <p className="text-body-secondary small">No active block rules: an admin adds them under Glider Rental Rate Rules.</p>;
  }

  return (
    <FundsFieldset legend="Block time" problem={problem} submitLabel="Add Block Time" pending={pending} onSubmit={submit}>
      <Form.Group className="mb-3" controlId={`${id}-rule`}>
        <Form.Label>Block</Form.Label>
        <Form.Select value={draft.ruleId} onChange={(e) => set({ ruleId: e.target.value })} aria-describedby={rule ? `${id}-offer` : undefined}>
          <option value="">Choose a block…</option>
          {sellable.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </Form.Select>
        {rule && (
          <Form.Text id={`${id}-offer`} muted>
            {ruleOffer(rule)}
          </Form.Text>
        )}
      </Form.Group>
      <div className="row g-2 mb-2">
        <Form.Group className="col-6" controlId={`${id}-start`}>
          <Form.Label>Block start</Form.Label>
          <Form.Control type="date" value={draft.startDate} max={draft.endDate || undefined} onChange={(e) => set({ startDate: e.target.value })} />
        </Form.Group>
        <Form.Group className="col-6" controlId={`${id}-end`}>
          <Form.Label>Block end</Form.Label>
          <Form.Control type="date" value={draft.endDate} min={draft.startDate || undefined} onChange={(e) => set({ endDate: e.target.value })} />
        </Form.Group>
      </div>
      <div className="btn-group w-100 mb-3" role="group" aria-label="Season">
        <Button type="button" variant="outline-secondary" size="sm" onClick={() => shift(-1)}>
          Prior Year
        </Button>
        <Button type="button" variant="outline-secondary" size="sm" onClick={() => shift(1)}>
          Next Year
        </Button>
        <Button type="button" variant="outline-secondary" size="sm" onClick={() => setDates(season())}>
          Reset Season
        </Button>
      </div>
      <Form.Check
        id={`${id}-override`}
        type="switch"
        className="mb-2"
        label="Override price"
        checked={draft.override}
        onChange={(e) => set({ override: e.target.checked })}
      />
      {draft.override && (
        <AmountInput label="Price" value={draft.overrideAmount} onChange={(overrideAmount) => set({ overrideAmount })} note="Charged instead of the block's price, taxed as the block is." />
      )}
      <TextInput
        {...noteProps}
        value={note}
        onChange={(text) => {
          resetKey();
          setNote(text);
        }}
      />
    </FundsFieldset>
  );
}

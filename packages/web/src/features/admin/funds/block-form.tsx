import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { BlockRuleItem } from '@flightline/domain/api/types';
import { defaultBlockDates, shiftBlockDates, type BlockDates } from '@flightline/domain/money/block-dates';
import { Check } from '../../../components/form/fields.tsx';
import { FundsFieldset } from './funds-fieldset.tsx';
import { AmountInput, NoteInput } from './funds-inputs.tsx';
import { amountCents, blockProblem, ruleOffer, sellableRules, type BlockDraft } from './funds-rules.ts';
import { useFundsEntry, type FundsTarget } from './use-funds-entry.ts';

interface BlockFormProps {
  target: FundsTarget;
  rules: readonly BlockRuleItem[];
  /** Today in the club's zone and the club's membership year end 'MM-DD': the default season. */
  today: string;
  membershipYearEnd: string;
}

/**
 * The posted fields the Block time form shows (the price only with Override price), where a refusal about one of
 * them is shown.
 */
const BLOCK_FIELDS = ['block.id', 'block.startDate', 'block.endDate', 'note'] as const;

/** A date or choice of the form refused by the server: marked, its message under it and read out. */
function invalidProps(error: string | undefined, errorId: string) {
  return {
    isInvalid: Boolean(error),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  } as const;
}

function FieldFailure({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <Form.Control.Feedback type="invalid" id={id} role="alert">
      {error}
    </Form.Control.Feedback>
  );
}

/** The pilot editor's Block time form: a block rule sold for a season, at its price or an override. */
export function BlockForm({ target, rules, today, membershipYearEnd }: BlockFormProps) {
  const id = useId();
  const sellable = sellableRules(rules);
  const season = (): BlockDates => defaultBlockDates(today, membershipYearEnd);
  const { draft, set, note, setNote, post, pending, fieldError, formError, refusals } = useFundsEntry<BlockDraft>(
    target,
    { success: 'Block added', failure: 'Failed to add block time to user' },
    () => {
      const dates = season();
      return { ruleId: '', startDate: dates.start, endDate: dates.end, override: false, overrideAmount: '' };
    },
  );
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
    post(
      { transactionType: 'Block', block, ...(draft.override && price !== null ? { amountCents: price } : {}) },
      { overrideAmount: '' },
    );
  };

  if (sellable.length === 0) {
    return (
      <p className="text-body-secondary small">
        No active block rules: an admin adds them under Glider Rental Rate Rules.
      </p>
    );
  }

  return (
    <FundsFieldset
      legend="Block time"
      problem={problem}
      submitLabel="Add Block Time"
      pending={pending}
      onSubmit={submit}
      failure={formError(draft.override ? [...BLOCK_FIELDS, 'amountCents'] : BLOCK_FIELDS)}
      refusals={refusals}
    >
      <Form.Group className="mb-3" controlId={`${id}-rule`}>
        <Form.Label>Block</Form.Label>
        <Form.Select
          value={draft.ruleId}
          onChange={(e) => set({ ruleId: e.target.value })}
          {...invalidProps(fieldError('block.id'), `${id}-rule-error`)}
          aria-describedby={fieldError('block.id') ? `${id}-rule-error` : rule ? `${id}-offer` : undefined}
        >
          <option value="">Choose a block…</option>
          {sellable.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </Form.Select>
        {rule && !fieldError('block.id') && (
          <Form.Text id={`${id}-offer`} muted>
            {ruleOffer(rule)}
          </Form.Text>
        )}
        <FieldFailure id={`${id}-rule-error`} error={fieldError('block.id')} />
      </Form.Group>
      <div className="row g-2 mb-2">
        <Form.Group className="col-6" controlId={`${id}-start`}>
          <Form.Label>Block start</Form.Label>
          <Form.Control
            type="date"
            value={draft.startDate}
            max={draft.endDate || undefined}
            onChange={(e) => set({ startDate: e.target.value })}
            {...invalidProps(fieldError('block.startDate'), `${id}-start-error`)}
          />
          <FieldFailure id={`${id}-start-error`} error={fieldError('block.startDate')} />
        </Form.Group>
        <Form.Group className="col-6" controlId={`${id}-end`}>
          <Form.Label>Block end</Form.Label>
          <Form.Control
            type="date"
            value={draft.endDate}
            min={draft.startDate || undefined}
            onChange={(e) => set({ endDate: e.target.value })}
            {...invalidProps(fieldError('block.endDate'), `${id}-end-error`)}
          />
          <FieldFailure id={`${id}-end-error`} error={fieldError('block.endDate')} />
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
      <Check
        type="switch"
        className="mb-2"
        label="Override price"
        checked={draft.override}
        onChange={(override) => set({ override })}
      />
      {draft.override && (
        <AmountInput
          label="Price"
          value={draft.overrideAmount}
          onChange={(overrideAmount) => set({ overrideAmount })}
          note="Charged instead of the block's price, taxed as the block is."
          error={fieldError('amountCents')}
        />
      )}
      <NoteInput value={note} onChange={setNote} error={fieldError('note')} />
    </FundsFieldset>
  );
}

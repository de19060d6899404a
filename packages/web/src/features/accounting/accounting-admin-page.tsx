import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADJUSTMENTS, CHART_OF_ACCOUNTS, type AdjustmentName } from '@flightline/domain/money/ledger';
import { compareText } from '@flightline/domain/club/text-order';
import '../../app/back-office.scss';
import { Loading, LoadError, Page } from '../../components/page-state.tsx';
import { errorMessage } from '../../lib/api.ts';
import { confirmDialog } from '../../lib/confirm-store.ts';
import { notifications } from '../../lib/notifications-store.ts';
import { useSession } from '../../lib/session.ts';
import { clubToday, previousDay } from '../../lib/club-dates.ts';
import { newIdempotencyKey } from '../../lib/new-id.ts';
import {
  adjustmentAmountCents,
  introPeriodDays,
  lockDateProblem,
  truncateAmountText,
} from '../../components/form/admin-inputs.ts';
import { afterClubChange, useClubInfo } from '../../lib/api/club-info.ts';
import { refreshAccounting } from '../../lib/api/accounting.ts';
import { postAdjustment, updateAdminParameter } from './api.ts';
import { NotAuthorized } from '../../components/not-authorized.tsx';
import { TitledSection } from '../../components/titled-section.tsx';

const TITLE = 'Accounting Admin';

/** `/accountingAdmin`, Accounting admin (docs/accounting.md "Accounting admin"), admin only. */
export function AccountingAdminPage() {
  const session = useSession();
  const s = session.data;
  if (!s?.club)
    return (
      <Page title={TITLE}>
        <Loading />
      </Page>
    );
  if (!s.userIsAdmin) return <NotAuthorized title={TITLE} />;
  return <AccountingAdmin club={s.club} timeZone={s.clubTimeZone} />;
}

function AccountingAdmin({ club, timeZone }: { club: string; timeZone: string }) {
  const info = useClubInfo(club);
  if (info.isPending)
    return (
      <Page title={TITLE}>
        <Loading />
      </Page>
    );
  if (info.isError)
    return (
      <Page title={TITLE}>
        <LoadError error={info.error} prefix="Could not load the club's settings." />
      </Page>
    );
  return (
    <Page title={TITLE}>
      <Adjustments club={club} taxNames={Object.keys(info.data.taxRates).sort(compareText)} />
      <FeeClasses club={club} feeList={info.data.feeList} />
      <LockDate club={club} lockDate={info.data.transactionLockDate} today={clubToday(timeZone)} />
      <IntroPeriod club={club} period={info.data.introStalePeriod} />
    </Page>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <TitledSection title={title} className="border rounded p-3 mb-3" headingClassName="h5 mb-3">
      {children}
    </TitledSection>
  );
}

const failed = (heading: string, error: unknown, options: { autohide?: boolean } = {}) =>
  notifications.alert({ status: 'danger', heading, message: errorMessage(error), autohide: options.autohide ?? true });

// ── Accounting Adjustments ────────────────────────────────────────────────

const ADJUSTMENT_NAMES = Object.keys(ADJUSTMENTS) as AdjustmentName[];
const accountName = (name: AdjustmentName) => CHART_OF_ACCOUNTS[ADJUSTMENTS[name].account];

function Adjustments({ club, taxNames }: { club: string; taxNames: string[] }) {
  const id = useId();
  const client = useQueryClient();
  const [adjustment, setAdjustment] = useState<AdjustmentName | ''>('');
  const [taxType, setTaxType] = useState('');
  const [amount, setAmount] = useState('');
  const amountCents = adjustmentAmountCents(amount);
  const needsTax = adjustment === 'Bank Payment';

  const submit = useMutation({
    mutationFn: (input: { adjustment: AdjustmentName; amountCents: number; taxType: string }) => {
      const account = ADJUSTMENTS[input.adjustment].account as 2510 | 2120;
      return postAdjustment({
        transactionType: input.adjustment === 'Bank Payment' ? 'BankPayment' : 'WriteDown',
        account,
        amountCents: input.amountCents,
        ...(account === 2510 ? { taxType: input.taxType } : {}),
        idempotencyKey: newIdempotencyKey(),
      });
    },
    onSuccess: async (_, input) => {
      notifications.toast({ status: 'success', message: `${accountName(input.adjustment)} adjusted successfully` });
      setAmount('');
      await refreshAccounting(client, club);
    },
    onError: (error) => failed('Failed to submit adjustment', error),
  });

  const missing = !adjustment
    ? 'Choose an account'
    : needsTax && !taxType
      ? 'Choose a tax type'
      : amountCents === null
        ? 'Enter an amount of at least $0.01'
        : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (missing || !adjustment || amountCents === null) return;
    submit.mutate({ adjustment, amountCents, taxType });
  };

  return (
    <Section title="Accounting Adjustments">
      <form onSubmit={onSubmit} noValidate>
        <div className="mb-3">
          <label className="form-label" htmlFor={`${id}-account`}>
            Account
          </label>
          <select
            id={`${id}-account`}
            className="form-select"
            value={adjustment}
            onChange={(e) => setAdjustment(e.target.value as AdjustmentName | '')}
          >
            <option value="">Choose an account</option>
            {ADJUSTMENT_NAMES.map((name) => (
              <option key={name} value={name}>
                {`${accountName(name)} (${name})`}
              </option>
            ))}
          </select>
        </div>
        {needsTax && (
          <div className="mb-3">
            <label className="form-label" htmlFor={`${id}-tax`}>
              Tax Type
            </label>
            <select
              id={`${id}-tax`}
              className="form-select"
              value={taxType}
              onChange={(e) => setTaxType(e.target.value)}
            >
              <option value="">Choose a tax type</option>
              {taxNames.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
            {taxNames.length === 0 && (
              <div className="form-text">The club has no tax rates. An admin adds them in the club settings.</div>
            )}
          </div>
        )}
        <div className="mb-3">
          <label className="form-label" htmlFor={`${id}-amount`}>
            Amount
          </label>
          <div className="input-group">
            <span className="input-group-text">$</span>
            <input
              id={`${id}-amount`}
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              className="form-control"
              value={amount}
              onChange={(e) => setAmount(truncateAmountText(e.target.value))}
            />
          </div>
        </div>
        {missing && <p className="form-text mt-0 mb-2">{missing}</p>}
        <button type="submit" className="btn btn-primary" disabled={missing !== null || submit.isPending}>
          {submit.isPending ? 'Submitting…' : 'Submit Adjustment'}
        </button>
      </form>
    </Section>
  );
}

// ── Club Fee Classes ──────────────────────────────────────────────────────

function FeeClasses({ club, feeList }: { club: string; feeList: string[] }) {
  const id = useId();
  const client = useQueryClient();
  const [selected, setSelected] = useState('');
  const [newName, setNewName] = useState('');
  const trimmed = newName.trim();
  const duplicate = feeList.some((fee) => fee.toLowerCase() === trimmed.toLowerCase());

  const change = useMutation({
    mutationFn: (input: { feeName: string; action: 'add' | 'remove' }) =>
      updateAdminParameter({ parameter: 'clubFees', ...input }),
    onSuccess: async (result, input) => {
      notifications.toast({
        status: 'success',
        message: input.action === 'add' ? 'New fee class added' : 'Fee class removed',
      });
      if (input.action === 'add') setNewName('');
      else setSelected('');
      await afterClubChange(client, club, result.feeList ? { feeList: result.feeList } : {});
    },
    onError: (error, input) =>
      failed(input.action === 'add' ? 'Failed to add new fee class' : 'Failed to remove fee class', error),
  });

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed && !duplicate) change.mutate({ feeName: trimmed, action: 'add' });
  };
  const remove = async () => {
    if (!selected) return;
    const yes = await confirmDialog.ask({
      heading: 'Remove Fee Class',
      message:
        `Remove the fee class "${selected}"? This does not change existing ` +
        `transactions: those already recorded with it keep it.`,
      confirmLabel: 'Remove',
      rejectLabel: 'Cancel',
      confirmVariant: 'danger',
    });
    if (yes) change.mutate({ feeName: selected, action: 'remove' });
  };

  return (
    <Section title="Club Fee Classes">
      <label className="form-label" htmlFor={`${id}-list`}>
        Fee classes
      </label>
      <select
        id={`${id}-list`}
        className="form-select mb-2"
        size={5}
        value={selected}
        onChange={(e) => setSelected(e.target.value)}
      >
        {/* Without it React would show the first class as chosen while nothing is. */}
        <option value="" disabled hidden />
        {feeList.map((fee) => (
          <option key={fee} value={fee}>
            {fee}
          </option>
        ))}
      </select>
      {feeList.length === 0 && <p className="form-text mt-0">No fee classes yet.</p>}
      <button
        type="button"
        className="btn btn-outline-danger mb-3"
        disabled={!selected || change.isPending}
        onClick={() => void remove()}
      >
        {selected ? `Remove ${selected}` : 'Remove'}
      </button>
      <form onSubmit={add} noValidate>
        <label className="form-label" htmlFor={`${id}-new`}>
          New fee class
        </label>
        <div className="input-group">
          <input
            id={`${id}-new`}
            className="form-control"
            maxLength={60}
            value={newName}
            onChange={(e) => setNewName(e.target.value)}
            autoComplete="off"
          />
          <button type="submit" className="btn btn-primary" disabled={!trimmed || duplicate || change.isPending}>
            Add
          </button>
        </div>
        {duplicate && <div className="form-text">That fee class is already in the list.</div>}
      </form>
    </Section>
  );
}

// ── Transaction Lock Date ─────────────────────────────────────────────────

function LockDate({ club, lockDate, today }: { club: string; lockDate: string | null; today: string }) {
  const id = useId();
  const client = useQueryClient();
  const [date, setDate] = useState(lockDate ?? '');

  const lock = useMutation({
    mutationFn: (day: string) => updateAdminParameter({ parameter: 'lockDate', lockDate: day }),
    onSuccess: async (result, day) => {
      notifications.toast({ status: 'success', message: `Locked transactions on and before ${day}` });
      await afterClubChange(client, club, { transactionLockDate: result.lockDate ?? day });
    },
    onError: (error) => {
      failed('Could not lock transactions', error, { autohide: false });
      setDate(lockDate ?? '');
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = lockDateProblem(date, lockDate, today);
    if (problem) {
      notifications.alert({ status: 'danger', message: problem });
      return;
    }
    const yes = await confirmDialog.ask({
      heading: 'Lock Transactions',
      message:
        `Lock all transactions on and before ${date}? This cannot be undone. ` +
        `Database modification requests are billed at $50 each.`,
      confirmLabel: 'Lock',
      rejectLabel: 'Cancel',
      confirmVariant: 'danger',
    });
    if (yes) lock.mutate(date);
  };

  return (
    <Section title="Transaction Lock Date">
      <p className="mb-2">
        {lockDate ? `Transactions on and before ${lockDate} are locked.` : 'No transactions are locked yet.'}
      </p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <label className="form-label" htmlFor={`${id}-date`}>
          Lock transactions on and before
        </label>
        <div className="input-group">
          <input
            id={`${id}-date`}
            type="date"
            className="form-control"
            value={date}
            max={previousDay(today)}
            onChange={(e) => setDate(e.target.value)}
          />
          <button type="submit" className="btn btn-primary" disabled={!date || date === lockDate || lock.isPending}>
            Lock
          </button>
        </div>
      </form>
    </Section>
  );
}

// ── Default Intro Expiration Period ───────────────────────────────────────

function IntroPeriod({ club, period }: { club: string; period: number }) {
  const id = useId();
  const client = useQueryClient();
  const [text, setText] = useState(String(period));
  const days = introPeriodDays(text);

  const save = useMutation({
    mutationFn: (value: number) => updateAdminParameter({ parameter: 'introStalePeriod', period: value }),
    onSuccess: async (result, value) => {
      notifications.toast({ status: 'success', message: 'Default intro expiration period updated' });
      await afterClubChange(client, club, { introStalePeriod: result.period ?? value });
    },
    onError: (error) => {
      failed('Could not update default intro expiration period', error, { autohide: false });
      setText(String(period));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (days !== null) save.mutate(days);
  };

  return (
    <Section title="Default Intro Expiration Period">
      <form onSubmit={submit} noValidate>
        <label className="form-label" htmlFor={`${id}-days`}>
          Intros expire after
        </label>
        <div className="input-group">
          <input
            id={`${id}-days`}
            type="number"
            inputMode="numeric"
            min={0}
            max={3650}
            step={1}
            className="form-control"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <span className="input-group-text">days</span>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={days === null || days === period || save.isPending}
          >
            Save
          </button>
        </div>
        {days === null && <div className="form-text">Enter whole days from 0 to 3650.</div>}
      </form>
    </Section>
  );
}

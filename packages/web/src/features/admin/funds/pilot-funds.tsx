import { useId, useState } from 'react';
import type { AdminPilot, ServeAdmin } from '@flightline/domain/api/types';
import { LoadError } from '../../../components/page-state.tsx';
import { useSession } from '../../../lib/session.ts';
import { useClubInfo } from '../../../lib/api/club-info.ts';
import { usePilotBalance } from './funds-api.ts';
import { BlockForm } from './block-form.tsx';
import { DepositForm } from './deposit-form.tsx';
import { ExpenseForm } from './expense-form.tsx';
import { membershipYearToDate } from './funds-rules.ts';
import { Money } from '../../../components/money.tsx';
import { PilotBlocks, RecentTransactions, TransactionHistory } from './pilot-history.tsx';
import { pilotName, todayIn } from '../members/pilots.ts';
import { useReverseEntry } from './use-reverse-entry.ts';
import './funds.css';

const FORMS = [
  ['deposit', 'Deposit'],
  ['expense', 'Expense'],
  ['block', 'Block time'],
] as const;
type FormName = (typeof FORMS)[number][0];

interface PilotFundsProps {
  pilot: AdminPilot;
  data: ServeAdmin;
  clubTimeZone: string;
}

/**
 * The pilot editor's funds: the balance, one of the Deposit, Expense and
 * Block time forms, and the pilot's recent transactions, history and blocks.
 * Only for an admin or a holder of Can Add User Funds — the server refuses
 * everyone else anyway; an entry's Reverse only for an admin, as
 * reverse-transaction is.
 */
export function PilotFunds({ pilot, data, clubTimeZone }: PilotFundsProps) {
  const session = useSession().data;
  if (!session?.club || !(session.userIsAdmin || session.userCanAddFunds)) return null;
  return (
    <Funds
      club={session.club}
      pilot={pilot}
      data={data}
      timeZone={clubTimeZone || session.clubTimeZone}
      canReverse={session.userIsAdmin}
    />
  );
}

function Funds({
  club,
  pilot,
  data,
  timeZone,
  canReverse,
}: {
  club: string;
  pilot: AdminPilot;
  data: ServeAdmin;
  timeZone: string;
  canReverse: boolean;
}) {
  const id = useId();
  const [form, setForm] = useState<FormName>('deposit');
  const [today] = useState(() => todayIn(timeZone, Date.now()));
  const balance = usePilotBalance(club, pilot.userID);
  const info = useClubInfo(club);
  const target = { club, pilot: pilot.userID };
  const ref = { club, userID: pilot.userID, timeZone };
  // One Reverse for both lists: while an entry is being reversed, no other Reverse can be pressed.
  const reverse = useReverseEntry({ ...ref, canReverse });

  return (
    <section
      className="mb-3 pilot-funds"
      aria-labelledby={`${id}-funds`}
      // Enter in a date or text field here must not submit the editor's own form (Save Changes of the qualifications).
      onKeyDown={(event) => {
        if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
      }}
    >
      <h3 id={`${id}-funds`} className="h6">
        Funds
      </h3>
      <div
        className="d-flex align-items-baseline justify-content-between border rounded px-3 py-2 mb-3"
        role="status"
        aria-live="polite"
      >
        <span>Balance of {pilotName(pilot)}</span>
        <strong className="fs-5 text-nowrap">
          {balance.data ? <Money cents={balance.data.balanceCents} /> : balance.isError ? '—' : '…'}
        </strong>
      </div>
      {balance.isError && <LoadError error={balance.error} prefix="Could not load the balance." />}

      <div className="btn-group w-100 mb-2" role="group" aria-label="Funds form">
        {FORMS.map(([name, label]) => (
          <button
            key={name}
            type="button"
            className={`btn ${form === name ? 'btn-secondary' : 'btn-outline-secondary'}`}
            aria-pressed={form === name}
            onClick={() => setForm(name)}
          >
            {label}
          </button>
        ))}
      </div>
      {/* All three stay mounted, so switching forms keeps what was typed in each. */}
      <div hidden={form !== 'deposit'}>
        <DepositForm target={target} paymentMethods={data.paymentMethods} />
      </div>
      <div hidden={form !== 'expense'}>
        {info.isPending ? (
          <p className="small">Loading the club's fee classes…</p>
        ) : info.isError ? (
          <LoadError error={info.error} prefix="Could not load the club's fee classes." />
        ) : (
          <ExpenseForm target={target} feeList={info.data.feeList} clubRates={info.data.taxRates} />
        )}
      </div>
      <div hidden={form !== 'block'}>
        <BlockForm target={target} rules={data.blocks} today={today} membershipYearEnd={data.membershipYearEnd} />
      </div>

      <RecentTransactions {...ref} reverse={reverse} />
      <TransactionHistory {...ref} initial={membershipYearToDate(today, data.membershipYearEnd)} reverse={reverse} />
      <PilotBlocks club={club} userID={pilot.userID} today={today} />
    </section>
  );
}

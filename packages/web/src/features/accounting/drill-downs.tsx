import { useEffect, useId, useState } from 'react';
import type { AccountRow, BreakdownRow } from '@flightline/domain/api/types';
import type { BalanceView } from '@flightline/domain/schemas/ledger';
import { ClubWhen } from '../../components/club-when.tsx';
import { Money } from '../../components/money.tsx';
import { MoneyCell } from '../../components/figure-column.tsx';
import { Loading } from '../../components/page-state.tsx';
import { errorMessage } from '../../lib/api.ts';
import { notifications } from '../../lib/notifications-store.ts';
import type { DayRange } from '../../lib/use-day-range.ts';
import { useBreakdown, useMemberHistory } from './api.ts';
import { ANY_CATEGORY, categoryOptions, filterOtherRevenue } from './other-revenue-filter.ts';
import { SortableTable, type Column } from './sortable-table.tsx';
import { parentView, type AccountingView } from './views.ts';

type Go = (view: AccountingView, options?: { replace?: boolean }) => void;
type DrillView = Exclude<
  AccountingView,
  { kind: 'summary' } | { kind: 'cashIn' } | { kind: 'taxes' } | { kind: 'memberHistory' }
>;

/** A failed history load says so and returns to the parent table. */
function useReturnOnError(isError: boolean, error: unknown, view: AccountingView, go: Go) {
  useEffect(() => {
    if (!isError) return;
    notifications.alert({
      status: 'danger',
      heading: 'Could not load transactions history',
      message: errorMessage(error),
    });
    go(parentView(view), { replace: true });
  }, [isError, error, view, go]);
}

function breakdownColumns(
  view: DrillView,
  timeZone: string,
  go: Go,
  rows: readonly BreakdownRow[],
): Column<BreakdownRow>[] {
  const all = allColumns(view, timeZone, go);
  // Revenue and tax legs of an entry name no member when the payer is only on its Members A/P leg.
  return view.kind === 'members' || rows.some((r) => r.member) ? all : all.filter((c) => c.label !== 'Member');
}

function allColumns(view: DrillView, timeZone: string, go: Go): Column<BreakdownRow>[] {
  const date: Column<BreakdownRow> = {
    label: 'Date',
    value: (r) => r.timestamp,
    render: (r) => <ClubWhen ms={r.timestamp} timeZone={timeZone} />,
  };
  const member: Column<BreakdownRow> = { label: 'Member', value: (r) => r.member };
  const description: Column<BreakdownRow> = { label: 'Description', value: (r) => r.description };
  const note: Column<BreakdownRow> = { label: 'Note', value: (r) => r.note };
  const amount: Column<BreakdownRow> = {
    label: 'Amount',
    value: (r) => r.amountCents,
    render: (r) => <Money cents={r.amountCents} />,
    numeric: true,
    amount: true,
  };
  const sn: Column<BreakdownRow> = { label: 'SN', value: (r) => r.SN };
  const soldTo: Column<BreakdownRow> = { label: 'Sold To', value: (r) => r.soldTo };
  switch (view.kind) {
    case 'deposits':
      return [date, member, description, { label: 'Ref', value: (r) => r.ref }, note, amount];
    case 'taxTransactions':
      return [date, member, description, note, amount];
    case 'members':
      return [
        date,
        {
          label: 'Member',
          value: (r) => r.member,
          render: (r) =>
            r.userId ? (
              <button
                type="button"
                className="border-0 bg-transparent p-0 text-start link-primary text-decoration-underline"
                onClick={() => go({ kind: 'memberHistory', userId: r.userId, name: r.member || r.userId })}
              >
                {r.member || r.userId}
              </button>
            ) : (
              r.member
            ),
        },
        description,
        note,
        amount,
      ];
    case 'intros':
      return [
        date,
        sn,
        soldTo,
        description,
        { label: 'Method', value: (r) => r.method },
        { label: 'Ref', value: (r) => r.ref },
        amount,
      ];
    case 'revenue':
      if (view.balance === 'IntroRevenue') return [date, sn, soldTo, description, amount];
      if (view.balance === 'OtherRevenue')
        return [date, member, { label: 'Category', value: (r) => r.fee }, note, amount];
      return [date, member, description, note, amount];
  }
}

function request(view: DrillView): {
  balance: Exclude<BalanceView, 'AccountingSummary'>;
  params: Record<string, string>;
} {
  switch (view.kind) {
    case 'deposits':
      return { balance: 'DepositTransactions', params: { transferType: view.transferType } };
    case 'taxTransactions':
      return { balance: 'TaxTransactions', params: { taxType: view.taxType } };
    case 'members':
      return { balance: 'MemberTransactions', params: {} };
    case 'intros':
      return { balance: 'IntroTransactions', params: {} };
    case 'revenue':
      return { balance: view.balance, params: {} };
  }
}

function TotalRow({ columns, totalCents }: { columns: number; totalCents: number }) {
  return (
    <tr className="fw-semibold">
      <td colSpan={columns - 1}>Total</td>
      <MoneyCell cents={totalCents} />
    </tr>
  );
}

/** Transactions of one account (or sub-account) over the dates, newest first. */
export function BreakdownTable({
  view,
  club,
  range,
  timeZone,
  go,
}: {
  view: DrillView;
  club: string;
  range: DayRange | null;
  timeZone: string;
  go: Go;
}) {
  const { balance, params } = request(view);
  const breakdown = useBreakdown(club, range, balance, params);
  useReturnOnError(breakdown.isError, breakdown.error, view, go);
  if (!range) return null;
  if (breakdown.isPending || breakdown.isError) return <Loading />;
  const rows = breakdown.data.rows;
  const columns = breakdownColumns(view, timeZone, go, rows);
  if (view.kind === 'revenue' && view.balance === 'OtherRevenue') {
    return <OtherRevenueTable rows={rows} feeList={breakdown.data.feeList} columns={columns} />;
  }
  return (
    <SortableTable
      columns={columns}
      rows={rows}
      rowKey={(r) => `${r.transactionId}-${r.account}-${r.userId}-${r.taxName}-${r.fee}`}
      empty="No transactions in these dates."
      footer={<TotalRow columns={columns.length} totalCents={sum(rows)} />}
    />
  );
}

const sum = (rows: readonly { amountCents: number }[]) => rows.reduce((total, r) => total + r.amountCents, 0);

function OtherRevenueTable({
  rows,
  feeList,
  columns,
}: {
  rows: BreakdownRow[];
  feeList: string[];
  columns: Column<BreakdownRow>[];
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState(ANY_CATEGORY);
  const shown = filterOtherRevenue(rows, { search, category });
  return (
    <>
      <div className="row g-2 mb-2">
        <div className="col-7">
          <label className="form-label small mb-1" htmlFor={`${id}-search`}>
            Search notes
          </label>
          <input
            id={`${id}-search`}
            type="search"
            className="form-control"
            placeholder="Search notes"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            autoComplete="off"
          />
        </div>
        <div className="col-5">
          <label className="form-label small mb-1" htmlFor={`${id}-category`}>
            Category
          </label>
          <select
            id={`${id}-category`}
            className="form-select"
            value={category}
            onChange={(e) => setCategory(e.target.value)}
          >
            {categoryOptions(feeList, rows).map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <SortableTable
        columns={columns}
        rows={shown}
        rowKey={(r) => `${r.transactionId}-${r.account}-${r.fee}`}
        empty={rows.length === 0 ? 'No transactions in these dates.' : 'No transactions match the search and category.'}
        footer={<TotalRow columns={columns.length} totalCents={sum(shown)} />}
      />
    </>
  );
}

/** One member's history over the dates with the running balance (from Members A/P). */
export function MemberHistoryTable({
  view,
  club,
  range,
  timeZone,
  go,
}: {
  view: Extract<AccountingView, { kind: 'memberHistory' }>;
  club: string;
  range: DayRange | null;
  timeZone: string;
  go: Go;
}) {
  const history = useMemberHistory(club, range, view.userId);
  useReturnOnError(history.isError, history.error, view, go);
  if (!range) return null;
  if (history.isPending || history.isError) return <Loading />;
  const columns: Column<AccountRow>[] = [
    { label: 'Date', value: (r) => r.date, render: (r) => <ClubWhen ms={r.date} timeZone={timeZone} /> },
    { label: 'Id', value: (r) => r.id },
    { label: 'Description', value: (r) => r.description },
    {
      label: 'Amount',
      value: (r) => r.amountCents,
      render: (r) => <Money cents={r.amountCents} />,
      numeric: true,
      amount: true,
    },
    { label: 'Balance', value: (r) => r.balanceCents, render: (r) => <Money cents={r.balanceCents} />, numeric: true },
  ];
  return (
    <>
      <p className="mb-2">
        Opening balance{' '}
        <strong>
          <Money cents={history.data.openingBalanceCents} />
        </strong>
        , closing balance{' '}
        <strong>
          <Money cents={history.data.balanceCents} />
        </strong>
      </p>
      <SortableTable
        columns={columns}
        rows={history.data.transactions}
        rowKey={(r) => r.id}
        empty="No transactions in these dates."
      />
    </>
  );
}

export type { DrillView };

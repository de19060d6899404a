import type { AccountingSummary, AccountTotals } from '@flightline/domain/api-types';
import { formatMoney } from '@flightline/domain/money';
import { expenseRows } from './expense-rows.ts';
import { SortableTable, type Column } from './sortable-table.tsx';
import type { AccountingView } from './views.ts';
import '../../app/bootstrap/tables.scss';
import './accounting-tables.css';

/**
 * The overview (back-office spec §2): Obligations, Revenue and Payments, each
 * row start, debit, credit, end. Revenue ends with the expense accounts that
 * members were charged to (expense-rows.ts), so the page reconciles.
 */

interface TotalsRow {
  label: string;
  totals: AccountTotals;
  /** Its drill-down; none for an expense account (the server has no history call for them). */
  open?: AccountingView | undefined;
}

function overview(summary: AccountingSummary): { caption: string; rows: TotalsRow[] }[] {
  return [
    {
      caption: 'Obligations',
      rows: [
        { label: 'Members A/P', totals: summary.membersPayable, open: { kind: 'members' } },
        { label: 'Intro A/P', totals: summary.introsPayable, open: { kind: 'intros' } },
        { label: 'Sales Tax A/P', totals: summary.taxesPayable, open: { kind: 'taxes' } },
      ],
    },
    {
      caption: 'Revenue',
      rows: [
        { label: 'Tows', totals: summary.towRevenue, open: { kind: 'revenue', balance: 'TowRevenue' } },
        { label: 'Rental', totals: summary.rentalRevenue, open: { kind: 'revenue', balance: 'RentalRevenue' } },
        { label: 'Intros', totals: summary.introRevenue, open: { kind: 'revenue', balance: 'IntroRevenue' } },
        { label: 'Other', totals: summary.otherRevenue, open: { kind: 'revenue', balance: 'OtherRevenue' } },
        ...expenseRows(summary.expenses),
      ],
    },
    { caption: 'Payments', rows: [{ label: 'Cash In', totals: summary.cashIn, open: { kind: 'cashIn' } }] },
  ];
}

const AMOUNT_HEADERS = ['Start', 'Debit', 'Credit', 'End'] as const;

function Amounts({ totals }: { totals: AccountTotals }) {
  return (
    <>
      <td className="text-end text-nowrap" data-label="Start">
        {formatMoney(totals.startCents)}
      </td>
      <td className="text-end text-nowrap" data-label="Debit">
        {formatMoney(totals.debitCents)}
      </td>
      <td className="text-end text-nowrap" data-label="Credit">
        {formatMoney(totals.creditCents)}
      </td>
      <td className="cell-end text-end text-nowrap fw-semibold" data-label="End">
        {formatMoney(totals.endCents)}
      </td>
    </>
  );
}

function OpenButton({ label, onOpen }: { label: string; onOpen: () => void }) {
  return (
    <button type="button" className="border-0 bg-transparent p-0 text-start link-primary text-decoration-underline" onClick={onOpen}>
      {label}
    </button>
  );
}

function AccountLabel({ row, open }: { row: TotalsRow; open: (view: AccountingView) => void }) {
  const view = row.open;
  return view ? <OpenButton label={row.label} onOpen={() => open(view)} /> : <>{row.label}</>;
}

export function SummaryTables({ summary, open }: { summary: AccountingSummary; open: (view: AccountingView) => void }) {
  return (
    <>
      {overview(summary).map((table) => (
        <div key={table.caption} className="table-responsive">
          <table className="table table-sm small align-middle caption-top mb-4 totals-rows">
            <caption className="h6 text-body fw-semibold">{table.caption}</caption>
            <thead>
              <tr>
                <th scope="col">Account</th>
                {AMOUNT_HEADERS.map((h) => (
                  <th key={h} scope="col" className="text-end">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row" className="cell-account fw-normal text-nowrap">
                    <AccountLabel row={row} open={open} />
                  </th>
                  <Amounts totals={row.totals} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </>
  );
}

interface SubTotal {
  name: string;
  totals: AccountTotals;
}

/** Cash In by transfer type, or Sales Tax A/P by tax name: each opens its transactions. */
export function SubTotalsTable({ label, rows, empty, open }: { label: string; rows: SubTotal[]; empty: string; open: (name: string) => void }) {
  const columns: Column<SubTotal>[] = [
    { label, value: (r) => r.name, render: (r) => <OpenButton label={r.name} onOpen={() => open(r.name)} /> },
    { label: 'Start', value: (r) => r.totals.startCents, render: (r) => formatMoney(r.totals.startCents), numeric: true },
    { label: 'Debit', value: (r) => r.totals.debitCents, render: (r) => formatMoney(r.totals.debitCents), numeric: true },
    { label: 'Credit', value: (r) => r.totals.creditCents, render: (r) => formatMoney(r.totals.creditCents), numeric: true },
    { label: 'End', value: (r) => r.totals.endCents, render: (r) => formatMoney(r.totals.endCents), numeric: true, amount: true },
  ];
  return <SortableTable columns={columns} rows={rows} rowKey={(r) => r.name} initialSort={{ column: 0, descending: false }} empty={empty} />;
}

import type { AccountingSummary, AccountTotals } from '@flightline/domain/api/types';
import { formatMoney } from '@flightline/domain/money/money';
import { NumberHeading } from '../../components/figure-column.tsx';
import { expenseRows } from './expense-rows.ts';
import { SortableTable, type Column } from './sortable-table.tsx';
import { formatBalance, treasurerTotals, type NaturalSide } from './treasurer-sign.ts';
import type { AccountingView } from './views.ts';
import '../../app/bootstrap/tables.scss';
import './accounting-tables.css';

/**
 * The overview: Obligations, Revenue and Payments, each row start, debit,
 * credit, end. Revenue ends with the expense accounts that members were
 * charged to (expense-rows.ts), so the page reconciles.
 */

interface TotalsRow {
  label: string;
  totals: AccountTotals;
  /**
   * The side its balance is normally on: credit for liabilities and revenue (and expense rows in revenue's sign),
   * debit for cash.
   */
  natural: NaturalSide;
  /** Its drill-down; none for an expense account (the server has no history call for them). */
  open?: AccountingView | undefined;
}

function overview(summary: AccountingSummary): { caption: string; rows: TotalsRow[] }[] {
  return [
    {
      caption: 'Obligations',
      rows: [
        { label: 'Members A/P', totals: summary.membersPayable, natural: 'credit', open: { kind: 'members' } },
        { label: 'Intro A/P', totals: summary.introsPayable, natural: 'credit', open: { kind: 'intros' } },
        { label: 'Sales Tax A/P', totals: summary.taxesPayable, natural: 'credit', open: { kind: 'taxes' } },
      ],
    },
    {
      caption: 'Revenue',
      rows: [
        {
          label: 'Tows',
          totals: summary.towRevenue,
          natural: 'credit',
          open: { kind: 'revenue', balance: 'TowRevenue' },
        },
        {
          label: 'Rental',
          totals: summary.rentalRevenue,
          natural: 'credit',
          open: { kind: 'revenue', balance: 'RentalRevenue' },
        },
        {
          label: 'Intros',
          totals: summary.introRevenue,
          natural: 'credit',
          open: { kind: 'revenue', balance: 'IntroRevenue' },
        },
        {
          label: 'Other',
          totals: summary.otherRevenue,
          natural: 'credit',
          open: { kind: 'revenue', balance: 'OtherRevenue' },
        },
        ...expenseRows(summary.expenses).map((row) => ({ ...row, natural: 'credit' as const })),
      ],
    },
    {
      caption: 'Payments',
      rows: [{ label: 'Cash In', totals: summary.cashIn, natural: 'debit', open: { kind: 'cashIn' } }],
    },
  ];
}

const AMOUNT_HEADERS = ['Start', 'Debit', 'Credit', 'End'] as const;

function Amounts({ totals, natural }: { totals: AccountTotals; natural: NaturalSide }) {
  const shown = treasurerTotals(totals, natural);
  const figures = [
    formatBalance(shown.start),
    formatMoney(shown.debitCents),
    formatMoney(shown.creditCents),
    formatBalance(shown.end),
  ];
  // Each cell names its heading for the stacked phone layout; the end stands out.
  return (
    <>
      {AMOUNT_HEADERS.map((heading, i) => (
        <td
          key={heading}
          className={
            heading === 'End'
              ? 'cell-end text-end text-nowrap cell-money fw-semibold'
              : 'text-end text-nowrap cell-money'
          }
          data-label={heading}
        >
          {figures[i]}
        </td>
      ))}
    </>
  );
}

function OpenButton({ label, onOpen }: { label: string; onOpen: () => void }) {
  return (
    <button
      type="button"
      className="border-0 bg-transparent p-0 text-start link-primary text-decoration-underline"
      onClick={onOpen}
    >
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
          <table className="table table-sm small align-middle caption-top mb-4 totals-rows stacked-rows">
            <caption className="h6 text-body fw-semibold">{table.caption}</caption>
            <thead>
              <tr>
                <th scope="col">Account</th>
                {AMOUNT_HEADERS.map((h) => (
                  <NumberHeading key={h}>{h}</NumberHeading>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row" className="cell-account fw-normal text-nowrap">
                    <AccountLabel row={row} open={open} />
                  </th>
                  <Amounts totals={row.totals} natural={row.natural} />
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

/** Cash In by transfer type (debit), or Sales Tax A/P by tax name (credit): each opens its transactions. */
export function SubTotalsTable({
  label,
  rows,
  natural,
  empty,
  open,
}: {
  label: string;
  rows: SubTotal[];
  natural: NaturalSide;
  empty: string;
  open: (name: string) => void;
}) {
  const shown = (r: SubTotal) => treasurerTotals(r.totals, natural);
  const columns: Column<SubTotal>[] = [
    { label, value: (r) => r.name, render: (r) => <OpenButton label={r.name} onOpen={() => open(r.name)} /> },
    { label: 'Start', value: (r) => r.totals.startCents, render: (r) => formatBalance(shown(r).start), numeric: true },
    {
      label: 'Debit',
      value: (r) => shown(r).debitCents,
      render: (r) => formatMoney(shown(r).debitCents),
      numeric: true,
    },
    {
      label: 'Credit',
      value: (r) => shown(r).creditCents,
      render: (r) => formatMoney(shown(r).creditCents),
      numeric: true,
    },
    {
      label: 'End',
      value: (r) => r.totals.endCents,
      render: (r) => formatBalance(shown(r).end),
      numeric: true,
      amount: true,
    },
  ];
  return (
    <SortableTable
      columns={columns}
      rows={rows}
      rowKey={(r) => r.name}
      initialSort={{ column: 0, descending: false }}
      empty={empty}
    />
  );
}

/** How the tables sign their figures, under the summary and its Cash In and Sales Tax tables. */
export function SignConvention() {
  return (
    <p className="small text-body-secondary sign-convention">
      Debit and Credit are what was posted to each side in these dates, both shown positive. Start and End name the side
      of the balance: <strong>Cr</strong> is a credit balance — what a liability owes (members’ funds, intros sold, tax
      collected) or a revenue account earned; <strong>Dr</strong> is a debit balance — cash held, or a liability
      overdrawn (members owing the club more than it holds for them). Drill-down amounts are signed the same way:
      positive is the account’s usual side.
    </p>
  );
}

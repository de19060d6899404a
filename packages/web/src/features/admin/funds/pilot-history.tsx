import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import type { AccountRow, BlockBalance } from '@flightline/domain/api-types';
import { Money } from '../../../components/money.tsx';
import { MoneyCell, NumberHeading } from '../../../components/figure-column.tsx';
import { Loading, LoadError } from '../../../components/page-state.tsx';
import { clubDateTime } from '../../../lib/club-dates.ts';
import { DateRangeFields } from '../../../components/date-range-fields.tsx';
import { useSettledRange, type DayRange } from '../../../lib/use-day-range.ts';
import { usePilotBlocks, usePilotHistory, usePilotRecent } from './funds-api.ts';
import { blockLeft } from './funds-rules.ts';
import { reversibleIds } from './reverse-rules.ts';
import type { ReverseEntry } from './use-reverse-entry.ts';
import '../../../app/bootstrap/tables.scss';
import { TitledSection } from '../../../components/titled-section.tsx';

/**
 * The pilot's money as the editor shows it: the last entries, the history
 * over chosen dates with its running balance, and the blocks. On a phone the
 * tables keep their columns and scroll sideways inside their own box.
 */

interface PilotRef {
  club: string;
  userID: string;
  timeZone: string;
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <TitledSection title={title} heading="h4" headingClassName="h6 fw-semibold mb-1">
      {children}
    </TitledSection>
  );
}

function Waiting() {
  return <Loading layout="gap-2 py-2 small" />;
}

/** A row's Reverse: touch-sized, named for its entry so a screen reader tells the rows apart. */
function ReverseButton({ row, action }: { row: AccountRow; action: ReverseEntry }) {
  const pending = action.pendingId === row.id;
  return (
    <Button
      variant="outline-danger"
      size="sm"
      className="funds-reverse"
      disabled={action.pendingId !== null}
      aria-busy={pending}
      aria-label={`Reverse transaction #${row.id}`}
      onClick={() => action.reverse(row)}
    >
      {pending && <Spinner as="span" animation="border" size="sm" className="me-1" aria-hidden="true" />}
      Reverse
    </Button>
  );
}

interface EntriesTableProps {
  rows: readonly AccountRow[];
  timeZone: string;
  label: string;
  empty: string;
  action: ReverseEntry;
  /** Rows loaded elsewhere (the recent entries, for the history): a reversal there hides Reverse on the entry it reversed. */
  seen?: readonly AccountRow[];
}

/**
 * One line per entry: its description over its date, time (club zone) and
 * id — and for an admin, Reverse under them — then the amount and the balance
 * after it: three columns that fit a phone; anything wider scrolls inside the
 * table's own box.
 */
function EntriesTable({ rows, timeZone, label, empty, action, seen }: EntriesTableProps) {
  if (rows.length === 0) return <p className="small text-body-secondary mb-0">{empty}</p>;
  const offered = reversibleIds(rows, { canReverse: action.canReverse, seen });
  return (
    <div className="table-responsive funds-table border rounded">
      <table className="table table-sm table-striped small align-middle mb-0" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Transaction</th>
            <NumberHeading>Amount</NumberHeading>
            <NumberHeading>Balance</NumberHeading>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const when = clubDateTime(row.date, timeZone);
            return (
              <tr key={row.id}>
                <td className="funds-description">
                  <div>{row.description}</div>
                  <div className="text-body-secondary">
                    <span className="text-nowrap">{when.date}</span> <span className="text-nowrap">{when.time}</span> <span className="text-nowrap">#{row.id}</span>
                  </div>
                  {offered.has(row.id) && (
                    <div className="mt-1">
                      <ReverseButton row={row} action={action} />
                    </div>
                  )}
                </td>
                <MoneyCell cents={row.amountCents} />
                <MoneyCell cents={row.balanceCents} />
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** A read's part once it is in: waiting, the read's error, or what `children` draws from its data. */
function Loaded<T>({ read, what, children }: { read: UseQueryResult<T>; what: string; children: (data: T) => ReactNode }) {
  if (read.isPending) return <Waiting />;
  if (read.isError) return <LoadError error={read.error} prefix={`Could not load the ${what}.`} />;
  return children(read.data);
}

/** The last 10 entries, oldest first, the last at the balance now. */
export function RecentTransactions({ club, userID, timeZone, reverse }: PilotRef & { reverse: ReverseEntry }) {
  const recent = usePilotRecent(club, userID);
  return (
    <Part title="Recent transactions">
      <Loaded read={recent} what="recent transactions">
        {(data) => <EntriesTable rows={data.transactions} timeZone={timeZone} label="Recent transactions" empty="No transactions yet." action={reverse} />}
      </Loaded>
    </Part>
  );
}

/** The history between two club days, loaded once the dates settle (500 ms), with the opening and closing balance. */
export function TransactionHistory({ club, userID, timeZone, initial, reverse }: PilotRef & { initial: DayRange; reverse: ReverseEntry }) {
  const { input, setStartDate, setEndDate, problem, settling, range } = useSettledRange(initial);
  const history = usePilotHistory(club, userID, range);
  const data = settling ? undefined : history.data;
  // The recent entries (already loaded above) hold a reversal made today even when the history ends earlier.
  const recent = usePilotRecent(club, userID).data?.transactions ?? [];

  return (
    <Part title="Transaction history">
      <DateRangeFields value={input} onStartDate={setStartDate} onEndDate={setEndDate} />
      {!settling && problem ? (
        <p className="small text-warning-emphasis">{problem}</p>
      ) : history.isError && !settling ? (
        <LoadError error={history.error} prefix="Could not load the transaction history." />
      ) : !data ? (
        <Waiting />
      ) : (
        <>
          <p className="small mb-1">
            Opening balance <strong><Money cents={data.openingBalanceCents} /></strong>, closing balance <strong><Money cents={data.balanceCents} /></strong>
          </p>
          <EntriesTable
            rows={data.transactions}
            timeZone={timeZone}
            label="Transaction history"
            empty="No transactions in these dates."
            action={reverse}
            seen={recent}
          />
        </>
      )}
    </Part>
  );
}

function blockState(block: BlockBalance, today: string): string | null {
  if (block.blockExpires < today) return 'Expired';
  if (block.blockStarts > today) return 'Not started';
  return null;
}

/** Every block the pilot bought, expired ones marked, with what is left. */
export function PilotBlocks({ club, userID, today }: Omit<PilotRef, 'timeZone'> & { today: string }) {
  const blocks = usePilotBlocks(club, userID);
  return (
    <Part title="Blocks">
      <Loaded read={blocks} what="blocks">
        {(data) =>
          data.blocks.length === 0 ? (
            <p className="small text-body-secondary mb-0">No blocks.</p>
          ) : (
            <div className="table-responsive funds-table border rounded">
              <table className="table table-sm table-striped small align-middle mb-0" aria-label="Blocks">
                <thead>
                  <tr>
                    <th scope="col">Block</th>
                    <th scope="col">Season</th>
                    <NumberHeading>Left</NumberHeading>
                  </tr>
                </thead>
                <tbody>
                  {data.blocks.map((block) => {
                    const state = blockState(block, today);
                    return (
                      <tr key={block.blockId} className={state === 'Expired' ? 'text-body-secondary' : undefined}>
                        <td>
                          {block.blockName}
                          {state && <span className="badge text-bg-secondary ms-1">{state}</span>}
                        </td>
                        <td className="text-nowrap">
                          {block.blockStarts}
                          <div>to {block.blockExpires}</div>
                        </td>
                        <td className="text-end text-nowrap">{blockLeft(block)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )
        }
      </Loaded>
    </Part>
  );
}

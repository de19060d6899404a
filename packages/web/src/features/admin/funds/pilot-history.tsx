import { useRef, useState, type ReactNode, type RefObject } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Dropdown from 'react-bootstrap/Dropdown';
import Spinner from 'react-bootstrap/Spinner';
import type { AccountRow, BlockBalance } from '@flightline/domain/api/types';
import { Money } from '../../../components/money.tsx';
import { MoneyCell, NumberHeading } from '../../../components/figure-column.tsx';
import { Loading, LoadError } from '../../../components/page-state.tsx';
import { clubDateTime } from '../../../lib/club-dates.ts';
import { DateRangeFields } from '../../../components/date-range-fields.tsx';
import { useSettledRange, type DayRange } from '../../../lib/use-day-range.ts';
import { usePilotBlocks, usePilotHistory, usePilotRecent } from './funds-api.ts';
import { blockLeft } from './funds-rules.ts';
import { newestFirstPage } from './history-pages.ts';
import { reversibleIds } from './reverse-rules.ts';
import type { ReverseEntry } from './use-reverse-entry.ts';
import '../../../app/bootstrap/tables.scss';
import { TitledSection } from '../../../components/titled-section.tsx';

/**
 * The pilot's money as the editor shows it: the last entries, the history
 * over chosen dates with its running balance, and the blocks. Entries are
 * newest first and the history a page at a time (issue 25 item 13); on a
 * phone the tables keep their columns and scroll sideways inside their own box.
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

/**
 * A row's actions: a touch-sized "⋯" named for its entry (so a screen reader
 * tells the rows apart) opening a menu with Reverse, which asks before it
 * posts (use-reverse-entry.ts). A red Reverse on every row was a hundred
 * danger buttons down the editor, each a slip of the thumb from a reversal.
 */
function RowActions({ row, action }: { row: AccountRow; action: ReverseEntry }) {
  const pending = action.pendingId === row.id;
  return (
    <Dropdown align="end">
      <Dropdown.Toggle
        variant="outline-secondary"
        size="sm"
        className="funds-actions"
        disabled={action.pendingId !== null}
        aria-busy={pending}
        aria-label={`Actions for transaction #${row.id}`}
      >
        {pending ? (
          <Spinner as="span" animation="border" size="sm" aria-hidden="true" />
        ) : (
          <span aria-hidden="true">⋯</span>
        )}
      </Dropdown.Toggle>
      <Dropdown.Menu className="shadow">
        <Dropdown.Item
          as="button"
          type="button"
          className="text-danger py-2"
          aria-label={`Reverse transaction #${row.id}`}
          onClick={() => action.reverse(row)}
        >
          Reverse
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}

interface EntriesTableProps {
  /** The rows drawn, newest first. */
  rows: readonly AccountRow[];
  timeZone: string;
  label: string;
  empty: string;
  action: ReverseEntry;
  /** The rows whose menu offers Reverse (reverse-rules.ts reversibleIds, over every row loaded). */
  offered: ReadonlySet<number>;
}

/**
 * One line per entry: its description over its date, time (club zone) and
 * id — for an admin with the row's "⋯" beside them, the text flowing under
 * it — then the amount and the balance after it: three columns that fit a
 * phone down to 320 px; anything wider scrolls inside the table's own box.
 */
function EntriesTable({ rows, timeZone, label, empty, action, offered }: EntriesTableProps) {
  if (rows.length === 0) return <p className="small text-body-secondary mb-0">{empty}</p>;
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
                  {offered.has(row.id) && (
                    <div className="funds-row-actions">
                      <RowActions row={row} action={action} />
                    </div>
                  )}
                  <div>{row.description}</div>
                  <div className="text-body-secondary">
                    <span className="text-nowrap">{when.date}</span> <span className="text-nowrap">{when.time}</span>{' '}
                    <span className="text-nowrap">#{row.id}</span>
                  </div>
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

interface PagerProps {
  label: string;
  page: ReturnType<typeof newestFirstPage>;
  onPage: (page: number) => void;
}

/** Newer and Older under a paged table, and where the page stands ('21–40 of 93'). */
function Pager({ label, page, onPage }: PagerProps) {
  return (
    <nav className="d-flex align-items-center justify-content-between gap-2 mt-2" aria-label={`${label} pages`}>
      <Button
        variant="outline-secondary"
        className="funds-page"
        disabled={page.page === 0}
        onClick={() => onPage(page.page - 1)}
      >
        Newer
      </Button>
      <span className="small text-body-secondary text-center">
        {page.first}–{page.last} of {page.total}
      </span>
      <Button
        variant="outline-secondary"
        className="funds-page"
        disabled={page.page >= page.pages - 1}
        onClick={() => onPage(page.page + 1)}
      >
        Older
      </Button>
    </nav>
  );
}

/** A read's part once it is in: waiting, the read's error, or what `children` draws from its data. */
function Loaded<T>({
  read,
  what,
  children,
}: {
  read: UseQueryResult<T>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (read.isPending) return <Waiting />;
  if (read.isError) return <LoadError error={read.error} prefix={`Could not load the ${what}.`} />;
  return children(read.data);
}

/** The last 10 entries, newest first: the first at the balance now. */
export function RecentTransactions({ club, userID, timeZone, reverse }: PilotRef & { reverse: ReverseEntry }) {
  const recent = usePilotRecent(club, userID);
  return (
    <Part title="Recent transactions">
      <Loaded read={recent} what="recent transactions">
        {(data) => (
          <EntriesTable
            rows={[...data.transactions].reverse()}
            timeZone={timeZone}
            label="Recent transactions"
            empty="No transactions yet."
            action={reverse}
            offered={reversibleIds(data.transactions, { canReverse: reverse.canReverse })}
          />
        )}
      </Loaded>
    </Part>
  );
}

/**
 * The history between two club days, loaded once the dates settle (500 ms),
 * with the opening and closing balance; newest first, 20 entries a page
 * (history-pages.ts). New dates start again at the newest page.
 */
export function TransactionHistory({
  club,
  userID,
  timeZone,
  initial,
  reverse,
}: PilotRef & { initial: DayRange; reverse: ReverseEntry }) {
  const { input, setStartDate, setEndDate, problem, settling, range } = useSettledRange(initial);
  const history = usePilotHistory(club, userID, range);
  const data = settling ? undefined : history.data;
  // The recent entries (already loaded above) hold a reversal made today even when the history ends earlier.
  const recent = usePilotRecent(club, userID).data?.transactions ?? [];
  const rangeKey = range ? `${range.startDate}/${range.endDate}` : '';
  const [paging, setPaging] = useState({ rangeKey, page: 0 });
  const top = useRef<HTMLParagraphElement>(null);
  const turnTo = (page: number) => {
    setPaging({ rangeKey, page });
    // The pager is under the table: show the new page from its newest entry.
    requestAnimationFrame(() => top.current?.scrollIntoView({ block: 'start' }));
  };

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
        <HistoryEntries
          history={data}
          page={paging.rangeKey === rangeKey ? paging.page : 0}
          onPage={turnTo}
          top={top}
          timeZone={timeZone}
          reverse={reverse}
          recent={recent}
        />
      )}
    </Part>
  );
}

interface HistoryEntriesProps {
  history: { transactions: AccountRow[]; openingBalanceCents: number; balanceCents: number };
  page: number;
  onPage: (page: number) => void;
  top: RefObject<HTMLParagraphElement | null>;
  timeZone: string;
  reverse: ReverseEntry;
  recent: readonly AccountRow[];
}

/** The loaded history: its balances, one page of its entries and, when there is more than a page, the pager. */
function HistoryEntries({ history, page, onPage, top, timeZone, reverse, recent }: HistoryEntriesProps) {
  const shown = newestFirstPage(history.transactions, page);
  return (
    <>
      <p ref={top} className="small mb-1 funds-history-top">
        Opening balance{' '}
        <strong>
          <Money cents={history.openingBalanceCents} />
        </strong>
        , closing balance{' '}
        <strong>
          <Money cents={history.balanceCents} />
        </strong>
      </p>
      <EntriesTable
        rows={shown.rows}
        timeZone={timeZone}
        label="Transaction history"
        empty="No transactions in these dates."
        action={reverse}
        // Over every entry loaded, not this page's: a reversal on the newest page hides the menu of what it reversed on
        // an older one.
        offered={reversibleIds(history.transactions, { canReverse: reverse.canReverse, seen: recent })}
      />
      {shown.pages > 1 && <Pager label="Transaction history" page={shown} onPage={onPage} />}
    </>
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

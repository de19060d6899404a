import { PAGE_HEADINGS } from '@flightline/domain/pages/page-headings';
import type { AccountHistory } from '@flightline/domain/api/types';
import { FigureBoxes } from '../../components/figure-boxes.tsx';
import { Money } from '../../components/money.tsx';
import { MoneyCell, NumberHeading } from '../../components/figure-column.tsx';
import { Loading, LoadError, Page } from '../../components/page-state.tsx';
import { failedToLoad } from '../../lib/offline-status.ts';
import { TruncatedCell } from '../../components/truncated-cell.tsx';
import { useSession } from '../../lib/session.ts';
import { useUserTransactions } from './api.ts';
import { clubToday, PLACEHOLDER_DATE } from '../../lib/club-dates.ts';
import { ClubWhen } from '../../components/club-when.tsx';
import { DateRangeFields } from '../../components/date-range-fields.tsx';
import { DayRangePicker } from '../../components/day-range-picker.tsx';
import { useDayRange } from '../../lib/use-day-range.ts';
import { useState } from 'react';
import { optionalPart } from '../../lib/optional-part.tsx';
import '../../app/bootstrap/tables.scss';
import './account-summary.css';

// A member page on a phone: plain markup, Intl for the club's dates, no date or UI library.

const TITLE = PAGE_HEADINGS['/userAccount'].title;
const COLUMNS = 5;
const noop = () => {};
/** A charge's breakdown, downloaded the first time one is opened. */
const ChargeDialog = optionalPart(
  async () => (await import('../../components/charge-breakdown/charge-dialog.tsx')).ChargeDialog,
);

/** `/userAccount`: the member's Account Summary. */
export function AccountSummaryPage() {
  const session = useSession();
  const s = session.data;
  if (!s?.club || !s.userID || !s.clubTimeZone) {
    return (
      <Page title={TITLE}>
        <DateRangeFields
          value={{ startDate: PLACEHOLDER_DATE, endDate: PLACEHOLDER_DATE }}
          onStartDate={noop}
          onEndDate={noop}
          disabled
        />
        <SummaryTable loading />
      </Page>
    );
  }
  return <AccountSummary club={s.club} userID={s.userID} timeZone={s.clubTimeZone} />;
}

function AccountSummary({ club, userID, timeZone }: { club: string; userID: string; timeZone: string }) {
  const dates = useDayRange(timeZone);
  const history = useUserTransactions(club, userID, dates.range);
  // A changed date empties the table at once; the new range loads once the fields settle.
  const loading = dates.settling || (dates.range !== null && history.isPending);
  const data = loading || !dates.range ? undefined : history.data;
  const [open, setOpen] = useState<number | null>(null);

  return (
    <Page title={TITLE}>
      <DayRangePicker dates={dates} today={clubToday(timeZone)} />
      {!loading && failedToLoad(history) ? (
        <LoadError error={history.error} prefix="Could not load your account summary." />
      ) : (
        <>
          {data && <Balances history={data} />}
          <SummaryTable loading={loading} history={data} timeZone={timeZone} onOpen={setOpen} />
        </>
      )}
      {open !== null && <ChargeDialog club={club} transactionId={open} onClose={() => setOpen(null)} />}
    </Page>
  );
}

function Balances({ history }: { history: AccountHistory }) {
  return (
    <FigureBoxes
      margin="mb-2"
      figures={[
        { name: 'Opening balance', value: <Money cents={history.openingBalanceCents} /> },
        { name: 'Closing balance', value: <Money cents={history.balanceCents} /> },
      ]}
    />
  );
}

interface SummaryTableProps {
  loading: boolean;
  history?: AccountHistory | undefined;
  timeZone?: string;
  /** Open a charge's breakdown (its entry id). */
  onOpen?: (transactionId: number) => void;
}

function SummaryTable({ loading, history, timeZone, onOpen }: SummaryTableProps) {
  return (
    <div className="table-responsive">
      <table className="table table-sm table-striped caption-top small align-middle account-rows stacked-rows">
        <caption className="h5 text-body fw-semibold">Summary</caption>
        <thead>
          <tr>
            <th scope="col">id</th>
            <th scope="col">date</th>
            <th scope="col">description</th>
            <NumberHeading>amount</NumberHeading>
            <NumberHeading>balance</NumberHeading>
          </tr>
        </thead>
        <tbody>
          {loading || !history || !timeZone ? (
            loading && (
              <tr>
                <td colSpan={COLUMNS}>
                  <Loading layout="justify-content-center gap-2 py-3" />
                </td>
              </tr>
            )
          ) : history.transactions.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS} className="text-center text-body-secondary py-3">
                No transactions in these dates.
              </td>
            </tr>
          ) : (
            history.transactions.map((row) => (
              <tr key={row.id}>
                <td className="cell-id text-body-secondary">{row.id}</td>
                <td className="cell-date">
                  <ClubWhen ms={row.date} timeZone={timeZone} />
                </td>
                {/* Text over 60 characters is cut, and shown in full on click, as in the accounting tables. */}
                <TruncatedCell className="cell-description" text={row.description} />
                <td className="cell-amount text-end text-nowrap">
                  {row.amountCents < 0 && onOpen ? (
                    // A charge opens its breakdown: what was flown, the price rule, the taxes.
                    <button
                      type="button"
                      className="btn btn-link charge-link"
                      aria-label={`Breakdown of charge #${row.id}`}
                      onClick={() => onOpen(row.id)}
                    >
                      <Money cents={row.amountCents} />
                    </button>
                  ) : (
                    <Money cents={row.amountCents} />
                  )}
                </td>
                <MoneyCell className="cell-balance" cents={row.balanceCents} />
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

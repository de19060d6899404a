import { useCallback, useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from '../../lib/router.tsx';
import type { AccountingSummary } from '@flightline/domain/api/types';
import '../../app/back-office.scss';
import { Loading, Page } from '../../components/page-state.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { DateRangeFields } from '../../components/date-range-fields.tsx';
import { RangePresets } from '../../components/range-presets.tsx';
import { clubToday } from '../../lib/club-dates.ts';
import { useDayRange } from '../../lib/use-day-range.ts';
import { forgetOtherRanges, refreshAccounting } from '../../lib/api/accounting.ts';
import { useAccountingSummary } from './api.ts';
import { BreakdownTable, MemberHistoryTable } from './drill-downs.tsx';
import { IntroRemainders } from './intro-remainders.tsx';
import { NotAuthorized } from '../../components/not-authorized.tsx';
import { SignConvention, SubTotalsTable, SummaryTables } from './summary-tables.tsx';
import { AccountingCharts } from './charts/accounting-charts.tsx';
import { backLabel, parentView, viewFromParams, viewTitle, viewToParams, type AccountingView } from './views.ts';

/** `/accounts`, the accounting summary (docs/accounting.md "Summaries and their signs"), admin only. */
export function AccountingSummaryPage() {
  const session = useSession();
  const s = session.data;
  if (!s?.club || !s.clubTimeZone)
    return (
      <Page title="Accounting Summary">
        <Loading />
      </Page>
    );
  if (!s.userIsAdmin) return <NotAuthorized title="Accounting Summary" />;
  return <AccountingSummaryScreen club={s.club} clubName={s.clubName || s.clubShortName} timeZone={s.clubTimeZone} />;
}

function AccountingSummaryScreen({ club, clubName, timeZone }: { club: string; clubName: string; timeZone: string }) {
  const client = useQueryClient();
  const dates = useDayRange(timeZone);
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const view = useMemo(() => viewFromParams(new URLSearchParams(search)), [search]);
  const go = useCallback(
    (next: AccountingView, options: { replace?: boolean } = {}) => setParams(viewToParams(next), options),
    [setParams],
  );

  const { startDate, endDate } = dates.range ?? { startDate: '', endDate: '' };
  useEffect(() => {
    if (startDate) forgetOtherRanges(client, club, { startDate, endDate });
  }, [client, club, startDate, endDate]);

  const summary = useAccountingSummary(club, dates.range);

  return (
    <Page wide>
      <h1 className="h4 mb-3">{viewTitle(view, summary.data?.clubName || clubName)}</h1>
      <DateRangeFields value={dates.input} onStartDate={dates.setStartDate} onEndDate={dates.setEndDate} />
      <RangePresets today={clubToday(timeZone)} value={dates.input} onRange={dates.setRange} />
      <div className="d-flex flex-wrap gap-2 mb-3">
        {view.kind !== 'summary' && (
          <button type="button" className="btn btn-outline-primary" onClick={() => go(parentView(view))}>
            {backLabel(view)}
          </button>
        )}
        <button
          type="button"
          className="btn btn-primary ms-auto"
          disabled={!dates.range}
          onClick={() => void refreshAccounting(client, club)}
        >
          Update
        </button>
      </div>
      {!dates.settling && dates.problem ? (
        <div className="alert alert-warning" role="alert">
          {dates.problem}
        </div>
      ) : dates.settling ? (
        <Loading />
      ) : (
        <ViewBody
          key={search}
          view={view}
          club={club}
          timeZone={timeZone}
          dates={dates.range}
          summary={summary}
          go={go}
        />
      )}
    </Page>
  );
}

interface ViewBodyProps {
  view: AccountingView;
  club: string;
  timeZone: string;
  dates: ReturnType<typeof useDayRange>['range'];
  summary: ReturnType<typeof useAccountingSummary>;
  go: (view: AccountingView, options?: { replace?: boolean }) => void;
}

function ViewBody({ view, club, timeZone, dates, summary, go }: ViewBodyProps) {
  switch (view.kind) {
    case 'summary':
    case 'cashIn':
    case 'taxes':
      return (
        <SummaryBody view={view} summary={summary} go={go} charts={dates ? { club, range: dates, timeZone } : null} />
      );
    case 'memberHistory':
      return <MemberHistoryTable view={view} club={club} range={dates} timeZone={timeZone} go={go} />;
    case 'intros':
      return (
        <>
          <BreakdownTable view={view} club={club} range={dates} timeZone={timeZone} go={go} />
          <IntroRemainders club={club} />
        </>
      );
    default:
      return <BreakdownTable view={view} club={club} range={dates} timeZone={timeZone} go={go} />;
  }
}

interface SummaryBodyProps {
  view: AccountingView;
  summary: ViewBodyProps['summary'];
  go: ViewBodyProps['go'];
  /** What the charts above the summary's tables read. */
  charts: { club: string; range: NonNullable<ViewBodyProps['dates']>; timeZone: string } | null;
}

function SummaryBody({ view, summary, go, charts }: SummaryBodyProps) {
  if (summary.isError) {
    return (
      <div className="alert alert-danger" role="alert">
        <h2 className="alert-heading h6">Could not load accounting table</h2>
        {errorMessage(summary.error)}
      </div>
    );
  }
  if (!summary.data) return <Loading />;
  return (
    <>
      {view.kind === 'summary' && charts && <AccountingCharts {...charts} summary={summary.data} go={go} />}
      <SummaryView view={view} data={summary.data} go={go} />
      <SignConvention />
    </>
  );
}

function SummaryView({ view, data, go }: { view: AccountingView; data: AccountingSummary; go: ViewBodyProps['go'] }) {
  if (view.kind === 'cashIn') {
    return (
      <SubTotalsTable
        label="Transfer Type"
        rows={data.transferTypes.map((t) => ({ name: t.transferType, totals: t.totals }))}
        natural="debit"
        empty="No money came in by any transfer type."
        open={(transferType) => go({ kind: 'deposits', transferType })}
      />
    );
  }
  if (view.kind === 'taxes') {
    return (
      <SubTotalsTable
        label="Tax"
        rows={data.taxes.map((t) => ({ name: t.taxName, totals: t.totals }))}
        natural="credit"
        empty="No sales tax in these dates."
        open={(taxType) => go({ kind: 'taxTransactions', taxType })}
      />
    );
  }
  return <SummaryTables summary={data} open={(next) => go(next)} />;
}

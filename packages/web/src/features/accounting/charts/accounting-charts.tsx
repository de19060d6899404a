import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { cashInByMethod, obligationsByPeriod, revenueByPeriod } from '@flightline/domain/money/accounting-charts';
import type { AccountingSummary } from '@flightline/domain/api/types';
import { errorMessage } from '../../../lib/api.ts';
import type { DayRange } from '../../../lib/use-day-range.ts';
import { Loading } from '../../../components/page-state.tsx';
import type { AccountingView } from '../views.ts';
import { CashInChart } from './cash-in-chart.tsx';
import { ObligationsChart } from './obligations-chart.tsx';
import { RevenueChart } from './revenue-chart.tsx';
import { chartPostingsQuery } from './charts-query.ts';
import './accounting-charts.css';

/** Colour-blind-safe (Okabe–Ito), each distinct in grey too. */
const COLOURS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7'] as const;

interface AccountingChartsProps {
  club: string;
  range: DayRange;
  timeZone: string;
  summary: AccountingSummary;
  go: (view: AccountingView) => void;
}

/**
 * The Accounting Charts above the summary's tables (docs/accounting.md):
 * revenue by period stacked by kind, cash in by payment method, and what the
 * club owes over time; each legend entry opens the drill-down it summarises.
 */
export function AccountingCharts({ club, range, timeZone, summary, go }: AccountingChartsProps) {
  const postings = useQuery(chartPostingsQuery(club, range));
  const figures = useMemo(() => {
    if (!postings.data) return null;
    const all = postings.data.transactions;
    const start = {
      members: summary.membersPayable.startCents,
      intros: summary.introsPayable.startCents,
      taxes: summary.taxesPayable.startCents,
    };
    return {
      revenue: revenueByPeriod(all, range.startDate, range.endDate, timeZone).rows,
      cash: cashInByMethod(all),
      obligations: obligationsByPeriod(all, start, range.startDate, range.endDate, timeZone).rows,
    };
  }, [postings.data, summary, range, timeZone]);
  if (postings.isError)
    return <p className="text-danger small">Could not load the charts. {errorMessage(postings.error)}</p>;
  if (!figures) return <Loading />;
  return (
    <div className="accounting-charts mb-3" aria-label="Accounting Charts" role="region">
      <div>
        <RevenueChart
          rows={figures.revenue}
          go={go}
          series={[
            { key: 'tow', label: 'Tows', colour: COLOURS[0], view: { kind: 'revenue', balance: 'TowRevenue' } },
            { key: 'rental', label: 'Rental', colour: COLOURS[1], view: { kind: 'revenue', balance: 'RentalRevenue' } },
            { key: 'intro', label: 'Intros', colour: COLOURS[2], view: { kind: 'revenue', balance: 'IntroRevenue' } },
            { key: 'other', label: 'Other', colour: COLOURS[3], view: { kind: 'revenue', balance: 'OtherRevenue' } },
          ]}
        />
      </div>
      <div>
        <CashInChart methods={figures.cash} colour={COLOURS[0]} go={go} />
      </div>
      <div>
        <ObligationsChart
          rows={figures.obligations}
          go={go}
          series={[
            { key: 'members', label: 'Members A/P', colour: COLOURS[0], view: { kind: 'members' } },
            { key: 'intros', label: 'Intro A/P', colour: COLOURS[1], view: { kind: 'intros' } },
            { key: 'taxes', label: 'Sales Tax A/P', colour: COLOURS[2], view: { kind: 'taxes' } },
          ]}
        />
      </div>
    </div>
  );
}

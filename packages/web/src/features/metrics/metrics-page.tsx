import '../../app/back-office.scss';
import '../../app/bootstrap/tables.scss';
import './metrics.css';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ClubMetrics } from '@flightline/domain/api/metrics';
import { clubToday } from '../../lib/club-dates.ts';
import { durationText } from '@flightline/domain/flights/flight-duration';
import { gliderLogbookPath } from '@flightline/domain/flights/glider-logbook';
import { DayRangePicker } from '../../components/day-range-picker.tsx';
import { FigureBoxes } from '../../components/figure-boxes.tsx';
import { NotAuthorized } from '../../components/not-authorized.tsx';
import { LoadError, Loading, Page } from '../../components/page-state.tsx';
import { Link } from '../../lib/router.tsx';
import { useSession } from '../../lib/session.ts';
import { useYearToDate } from '../../lib/use-day-range.ts';
import { MetricTable } from './metric-table.tsx';
import { clubMetricsQuery } from './metrics-query.ts';

const TITLE = 'Club Metrics';
const PERIODS = [
  { unit: 'day', label: 'Day' },
  { unit: 'week', label: 'Week' },
  { unit: 'month', label: 'Month' },
  { unit: 'season', label: 'Season' },
] as const;
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** `/metrics`: what the club flew, for admins and instructors (docs/flight-line.md, "Club metrics"). */
export function MetricsPage() {
  const s = useSession().data;
  if (!s?.club || !s.clubTimeZone)
    return (
      <Page title={TITLE}>
        <Loading />
      </Page>
    );
  if (!s.userIsAdmin && !s.isInstructor) return <NotAuthorized title={TITLE} />;
  return <Metrics club={s.club} timeZone={s.clubTimeZone} />;
}

function Metrics({ club, timeZone }: { club: string; timeZone: string }) {
  const dates = useYearToDate(timeZone);
  const metrics = useQuery(clubMetricsQuery(club, dates.range));
  const loading = dates.settling || (dates.range !== null && metrics.isPending);
  return (
    <Page title={TITLE} wide>
      <DayRangePicker dates={dates} today={clubToday(timeZone)} />
      {metrics.isError ? (
        <LoadError error={metrics.error} prefix="Could not load the club metrics." />
      ) : loading || !metrics.data ? (
        dates.range && <Loading />
      ) : (
        <MetricsBody data={metrics.data} />
      )}
    </Page>
  );
}

const hours = (minutes: number) => durationText(minutes);

function MetricsBody({ data }: { data: ClubMetrics }) {
  const [unit, setUnit] = useState<(typeof PERIODS)[number]['unit']>('month');
  const busiestDays = [...data.byWeekday].sort((a, b) => b.launches - a.launches);
  const busiestHours = [...data.byHour].sort((a, b) => b.launches - a.launches).slice(0, 6);
  return (
    <>
      <FigureBoxes
        label="Totals"
        figures={[
          { name: 'Flights', value: data.totals.flights },
          { name: 'Hours', value: hours(data.totals.minutes) },
          { name: 'Launches', value: data.totals.launches },
          { name: 'Average wait', value: data.wait.averageMinutes === null ? '—' : `${data.wait.averageMinutes} min` },
        ]}
      />
      <div className="metrics-grid">
        <div>
          <div className="btn-group w-100 mb-2" role="group" aria-label="Flights and hours per">
            {PERIODS.map((p) => (
              <button
                key={p.unit}
                type="button"
                className={`btn ${unit === p.unit ? 'btn-primary' : 'btn-outline-primary'}`}
                aria-pressed={unit === p.unit}
                onClick={() => setUnit(p.unit)}
              >
                {p.label}
              </button>
            ))}
          </div>
          <MetricTable
            title={`Flights and hours per ${unit}`}
            columns={['Period', 'Flights', 'Hours']}
            rows={data.byPeriod[unit].map((r) => [r.period, r.flights, hours(r.minutes)])}
          />
        </div>
        <MetricTable
          title="Gliders"
          columns={['Glider', 'Launches', 'Flights', 'Hours']}
          rows={data.byGlider.map((g) => [
            <Link to={gliderLogbookPath(g.glider)}>{g.glider}</Link>,
            g.launches,
            g.flights,
            hours(g.minutes),
          ])}
        />
        <MetricTable
          title="Launches per tug"
          columns={['Tug', 'Launches']}
          rows={data.byTug.map((t) => [t.tug, t.launches])}
          empty="No towed launches in these dates."
        />
        <MetricTable
          title="Launches per tow pilot"
          columns={['Tow pilot', 'Launches']}
          rows={data.byTowPilot.map((p) => [p.name, p.launches])}
          empty="No towed launches in these dates."
        />
        <MetricTable
          title="Busiest days"
          columns={['Day', 'Launches']}
          rows={busiestDays.map((d) => [WEEKDAYS[d.weekday - 1], d.launches])}
        />
        <MetricTable
          title="Busiest hours"
          columns={['Hour', 'Launches']}
          rows={busiestHours.map((h) => [`${String(h.hour).padStart(2, '0')}:00`, h.launches])}
        />
        <MetricTable
          title="Wait from request to launch"
          columns={['Launches', 'Average', 'Median']}
          rows={
            data.wait.launches === 0
              ? []
              : [[data.wait.launches, `${data.wait.averageMinutes} min`, `${data.wait.medianMinutes} min`]]
          }
          empty="No launch in these dates was requested before it flew."
        />
        <MetricTable
          title="Active members per month"
          columns={['Month', 'Members who flew']}
          rows={data.activeMembers.map((m) => [m.month, m.members])}
        />
      </div>
    </>
  );
}

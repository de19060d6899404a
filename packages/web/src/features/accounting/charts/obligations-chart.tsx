import { OBLIGATION_SERIES, type ObligationRow } from '@flightline/domain/money/accounting-charts';
import { ChartFrame, labelled, periodLabel, type Go, type Series } from './chart-frame.tsx';
import { PeriodTable } from './figures-table.tsx';

const W = 320;
const H = 160;
const AXIS = 18;

/** What the club owes at the end of each period: one line per account, on one scale (zero at the axis). */
export function ObligationsChart({
  rows,
  series,
  go,
}: {
  rows: readonly ObligationRow[];
  series: readonly Series[];
  go: Go;
}) {
  const values = rows.flatMap((row) => OBLIGATION_SERIES.map((s) => row[s.key]));
  const top = Math.max(1, ...values);
  const bottom = Math.min(0, ...values);
  const y = (cents: number) => ((top - cents) / (top - bottom)) * (H - AXIS);
  const x = (i: number) => (rows.length === 1 ? W / 2 : (i * W) / (rows.length - 1));
  return (
    <ChartFrame
      title="What the club owes"
      series={series}
      go={go}
      table={<PeriodTable head="End of" columns={OBLIGATION_SERIES} rows={rows} />}
    >
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="presentation">
        <line x1="0" x2={W} y1={y(0)} y2={y(0)} stroke="currentColor" strokeWidth="0.5" />
        {OBLIGATION_SERIES.map((s, k) => (
          <g key={s.key} stroke={series[k]!.colour} fill={series[k]!.colour}>
            <polyline
              fill="none"
              strokeWidth="2"
              points={rows.map((row, i) => `${x(i).toFixed(1)},${y(row[s.key]).toFixed(1)}`).join(' ')}
            />
            {/* A point per period: a range of one period is still drawn. */}
            {rows.length <= 31 && rows.map((row, i) => <circle key={row.period} cx={x(i)} cy={y(row[s.key])} r="3" />)}
          </g>
        ))}
        {rows.map((row, i) =>
          labelled(i, rows.length) ? (
            <text key={row.period} x={Math.min(W - 8, Math.max(8, x(i)))} y={H - 4} textAnchor="middle" fontSize="10">
              {periodLabel(row.period)}
            </text>
          ) : null,
        )}
      </svg>
    </ChartFrame>
  );
}

import { REVENUE_SERIES, type RevenueRow } from '@flightline/domain/money/accounting-charts';
import { formatMoney } from '@flightline/domain/money/money';
import { ChartFrame, labelled, periodLabel, type Go, type Series } from './chart-frame.tsx';
import { PeriodTable } from './figures-table.tsx';

const W = 320;
const H = 160;
const AXIS = 18;

/**
 * Revenue per period, stacked by Tows, Rental, Intros and Other (a negative period — reversals — draws nothing
 * below the axis).
 */
export function RevenueChart({ rows, series, go }: { rows: readonly RevenueRow[]; series: readonly Series[]; go: Go }) {
  const totals = rows.map((row) => REVENUE_SERIES.reduce((sum, s) => sum + Math.max(0, row[s.key]), 0));
  const highest = Math.max(0, ...totals);
  const top = Math.max(1, highest);
  const slot = W / Math.max(1, rows.length);
  const bar = Math.max(2, slot * 0.7);
  const scale = (H - AXIS) / top;
  return (
    <ChartFrame
      title="Revenue"
      series={series}
      go={go}
      table={<PeriodTable head="Period" columns={REVENUE_SERIES} rows={rows} />}
    >
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="presentation">
        {rows.map((row, i) => {
          let y = H - AXIS;
          return (
            <g key={row.period}>
              {REVENUE_SERIES.map((s, k) => {
                const height = Math.max(0, row[s.key]) * scale;
                y -= height;
                return height > 0 ? (
                  <rect
                    key={s.key}
                    x={i * slot + (slot - bar) / 2}
                    y={y}
                    width={bar}
                    height={height}
                    fill={series[k]!.colour}
                  />
                ) : null;
              })}
              {labelled(i, rows.length) && (
                <text x={i * slot + slot / 2} y={H - 4} textAnchor="middle" fontSize="10">
                  {periodLabel(row.period)}
                </text>
              )}
            </g>
          );
        })}
        <line x1="0" x2={W} y1={H - AXIS} y2={H - AXIS} stroke="currentColor" strokeWidth="0.5" />
      </svg>
      <p className="small text-body-secondary mb-0">Tallest bar: {formatMoney(highest)}</p>
    </ChartFrame>
  );
}

import { OBLIGATION_SERIES, type ObligationRow } from '@flightline/domain/accounting-charts';
import { formatMoney } from '@flightline/domain/money';
import { ChartFrame, periodLabel, type Go, type Series } from './chart-frame.tsx';

const W = 320;
const H = 160;
const AXIS = 18;

/** What the club owes at the end of each period: one line per account, on one scale (zero at the axis). */
export function ObligationsChart({ rows, series, go }: { rows: readonly ObligationRow[]; series: readonly Series[]; go: Go }) {
  const values = rows.flatMap((row) => OBLIGATION_SERIES.map((s) => row[s.key]));
  const top = Math.max(1, ...values);
  const bottom = Math.min(0, ...values);
  const y = (cents: number) => ((top - cents) / (top - bottom)) * (H - AXIS);
  const x = (i: number) => (rows.length === 1 ? W / 2 : (i * W) / (rows.length - 1));
  return (
    <ChartFrame title="What the club owes" series={series} go={go} table={<ObligationsTable rows={rows} />}>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="presentation">
        <line x1="0" x2={W} y1={y(0)} y2={y(0)} stroke="currentColor" strokeWidth="0.5" />
        {OBLIGATION_SERIES.map((s, k) => (
          <g key={s.key} stroke={series[k]!.colour} fill={series[k]!.colour}>
            <polyline fill="none" strokeWidth="2" points={rows.map((row, i) => `${x(i).toFixed(1)},${y(row[s.key]).toFixed(1)}`).join(' ')} />
            {/* A point per period: a range of one period is still drawn. */}
            {rows.length <= 31 && rows.map((row, i) => <circle key={row.period} cx={x(i)} cy={y(row[s.key])} r="3" />)}
          </g>
        ))}
        {rows.map((row, i) =>
          rows.length <= 12 || i % Math.ceil(rows.length / 12) === 0 ? (
            <text key={row.period} x={Math.min(W - 8, Math.max(8, x(i)))} y={H - 4} textAnchor="middle" fontSize="10">
              {periodLabel(row.period)}
            </text>
          ) : null,
        )}
      </svg>
    </ChartFrame>
  );
}

function ObligationsTable({ rows }: { rows: readonly ObligationRow[] }) {
  return (
    <div className="table-responsive">
      <table className="table table-sm small mb-0">
        <thead>
          <tr>
            <th scope="col">End of</th>
            {OBLIGATION_SERIES.map((s) => (
              <th key={s.key} scope="col" className="text-end">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.period}>
              <th scope="row">{row.period}</th>
              {OBLIGATION_SERIES.map((s) => (
                <td key={s.key} className="text-end">
                  {formatMoney(row[s.key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { formatMoney } from '@flightline/domain/money/money';
import { ChartFrame, type Go, type Series } from './chart-frame.tsx';
import { FiguresTable, type FiguresColumn } from './figures-table.tsx';

const W = 320;
const ROW = 26;
const LABEL = 90;
const RECEIVED: readonly FiguresColumn<'cents'>[] = [{ key: 'cents', label: 'Received' }];

/** Money received by payment method, one bar each, longest first. */
export function CashInChart({
  methods,
  colour,
  go,
}: {
  methods: readonly { method: string; cents: number }[];
  colour: string;
  go: Go;
}) {
  const top = Math.max(1, ...methods.map((m) => m.cents));
  const H = Math.max(ROW, methods.length * ROW);
  const series: Series[] = [{ key: 'cash', label: 'Cash In', colour, view: { kind: 'cashIn' } }];
  return (
    <ChartFrame
      title="Cash in by payment method"
      series={series}
      go={go}
      table={<FiguresTable head="Payment method" columns={RECEIVED} rows={methods} rowName={(m) => m.method} />}
    >
      {methods.length === 0 ? (
        <p className="small text-body-secondary mb-0">No money came in on these dates.</p>
      ) : (
        <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="presentation">
          {methods.map((m, i) => (
            <g key={m.method}>
              <text x="0" y={i * ROW + 17} fontSize="11">
                {m.method}
              </text>
              <rect
                x={LABEL}
                y={i * ROW + 5}
                width={Math.max(1, ((W - LABEL - 60) * m.cents) / top)}
                height={ROW - 10}
                fill={colour}
              />
              <text x={LABEL + ((W - LABEL - 60) * m.cents) / top + 4} y={i * ROW + 17} fontSize="10">
                {formatMoney(m.cents)}
              </text>
            </g>
          ))}
        </svg>
      )}
    </ChartFrame>
  );
}

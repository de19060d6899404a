import { formatMoney } from '@flightline/domain/money/money';
import { NumberHeading } from '../../../components/figure-column.tsx';

/** A money column of a chart's table: a series of the chart, or its one figure. */
export interface FiguresColumn<Key extends string> {
  key: Key;
  label: string;
}

/**
 * A chart's figures as a table: a row per period (or payment method), named
 * in its first cell, and a money column per series.
 */
export function FiguresTable<Key extends string, Row extends Record<Key, number>>({
  head,
  columns,
  rows,
  rowName,
}: {
  head: string;
  columns: readonly FiguresColumn<Key>[];
  rows: readonly Row[];
  rowName: (row: Row) => string;
}) {
  return (
    <table className="table table-sm small mb-0">
      <thead>
        <tr>
          <th scope="col">{head}</th>
          {columns.map((c) => (
            <NumberHeading key={c.key}>{c.label}</NumberHeading>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowName(row)}>
            <th scope="row">{rowName(row)}</th>
            {columns.map((c) => (
              <td key={c.key} className="text-end">
                {formatMoney(row[c.key])}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A chart's figures per period (a day or a month), scrolling sideways on a phone when its series do not fit. */
export function PeriodTable<Key extends string, Row extends Record<Key, number> & { period: string }>({
  head,
  columns,
  rows,
}: {
  head: string;
  columns: readonly FiguresColumn<Key>[];
  rows: readonly Row[];
}) {
  return (
    <div className="table-responsive">
      <FiguresTable head={head} columns={columns} rows={rows} rowName={(row) => row.period} />
    </div>
  );
}

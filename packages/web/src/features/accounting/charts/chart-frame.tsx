import { useState, type ReactNode } from 'react';
import { viewToParams, type AccountingView } from '../views.ts';

export interface Series {
  key: string;
  label: string;
  colour: string;
  /** The drill-down the series summarises. */
  view: AccountingView;
}

/** Opens a drill-down in place (the address changes as a link's would). */
export type Go = (view: AccountingView) => void;

/**
 * A chart as a figure: its title, the drawing (hidden from screen readers),
 * a legend whose entries open the drill-downs, and the same figures as a
 * table for anyone who would rather read them.
 */
export function ChartFrame({
  title,
  series,
  go,
  children,
  table,
}: {
  title: string;
  series: readonly Series[];
  go: Go;
  children: ReactNode;
  table: ReactNode;
}) {
  // The table is drawn once asked for: the summary's own tables stay the page's first.
  const [showTable, setShowTable] = useState(false);
  return (
    <figure className="border rounded p-2 mb-0 h-100 accounting-chart">
      <figcaption className="h6 mb-2">{title}</figcaption>
      <div aria-hidden="true">{children}</div>
      <ul className="list-unstyled d-flex flex-wrap gap-1 mb-1 mt-2" aria-label={`${title}: drill-downs`}>
        {series.map((s) => (
          <li key={s.key}>
            <a
              className="btn btn-sm btn-light chart-legend"
              href={`?${new URLSearchParams(viewToParams(s.view)).toString()}`}
              onClick={(event) => {
                event.preventDefault();
                go(s.view);
              }}
            >
              <span className="chart-swatch" style={{ background: s.colour }} />
              {s.label}
            </a>
          </li>
        ))}
      </ul>
      <details onToggle={(event) => setShowTable(event.currentTarget.open)}>
        <summary className="small py-2">{title} as a table</summary>
        {showTable && table}
      </details>
    </figure>
  );
}

/** A period's label on an axis: 'Jul' for a month, '11' for a day. */
export function periodLabel(period: string): string {
  if (period.length === 7)
    return new Date(`${period}-01T00:00:00Z`).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
  return String(Number(period.slice(8)));
}

/** Whether the i-th of `count` periods is labelled on the axis: every one up to 12, else about 12 evenly spread. */
export function labelled(i: number, count: number): boolean {
  return count <= 12 || i % Math.ceil(count / 12) === 0;
}

import type { ReactNode } from 'react';

interface FigureBoxesProps {
  /** Two figures, each under its name. */
  figures: readonly { name: string; value: ReactNode }[];
  /** The space under the row. */
  margin?: 'mb-2' | 'mb-3';
  label?: string | undefined;
}

/** Figures side by side in boxes at the top of a list: the balances of an account, the totals of a log. */
export function FigureBoxes({ figures, margin = 'mb-3', label }: FigureBoxesProps) {
  return (
    <dl className={`row g-2 ${margin} text-center`} aria-label={label}>
      {figures.map((figure) => (
        <div key={figure.name} className="col-6">
          <div className="border rounded py-2 h-100">
            <dt className="small fw-normal text-body-secondary">{figure.name}</dt>
            <dd className="fs-5 mb-0">{figure.value}</dd>
          </div>
        </div>
      ))}
    </dl>
  );
}

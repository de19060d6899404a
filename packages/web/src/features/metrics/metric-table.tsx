import type { ReactNode } from 'react';

/** One metric as a small table: a caption, named columns, the rows (or a line saying there are none). */
export function MetricTable({
  title,
  columns,
  rows,
  empty = 'No flying in these dates.',
}: {
  title: string;
  columns: readonly string[];
  rows: readonly (readonly ReactNode[])[];
  empty?: string;
}) {
  return (
    <section className="metric mb-3" aria-label={title}>
      <h2 className="h6">{title}</h2>
      {rows.length === 0 ? (
        <p className="small text-body-secondary mb-0">{empty}</p>
      ) : (
        <table className="table table-sm small mb-0">
          <thead>
            <tr>
              {columns.map((column, i) => (
                <th key={column} scope="col" className={i === 0 ? undefined : 'text-end'}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row" className="fw-normal">
                      {cell}
                    </th>
                  ) : (
                    <td key={i} className="text-end">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

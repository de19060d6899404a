import { useId, useState, type ReactNode } from 'react';
import { HISTORY_SORT, nextSort, sortRows, type SortState, type SortValue } from './table-sort.ts';
import { TruncatedCell } from '../../components/truncated-cell.tsx';
import '../../app/bootstrap/tables.scss';
import './accounting-tables.css';

export interface Column<T> {
  label: string;
  /** What the column sorts by (numbers by value, text by name order). */
  value: (row: T) => SortValue;
  /** What the cell shows; without it, the value as text, cut after 60 characters. */
  render?: ((row: T) => ReactNode) | undefined;
  /** Amounts: right-aligned, on one line. */
  numeric?: boolean | undefined;
  /** On a phone, the amount shown on a row's first line, across from the first column. */
  amount?: boolean | undefined;
}

interface SortableTableProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  initialSort?: SortState | undefined;
  empty: string;
  /** A last row under the amounts (e.g. the total of what is shown). */
  footer?: ReactNode;
}

function cellClass(column: Column<unknown>, index: number): string | undefined {
  const classes = [
    index === 0 ? 'cell-head' : '',
    column.amount ? 'cell-amount' : '',
    column.numeric ? 'text-end text-nowrap' : '',
  ].filter(Boolean);
  return classes.length ? classes.join(' ') : undefined;
}

/**
 * A table whose headers sort it: a click sorts by that column, a second click
 * reverses. On a phone the rows stack and a Sort by list replaces the headers.
 */
export function SortableTable<T>({
  columns,
  rows,
  rowKey,
  initialSort = HISTORY_SORT,
  empty,
  footer,
}: SortableTableProps<T>) {
  const id = useId();
  const [sort, setSort] = useState(initialSort);
  const sorted = sortRows(
    rows,
    columns.map((c) => c.value),
    sort,
  );
  return (
    <>
      <div className="d-sm-none d-flex align-items-center gap-2 mb-2">
        <label className="small text-body-secondary text-nowrap" htmlFor={`${id}-sort`}>
          Sort by
        </label>
        <select
          id={`${id}-sort`}
          className="form-select form-select-sm"
          value={`${sort.column}:${sort.descending ? 'desc' : 'asc'}`}
          onChange={(e) => {
            const [column, direction] = e.target.value.split(':');
            setSort({ column: Number(column), descending: direction === 'desc' });
          }}
        >
          {columns.flatMap((column, index) => [
            <option key={`${index}:asc`} value={`${index}:asc`}>{`${column.label} ▲`}</option>,
            <option key={`${index}:desc`} value={`${index}:desc`}>{`${column.label} ▼`}</option>,
          ])}
        </select>
      </div>
      <div className="table-responsive">
        <table className="table table-sm table-striped small align-middle stack-rows stacked-rows">
          <thead>
            <tr>
              {columns.map((column, index) => {
                const active = sort.column === index;
                return (
                  <th
                    key={column.label}
                    scope="col"
                    className={column.numeric ? 'text-end' : undefined}
                    aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}
                  >
                    <button
                      type="button"
                      className="border-0 bg-transparent p-0 fw-semibold text-nowrap text-reset"
                      onClick={() => setSort((s) => nextSort(s, index))}
                    >
                      {column.label}
                      <span aria-hidden="true" className={active ? undefined : 'text-body-tertiary'}>
                        {active ? (sort.descending ? ' ▼' : ' ▲') : ' ↕'}
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {sorted.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="text-center text-body-secondary py-3">
                  {empty}
                </td>
              </tr>
            ) : (
              sorted.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column, index) =>
                    column.render ? (
                      <td
                        key={column.label}
                        className={cellClass(column as Column<unknown>, index)}
                        data-label={column.label}
                      >
                        {column.render(row)}
                      </td>
                    ) : (
                      <TruncatedCell
                        key={column.label}
                        text={String(column.value(row))}
                        className={cellClass(column as Column<unknown>, index)}
                        label={column.label}
                      />
                    ),
                  )}
                </tr>
              ))
            )}
          </tbody>
          {footer && sorted.length > 0 && <tfoot>{footer}</tfoot>}
        </table>
      </div>
    </>
  );
}

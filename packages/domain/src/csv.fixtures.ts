import { CsvNumber, safeText, type CsvCell } from './csv.ts';

/**
 * Test helper: a row's cells as `toCsv` writes them — text defused, amounts
 * as their decimal text — with numbers left as numbers so expectations read
 * like the row.
 */
export function writtenCells(row: readonly CsvCell[]): (string | number | boolean | null | undefined)[] {
  return row.map((cell) => (cell instanceof CsvNumber ? cell.text : typeof cell === 'string' ? safeText(cell) : cell));
}

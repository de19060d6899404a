/**
 * CSV as the club's spreadsheet opens it:
 * comma separator, every field in double quotes (quotes doubled), CRLF line
 * ends and a UTF-8 byte-order mark so accents survive a double-click.
 */

export const BYTE_ORDER_MARK = '\uFEFF';

export type CsvCell = string | number | boolean | null | undefined;

function quote(cell: CsvCell): string {
  const text = cell === null || cell === undefined ? '' : String(cell);
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or CR) as a
 * formula; free text typed by members (names, notes) is defused with a
 * leading apostrophe. Numbers are written as numbers and never passed here.
 */
export function safeText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(quote).join(','));
  return `${BYTE_ORDER_MARK}${lines.join('\r\n')}\r\n`;
}

/** 'Flights' + 2026-11-01 + 2026-11-22 → 'Flights_2026-11-01_2026-11-22.csv'. */
export function csvFileName(choice: string, startDay: string, endDay: string): string {
  const name = choice.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '');
  return `${name}_${startDay}_${endDay}.csv`;
}

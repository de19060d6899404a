/**
 * CSV as the club's spreadsheet opens it:
 * comma separator, every field in double quotes (quotes doubled), CRLF line
 * ends and a UTF-8 byte-order mark so accents survive a double-click.
 */

import { centsToDecimal } from './money.ts';

export const BYTE_ORDER_MARK = '\uFEFF';

/**
 * A number the CSV writes as text, such as an amount to the cent ('-40.00'),
 * by `csvAmount`: the one kind of text written without defusing, and only a
 * plain decimal can be one (a spreadsheet reads it as a number, never a formula).
 */
export class CsvNumber {
  readonly text: string;
  constructor(text: string) {
    if (!/^-?\d+(\.\d+)?$/.test(text)) throw new RangeError(`Not a plain decimal number: ${text}`);
    this.text = text;
  }
}

/** An amount in cents as the exports write it, '-40.00'. */
export function csvAmount(cents: number): CsvNumber {
  return new CsvNumber(centsToDecimal(cents));
}

/**
 * A cell: every string is text and is defused (`safeText`) as it is written,
 * whatever its column — names, notes, registrations, launch labels alike —
 * so a new text column cannot forget it; numbers, booleans and `CsvNumber`
 * amounts are written as they are.
 */
export type CsvCell = string | number | boolean | null | undefined | CsvNumber;

function cellText(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return safeText(cell);
  if (cell instanceof CsvNumber) return cell.text;
  return String(cell);
}

function quote(cell: CsvCell): string {
  return `"${cellText(cell).replace(/"/g, '""')}"`;
}

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or CR) as a
 * formula; text (typed by members or admins: names, notes, registrations,
 * launch labels) is defused with a leading apostrophe. `toCsv` does it to
 * every string cell; numbers and `CsvNumber` amounts are written as they are.
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

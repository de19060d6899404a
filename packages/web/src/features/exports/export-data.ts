import type { AllTransactions, FlightRecord, PilotListItem } from '@flightline/domain/api/types';
import { clubDayRange, MAX_FLIGHT_RANGE_MS } from '@flightline/domain/time/club-time';
import {
  INVOICE_COLUMNS,
  invoiceExportRows,
  JOURNAL_COLUMNS,
  journalExportRows,
} from '@flightline/domain/money/accounting-exports';
import { csvFileName, toCsv, type CsvCell } from '@flightline/domain/money/csv';
import {
  flightExportHeader,
  flightExportRow,
  TRANSACTION_COLUMNS,
  transactionExportRow,
  type ExportChoice,
  type NameLookup,
} from '@flightline/domain/money/exports';

/**
 * Club Data Exports: what each choice loads and the CSV it becomes. The CSV
 * is built in the browser from the same calls the other screens use.
 */

export const EXPORT_LABELS: Record<ExportChoice, string> = {
  Flights: 'Flights (including cancelled)',
  'Completed Flights': 'Completed Flights',
  Transactions: 'Transactions',
  Journal: 'Journal for accounting packages (one row per posting)',
  Invoices: 'Member charges as invoices (QuickBooks layout)',
};

/** The choices read from the ledger's postings; the others from the flights. */
export type LedgerChoice = 'Transactions' | 'Journal' | 'Invoices';

export function isLedgerChoice(choice: ExportChoice): choice is LedgerChoice {
  return choice === 'Transactions' || choice === 'Journal' || choice === 'Invoices';
}

export interface ExportDates {
  startDate: string;
  endDate: string;
}

/** A changed date; a start after the end is reset to the end date. */
export function changeExportDates(dates: ExportDates, change: Partial<ExportDates>): ExportDates {
  const next = { ...dates, ...change };
  return next.startDate !== '' && next.endDate !== '' && next.startDate > next.endDate
    ? { ...next, startDate: next.endDate }
    : next;
}

/**
 * get-flights takes instants: the start of the start day to the end of the
 * end day in the club's zone, the last millisecond included.
 */
export function flightsQuery(dates: ExportDates, timeZone: string): { startDate: number; endDate: number } {
  const { startMs, endMs } = clubDayRange(dates.startDate, dates.endDate, timeZone);
  return { startDate: startMs, endDate: endMs - 1 };
}

/** Why the Flights exports cannot load these (valid) dates — the flights read takes at most a year — or null. */
export function flightRangeProblem(choice: ExportChoice, dates: ExportDates, timeZone: string): string | null {
  if (isLedgerChoice(choice)) return null;
  const { startDate, endDate } = flightsQuery(dates, timeZone);
  return endDate - startDate > MAX_FLIGHT_RANGE_MS ? 'Choose a range of at most a year' : null;
}

/** Member id → full name, for the Tow Pilot and User columns. */
export function nameLookup(pilots: readonly Pick<PilotListItem, 'userID' | 'first' | 'last'>[]): NameLookup {
  return new Map(pilots.map((p) => [p.userID, `${p.first} ${p.last}`.trim()]));
}

/** In the order they flew: launch time, or the request time for flights that never launched. */
function byTime(a: FlightRecord, b: FlightRecord): number {
  return (
    a.dateString.localeCompare(b.dateString) ||
    (a.launchedAt ?? a.submittedAt) - (b.launchedAt ?? b.submittedAt) ||
    a.id.localeCompare(b.id)
  );
}

/** Flights: every flight, cancelled ones too; Completed Flights: landed and not cancelled. */
export function flightsFor(choice: 'Flights' | 'Completed Flights', flights: readonly FlightRecord[]): FlightRecord[] {
  const kept =
    choice === 'Flights' ? [...flights] : flights.filter((f) => f.landedAt !== null && f.cancelledAt === null);
  return kept.sort(byTime);
}

export type ExportSource =
  | { choice: 'Flights' | 'Completed Flights'; flights: readonly FlightRecord[] }
  | { choice: LedgerChoice; data: AllTransactions };

/** Each ledger choice's columns and rows. */
const LEDGER_LAYOUTS = {
  Transactions: {
    header: TRANSACTION_COLUMNS,
    rows: (data: AllTransactions, names: NameLookup, timeZone: string) =>
      data.transactions.map((posting) => transactionExportRow(posting, data.chartOfAccounts, names, timeZone)),
  },
  Journal: {
    header: JOURNAL_COLUMNS,
    rows: (data: AllTransactions, names: NameLookup, timeZone: string) =>
      journalExportRows(data.transactions, data.chartOfAccounts, names, timeZone),
  },
  Invoices: {
    header: INVOICE_COLUMNS,
    rows: (data: AllTransactions, names: NameLookup, timeZone: string) =>
      invoiceExportRows(data.transactions, data.chartOfAccounts, names, timeZone),
  },
} satisfies Record<
  LedgerChoice,
  { header: readonly string[]; rows: (data: AllTransactions, names: NameLookup, timeZone: string) => CsvCell[][] }
>;

export interface ExportFile {
  fileName: string;
  csv: string;
  /** Data rows, the header not counted. */
  rowCount: number;
}

/**
 * The CSV of a choice: the spec's columns (Cancelled At only with cancelled flights included), one row per flight
 * or posting.
 */
export function buildExport(source: ExportSource, names: NameLookup, timeZone: string, dates: ExportDates): ExportFile {
  let header: string[];
  let rows: CsvCell[][];
  if ('data' in source) {
    const layout = LEDGER_LAYOUTS[source.choice];
    header = [...layout.header];
    rows = layout.rows(source.data, names, timeZone);
  } else {
    const includeCancelled = source.choice === 'Flights';
    header = flightExportHeader(includeCancelled);
    rows = flightsFor(source.choice, source.flights).map((flight) =>
      flightExportRow(flight, names, timeZone, includeCancelled),
    );
  }
  return {
    fileName: csvFileName(source.choice, dates.startDate, dates.endDate),
    csv: toCsv(header, rows),
    rowCount: rows.length,
  };
}

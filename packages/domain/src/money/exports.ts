import type { FlightRecord, LedgerPosting } from '../api/types.ts';
import { csvAmount, type CsvCell } from './csv.ts';
import { durationHours } from '../flights/flight-duration.ts';
import { wallClock } from '../time/zone-rules.ts';

/** The export choices of Club Data Exports. */
export const EXPORT_CHOICES = ['Flights', 'Completed Flights', 'Transactions', 'Journal', 'Invoices'] as const;
export type ExportChoice = (typeof EXPORT_CHOICES)[number];

export const FLIGHT_COLUMNS = [
  'Date',
  'Pilot First Name',
  'Pilot Last Name',
  'Glider',
  'Flying With',
  'Passenger First Name',
  'Passenger Last Name',
  'Launch Time',
  'Landed At',
  'Flight Duration [hr]',
  'Launch Type',
  'Launch Height',
  'Pilot in Charge?',
  'Sharing Cost?',
  'Tow Pilot',
  'Tug',
] as const;

export const TRANSACTION_COLUMNS = [
  'Date',
  'Account',
  'Account Number',
  'Debit Amount',
  'Credit Amount',
  'Transaction Reason',
  'Epoch time',
  'User',
  'Transaction Type',
  'Transaction Reference',
  'Note',
] as const;

/** Member id → full name, for the tow pilot and user columns. */
export type NameLookup = ReadonlyMap<string, string>;

/**
 * 'yyyy-MM-dd HH:mm' in the club's zone. A year's export formats 100,000
 * instants: the offset is a binary search in the zone's rules (zone-rules.ts)
 * and the wall clock UTC arithmetic on it, no date library per instant.
 */
function clockTime(ms: number | null, timeZone: string): string {
  if (ms === null) return '';
  return wallClock(timeZone, ms).toISOString().slice(0, 16).replace('T', ' ');
}

/** The club's calendar day of an instant, 'yyyy-MM-dd' (as fast as `clockTime`). */
export function clubDateOf(ms: number, timeZone: string): string {
  return clockTime(ms, timeZone).slice(0, 10);
}

/** The club's wall-clock time of an instant, 'HH:mm'. */
export function clockTimeOf(ms: number, timeZone: string): string {
  return clockTime(ms, timeZone).slice(11);
}

export function flightExportHeader(includeCancelled: boolean): string[] {
  return includeCancelled ? [...FLIGHT_COLUMNS, 'Cancelled At'] : [...FLIGHT_COLUMNS];
}

/** One row per flight, in the columns of `flightExportHeader`; `toCsv` defuses every text cell. */
export function flightExportRow(
  flight: FlightRecord,
  names: NameLookup,
  timeZone: string,
  includeCancelled: boolean,
): CsvCell[] {
  const towPilot = flight.towPilot === '' ? '' : (names.get(flight.towPilot) ?? flight.towPilot);
  const row: CsvCell[] = [
    flight.dateString,
    flight.first,
    flight.last,
    flight.glider,
    flight.flyWith,
    flight.passengerFirst,
    flight.passengerLast,
    clockTime(flight.launchedAt, timeZone),
    clockTime(flight.landedAt, timeZone),
    // The flown minutes, as every screen shows them (flight-duration.ts).
    durationHours(flight.launchedAt, flight.landedAt),
    flight.launchType,
    flight.releaseHeight,
    String(flight.pilotInCharge),
    String(flight.shareCost),
    towPilot,
    flight.tug,
  ];
  if (includeCancelled) row.push(clockTime(flight.cancelledAt, timeZone));
  return row;
}

/** One row per posting: its side's amount in the Debit or Credit column. */
export function transactionExportRow(
  posting: LedgerPosting,
  chartOfAccounts: Readonly<Record<number, string>>,
  names: NameLookup,
  timeZone: string,
): CsvCell[] {
  const amount = csvAmount(posting.amountCents);
  const user = posting.userId === '' ? '' : (names.get(posting.userId) ?? (posting.user || posting.userId));
  return [
    clockTime(posting.timestamp, timeZone),
    chartOfAccounts[posting.account] ?? String(posting.account),
    posting.account,
    posting.direction === 1 ? amount : '',
    posting.direction === -1 ? amount : '',
    posting.description,
    posting.timestamp,
    user,
    posting.transactionType,
    posting.transactionRef,
    posting.note,
  ];
}

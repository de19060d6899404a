import { DateTime } from 'luxon';
import type { FlightRecord, LedgerPosting } from './api-types.ts';
import { safeText, type CsvCell } from './csv.ts';
import { centsToDecimal } from './money.ts';

/** The export choices of Club Data Exports (back-office spec §2 "Export", §3 "Export CSV columns"). */
export const EXPORT_CHOICES = ['Flights', 'Completed Flights', 'Transactions'] as const;
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

function clockTime(ms: number | null, timeZone: string): string {
  return ms === null ? '' : DateTime.fromMillis(ms, { zone: timeZone }).toFormat('yyyy-MM-dd HH:mm');
}

/** Hours between launch and landing to 2 decimals; 0 when either is missing. */
export function durationHours(launchedAt: number | null, landedAt: number | null): number {
  if (launchedAt === null || landedAt === null) return 0;
  return Math.round((landedAt - launchedAt) / 36_000) / 100;
}

export function flightExportHeader(includeCancelled: boolean): string[] {
  return includeCancelled ? [...FLIGHT_COLUMNS, 'Cancelled At'] : [...FLIGHT_COLUMNS];
}

/** One row per flight, in the columns of `flightExportHeader`. */
export function flightExportRow(flight: FlightRecord, names: NameLookup, timeZone: string, includeCancelled: boolean): CsvCell[] {
  const towPilot = flight.towPilot === '' ? '' : (names.get(flight.towPilot) ?? flight.towPilot);
  const row: CsvCell[] = [
    flight.dateString,
    safeText(flight.first),
    safeText(flight.last),
    flight.glider,
    flight.flyWith,
    safeText(flight.passengerFirst),
    safeText(flight.passengerLast),
    clockTime(flight.launchedAt, timeZone),
    clockTime(flight.landedAt, timeZone),
    durationHours(flight.launchedAt, flight.landedAt),
    flight.launchType,
    flight.releaseHeight,
    String(flight.pilotInCharge),
    String(flight.shareCost),
    safeText(towPilot),
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
  const amount = centsToDecimal(posting.amountCents);
  const user = posting.userId === '' ? '' : (names.get(posting.userId) ?? (posting.user || posting.userId));
  return [
    clockTime(posting.timestamp, timeZone),
    chartOfAccounts[posting.account] ?? String(posting.account),
    posting.account,
    posting.direction === 1 ? amount : '',
    posting.direction === -1 ? amount : '',
    safeText(posting.description),
    posting.timestamp,
    safeText(user),
    posting.transactionType,
    safeText(posting.transactionRef),
    safeText(posting.note),
  ];
}

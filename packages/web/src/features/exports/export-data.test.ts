import { describe, expect, it } from 'vitest';
import type { FlightRecord, LedgerPosting } from '@flightline/domain/api/types';
import { FLOWN_ALONE } from '@flightline/domain/flights/crew-rules';
import { BYTE_ORDER_MARK } from '@flightline/domain/money/csv';
import { landedFlight, LAUNCH } from '@flightline/domain/fixtures/flight';
import { ledgerPosting } from '@flightline/domain/fixtures/ledger-posting';
import {
  buildExport,
  changeExportDates,
  flightRangeProblem,
  flightsFor,
  flightsQuery,
  nameLookup,
} from './export-data.ts';

const ZONE = 'America/Toronto';
const DATES = { startDate: '2026-11-01', endDate: '2026-11-22' };
// 2026-11-22 14:05 in Toronto (UTC−5).
const T = LAUNCH;

/** Ada Lovelace's landed flight, alone, half an hour long. */
function flight(id: string, overrides: Partial<FlightRecord> = {}): FlightRecord {
  return landedFlight({ id, flyWith: 'Alone', ...FLOWN_ALONE, landedAt: T + 30 * 60_000, ...overrides });
}

const landedLater = flight('landed-later', { launchedAt: T + 3_600_000, landedAt: T + 5_400_000 });
const landed = flight('landed');
const cancelled = flight('cancelled', { launchedAt: null, landedAt: null, cancelledAt: T + 60_000 });
const flying = flight('flying', { launchedAt: T + 120_000, landedAt: null });
const flights = [landedLater, cancelled, landed, flying];

describe('changeExportDates', () => {
  it('resets a start after the end to the end date, whichever field moved', () => {
    expect(changeExportDates(DATES, { startDate: '2026-12-01' })).toEqual({
      startDate: '2026-11-22',
      endDate: '2026-11-22',
    });
    expect(changeExportDates(DATES, { endDate: '2026-10-15' })).toEqual({
      startDate: '2026-10-15',
      endDate: '2026-10-15',
    });
    expect(changeExportDates(DATES, { startDate: '2026-11-10' })).toEqual({
      startDate: '2026-11-10',
      endDate: '2026-11-22',
    });
  });

  it('leaves an emptied field empty', () => {
    expect(changeExportDates(DATES, { startDate: '' })).toEqual({ startDate: '', endDate: '2026-11-22' });
  });
});

describe('flightsQuery', () => {
  it('covers the start of the start day to the end of the end day in the club zone', () => {
    // Toronto is UTC−4 on 1 November 2026 (DST ends that night) and UTC−5 on the 22nd.
    expect(flightsQuery(DATES, ZONE)).toEqual({
      startDate: Date.UTC(2026, 10, 1, 4),
      endDate: Date.UTC(2026, 10, 23, 5) - 1,
    });
  });
});

describe('flightRangeProblem', () => {
  it('lets the Flights exports load a whole year, a leap year too, and refuses more as the server does', () => {
    const leapYear = { startDate: '2028-01-01', endDate: '2028-12-31' };
    expect(flightRangeProblem('Flights', leapYear, ZONE)).toBeNull();
    expect(flightRangeProblem('Completed Flights', leapYear, ZONE)).toBeNull();
    const tooLong = { startDate: '2025-01-01', endDate: '2026-01-03' };
    expect(flightRangeProblem('Flights', tooLong, ZONE)).toBe('Choose a range of at most a year');
    expect(flightRangeProblem('Completed Flights', tooLong, ZONE)).toBe('Choose a range of at most a year');
    // Transactions read up to two years (the page's range check).
    expect(flightRangeProblem('Transactions', tooLong, ZONE)).toBeNull();
  });
});

describe('flightsFor', () => {
  it('keeps every flight for Flights, and only landed, not cancelled ones for Completed Flights, in time order', () => {
    expect(flightsFor('Flights', flights).map((f) => f.id)).toEqual(['cancelled', 'landed', 'flying', 'landed-later']);
    expect(flightsFor('Completed Flights', flights).map((f) => f.id)).toEqual(['landed', 'landed-later']);
    expect(flightsFor('Completed Flights', [flight('undone', { cancelledAt: T + 7_200_000 })])).toEqual([]);
  });
});

describe('buildExport', () => {
  const names = nameLookup([{ userID: 'u3', first: 'Tom', last: 'Towpilot' }]);

  it('Flights: the Cancelled At column and a row per flight, cancelled included', () => {
    const file = buildExport({ choice: 'Flights', flights }, names, ZONE, DATES);
    expect(file.fileName).toBe('Flights_2026-11-01_2026-11-22.csv');
    expect(file.rowCount).toBe(4);
    const lines = file.csv.split('\r\n');
    expect(lines[0]!.startsWith(`${BYTE_ORDER_MARK}"Date","Pilot First Name"`)).toBe(true);
    expect(lines[0]!.endsWith('"Tow Pilot","Tug","Cancelled At"')).toBe(true);
    expect(lines[1]).toBe(
      '"2026-11-22","Ada","Lovelace","C-GABC","Alone","","","","","0","2000 ' +
        'ft","2000","true","false","Tom Towpilot","C-FTUG","2026-11-22 14:06"',
    );
    expect(lines[2]).toBe(
      '"2026-11-22","Ada","Lovelace","C-GABC","Alone","","","2026-11-22 14:05","2026-11-22 ' +
        '14:35","0.5","2000 ft","2000","true","false","Tom Towpilot","C-FTUG",""',
    );
    expect(lines).toHaveLength(6);
    expect(lines[5]).toBe('');
  });

  it('Completed Flights: no Cancelled At column, landed flights only', () => {
    const file = buildExport({ choice: 'Completed Flights', flights }, names, ZONE, DATES);
    expect(file.fileName).toBe('Completed_Flights_2026-11-01_2026-11-22.csv');
    expect(file.rowCount).toBe(2);
    expect(file.csv.split('\r\n')[0]!.endsWith('"Tow Pilot","Tug"')).toBe(true);
  });

  it(
    'defuses every text cell: a glider, tug or launch label written as a formula ' +
      'reaches neither Flights nor Completed Flights as one (issue 25 item 7)',
    () => {
      const FORMULA = "=cmd|'/C calc'!A0";
      const rigged = [
        flight('rigged', { glider: FORMULA, tug: `+${FORMULA}`, launchType: `@${FORMULA}`, first: `-${FORMULA}` }),
      ];
      for (const choice of ['Flights', 'Completed Flights'] as const) {
        const row = buildExport({ choice, flights: rigged }, names, ZONE, DATES).csv.split('\r\n')[1]!;
        expect(row).toBe(
          `"2026-11-22","'-=cmd|'/C calc'!A0","Lovelace","'=cmd|'/C calc'!A0","Alone","","","2026-11-22 ` +
            `14:05","2026-11-22 14:35","0.5","'@=cmd|'/C calc'!A0","2000","true","false","Tom ` +
            `Towpilot","'+=cmd|'/C calc'!A0"${choice === 'Flights' ? ',""' : ''}`,
        );
      }
    },
  );

  it('Transactions: every posting, debit or credit side, the user full name', () => {
    const posting = (overrides: Partial<LedgerPosting>): LedgerPosting =>
      ledgerPosting(1000, 25_000, {
        transactionId: 7,
        timestamp: T,
        description: 'Deposit (Cash) ref R-1',
        transactionRef: 'R-1',
        transactionType: 'Deposit',
        transferType: 'Cash',
        ...overrides,
      });

    const file = buildExport(
      {
        choice: 'Transactions',
        data: {
          transactions: [posting({}), posting({ account: 2100, direction: -1, userId: 'u3', user: 'T. Towpilot' })],
          chartOfAccounts: { 1000: 'Cash', 2100: 'Members A/P' },
        },
      },
      names,
      ZONE,
      DATES,
    );
    expect(file.fileName).toBe('Transactions_2026-11-01_2026-11-22.csv');
    expect(file.rowCount).toBe(2);
    expect(file.csv.split('\r\n').slice(1, 3)).toEqual([
      `"2026-11-22 14:05","Cash","1000","250.00","","Deposit (Cash) ref R-1","${T}","","Deposit","R-1",""`,
      `"2026-11-22 14:05","Members A/P","2100","","250.00","Deposit ` +
        `(Cash) ref R-1","${T}","Tom Towpilot","Deposit","R-1",""`,
    ]);
  });
});

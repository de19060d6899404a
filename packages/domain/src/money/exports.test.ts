import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { flightExportHeader, flightExportRow, transactionExportRow } from './exports.ts';
import { writtenCells } from '../fixtures/csv.ts';
import { ledgerPosting } from '../fixtures/ledger-posting.ts';
import { landedFlight, LAUNCH } from '../fixtures/flight.ts';

const ZONE = 'America/Toronto';
describe('flight export', () => {
  it('has the spec columns, plus Cancelled At only when cancelled flights are included', () => {
    expect(flightExportHeader(false)).toHaveLength(16);
    expect(flightExportHeader(true).at(-1)).toBe('Cancelled At');
    expect(flightExportHeader(true)).toHaveLength(17);
  });

  it('writes times in the club zone, duration in hours and the tow pilot full name', () => {
    const names = new Map([['u3', 'Wilbur Wright']]);
    expect(flightExportRow(landedFlight(), names, ZONE, false)).toEqual([
      '2026-11-22',
      'Ada',
      'Lovelace',
      'C-GABC',
      'Member',
      'Charles',
      'Babbage',
      '2026-11-22 14:05',
      '2026-11-22 14:47',
      0.7,
      '2000 ft',
      2000,
      'true',
      'true',
      'Wilbur Wright',
      'C-FTUG',
    ]);
  });

  it('falls back to the tow pilot id and writes 0 h and empty times for a cancelled flight', () => {
    const row = flightExportRow(
      landedFlight({ launchedAt: null, landedAt: null, cancelledAt: LAUNCH, towPilot: 'gone', releaseHeight: 0 }),
      new Map(),
      ZONE,
      true,
    );
    expect(row.slice(7, 12)).toEqual(['', '', 0, '2000 ft', 0]);
    expect(row[14]).toBe('gone');
    expect(row[16]).toBe('2026-11-22 14:05');
  });
});

const transactionPosting = ledgerPosting(2100, -10000, {
  transactionId: 7,
  timestamp: LAUNCH,
  userId: 'u1',
  user: 'Ada Lovelace',
  description: 'Deposit (Cash) ref 12',
  note: '=cmd',
  transactionRef: '12',
  transactionType: 'Deposit',
  transferType: 'Cash',
});

describe('transaction export', () => {
  const posting = transactionPosting;

  it('puts the amount in the credit column for a credit, with the account name and the member', () => {
    expect(
      writtenCells(transactionExportRow(posting, { 2100: 'Members A/P' }, new Map([['u1', 'Ada King']]), ZONE)),
    ).toEqual([
      '2026-11-22 14:05',
      'Members A/P',
      2100,
      '',
      '100.00',
      'Deposit (Cash) ref 12',
      LAUNCH,
      'Ada King',
      'Deposit',
      '12',
      "'=cmd",
    ]);
  });

  it('puts a debit in the debit column', () => {
    const row = transactionExportRow(
      { ...posting, account: 1000, direction: 1, amountCents: 5, userId: '' },
      { 1000: 'Cash' },
      new Map(),
      ZONE,
    );
    expect(writtenCells(row.slice(1, 5))).toEqual(['Cash', 1000, '0.05', '']);
    expect(row[7]).toBe('');
  });
});

describe('export clock times', () => {
  const at = (iso: string, zone: string) =>
    transactionExportRow({ ...transactionPosting, timestamp: Date.parse(iso) }, {}, new Map(), zone)[0];

  it(
    'follows the zone across its offset changes, on the hour and at ' +
      'half past (Lord Howe moves by 30 minutes at 15:30 UTC)',
    () => {
      expect(at('2026-03-08T06:59:00Z', 'America/Toronto')).toBe('2026-03-08 01:59');
      expect(at('2026-03-08T07:00:00Z', 'America/Toronto')).toBe('2026-03-08 03:00');
      expect(at('2026-11-01T05:59:00Z', 'America/Toronto')).toBe('2026-11-01 01:59');
      expect(at('2026-11-01T06:00:00Z', 'America/Toronto')).toBe('2026-11-01 01:00');
      expect(at('2026-10-03T15:29:00Z', 'Australia/Lord_Howe')).toBe('2026-10-04 01:59');
      expect(at('2026-10-03T15:30:00Z', 'Australia/Lord_Howe')).toBe('2026-10-04 02:30');
      expect(at('2026-04-04T14:59:00Z', 'Australia/Lord_Howe')).toBe('2026-04-05 01:59');
      expect(at('2026-04-04T15:00:00Z', 'Australia/Lord_Howe')).toBe('2026-04-05 01:30');
      expect(at('2026-01-01T00:00:00Z', 'Asia/Kathmandu')).toBe('2026-01-01 05:45');
    },
  );

  it('writes what luxon writes, minute by minute over the days around each change of 2026', () => {
    const days = [
      ['America/Toronto', '2026-03-07', '2026-03-10'],
      ['America/Toronto', '2026-10-31', '2026-11-03'],
      ['Australia/Lord_Howe', '2026-10-02', '2026-10-05'],
      ['Europe/London', '2026-03-28', '2026-03-31'],
    ] as const;
    for (const [zone, from, to] of days) {
      for (let ms = Date.parse(`${from}T00:00:00Z`); ms < Date.parse(`${to}T00:00:00Z`); ms += 60_000 + 17) {
        expect(at(new Date(ms).toISOString(), zone)).toBe(
          DateTime.fromMillis(ms, { zone }).toFormat('yyyy-MM-dd HH:mm'),
        );
      }
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { LedgerPosting } from '../api/types.ts';
import { invoiceExportRows, journalExportRows } from './accounting-exports.ts';
import { writtenCells } from '../fixtures/csv.ts';
import { ledgerPosting } from '../fixtures/ledger-posting.ts';
import { CHART_OF_ACCOUNTS } from './ledger.ts';

const ZONE = 'America/Toronto';
/** 2026-07-11 21:30 in Toronto, 01:30 UTC the next day: the club's day is the 11th. */
const EVENING = Date.parse('2026-07-12T01:30:00Z');
const NAMES = new Map([
  ['ada', 'Ada King'],
  ['bo', 'Bo Reyes'],
]);

function posting(
  transactionId: number,
  account: number,
  cents: number,
  values: Partial<LedgerPosting> = {},
): LedgerPosting {
  return ledgerPosting(account, cents, { transactionId, timestamp: EVENING, transactionType: 'Flight', ...values });
}

/** A $40.00 tow with 13 % HST charged to Ada: Dr 2100 45.20 / Cr 4100 40.00 / Cr 2510 5.20. */
const tow = [
  posting(7, 2100, 4520, { userId: 'ada', description: 'Tow: DG-1000, 2000 ft' }),
  posting(7, 4100, -4000, { description: 'Tow: DG-1000, 2000 ft' }),
  posting(7, 2510, -520, { taxName: 'HST', description: 'HST on tow' }),
];
/** A $25.85 rental (net 22.88, HST 2.97) shared by Ada and Bo: $12.93 and $12.92. */
const sharedRental = [
  posting(8, 2100, 1293, { userId: 'ada', description: 'Rental: DG-1000, 62 min' }),
  posting(8, 2100, 1292, { userId: 'bo', description: 'Rental: DG-1000, 62 min' }),
  posting(8, 4200, -2288),
  posting(8, 2510, -297, { taxName: 'HST' }),
];
/** Ada's $100.00 cash deposit: not a charge. */
const deposit = [
  posting(9, 1000, 10_000, { transactionType: 'Deposit' }),
  posting(9, 2100, -10_000, {
    userId: 'ada',
    transactionType: 'Deposit',
    description: 'Deposit (Cash)',
    transactionRef: '=12',
    note: 'at the desk',
  }),
];
/** The tow reversed: the same lines on the other sides. */
const reversal = [
  posting(10, 2100, -4520, { userId: 'ada', description: 'Reversal of 7', reversesId: 7 }),
  posting(10, 4100, 4000, { reversesId: 7 }),
  posting(10, 2510, 520, { taxName: 'HST', reversesId: 7 }),
];

describe('journal export', () => {
  it(
    'one row per posting: the journal number groups a transaction, the club’s day, account ' +
      'number and name, debit or credit, memo with the note, name, reference',
    () => {
      const rows = journalExportRows([...tow, ...deposit], CHART_OF_ACCOUNTS, NAMES, ZONE);
      expect(rows.map(writtenCells)).toEqual([
        [7, '2026-07-11', 2100, 'Members A/P', '45.20', '', 'Tow: DG-1000, 2000 ft', 'Ada King', ''],
        [7, '2026-07-11', 4100, CHART_OF_ACCOUNTS[4100], '', '40.00', 'Tow: DG-1000, 2000 ft', '', ''],
        [7, '2026-07-11', 2510, CHART_OF_ACCOUNTS[2510], '', '5.20', 'HST on tow', '', ''],
        [9, '2026-07-11', 1000, 'Cash', '100.00', '', '', '', ''],
        // A formula-like reference is defused, as in the other exports.
        [9, '2026-07-11', 2100, 'Members A/P', '', '100.00', 'Deposit (Cash) — at the desk', 'Ada King', "'=12"],
      ]);
    },
  );

  it('every journal balances: its debits equal its credits', () => {
    const rows = journalExportRows(
      [...tow, ...sharedRental, ...deposit, ...reversal],
      CHART_OF_ACCOUNTS,
      NAMES,
      ZONE,
    ).map(writtenCells);
    const totals = new Map<number, number>();
    for (const [journal, , , , debit, credit] of rows) {
      const cents = Math.round(Number(debit || 0) * 100) - Math.round(Number(credit || 0) * 100);
      totals.set(journal as number, (totals.get(journal as number) ?? 0) + cents);
    }
    expect([...totals.values()]).toEqual([0, 0, 0, 0]);
  });
});

describe('invoice export', () => {
  it(
    'a member charge is an invoice: the revenue line with its tax, ' +
      'dated the club’s day, for what the account was charged',
    () => {
      expect(invoiceExportRows(tow, CHART_OF_ACCOUNTS, NAMES, ZONE).map(writtenCells)).toEqual([
        [
          '7',
          'Ada King',
          '2026-07-11',
          '2026-07-11',
          CHART_OF_ACCOUNTS[4100],
          'Tow: DG-1000, 2000 ft',
          1,
          '40.00',
          '40.00',
          '5.20',
        ],
      ]);
    },
  );

  it(
    'a shared cost is one invoice per member, each with its part of the ' +
      'net and the tax, adding up to what each was charged',
    () => {
      const rows = invoiceExportRows(sharedRental, CHART_OF_ACCOUNTS, NAMES, ZONE).map(writtenCells);
      // 22.88 × 1293/2585 = 11.444… → 11.44 for Ada, 11.44 for Bo; tax is what is left of each charge.
      expect(rows.map((r) => [r[0], r[1], r[8], r[9]])).toEqual([
        ['8-1', 'Ada King', '11.44', '1.49'],
        ['8-2', 'Bo Reyes', '11.44', '1.48'],
      ]);
    },
  );

  it('a reversed charge is a credit (negative amounts); deposits are not invoices', () => {
    const rows = invoiceExportRows([...deposit, ...reversal], CHART_OF_ACCOUNTS, NAMES, ZONE);
    expect(rows.map(writtenCells)).toEqual([
      [
        '10',
        'Ada King',
        '2026-07-11',
        '2026-07-11',
        CHART_OF_ACCOUNTS[4100],
        'Reversal of 7',
        1,
        '-40.00',
        '-40.00',
        '-5.20',
      ],
    ]);
  });

  it('leaves out what is not a member charge: a transfer between members, an intro sale, a cash refund', () => {
    const transfer = [posting(11, 2100, 500, { userId: 'ada' }), posting(11, 2100, -500, { userId: 'bo' })];
    const introSale = [posting(12, 1000, 15_000), posting(12, 2120, -15_000, { userId: 'Intro' })];
    const refund = [posting(13, 2100, 2_000, { userId: 'ada' }), posting(13, 1000, -2_000)];
    expect(invoiceExportRows([...transfer, ...introSale, ...refund], CHART_OF_ACCOUNTS, NAMES, ZONE)).toEqual([]);
  });
});

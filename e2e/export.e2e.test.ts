import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AllTransactions, FlightRecord } from '@flightline/domain/api/types';
import { FLIGHT_COLUMNS } from '@flightline/domain/money/exports';
import { memberIds, sessionOf } from './helpers/api.ts';
import { screenshot } from './helpers/browser.ts';
import { DEMO } from './helpers/demo-accounts.ts';
import { ownServer } from './helpers/own-server.ts';

/**
 * Club Data Exports: the file the browser saves is opened, its bytes checked
 * (byte-order mark, quoted header, CRLF) and read back row for row with an RFC
 * 4180 reader. Its own server: it flies and cancels flights and posts money.
 */

const MINUTE = 60_000;

const field = ownServer('export', { phone: { acceptDownloads: true } });
let timeZone: string;
let today: string;
/** The flight that launched and landed, and the one removed from the line, as the server stores them. */
let flown: FlightRecord;
let removed: FlightRecord;

beforeAll(async () => {
  // Seed through the API: a $250.00 deposit for Mary Member, who then flies C-FDSC alone (towed by Tom
  // Towpilot in C-FTOW) for 30 minutes, and asks for a second flight that is removed from the line.
  const admin = await field.phone(DEMO.admin);
  timeZone = (await sessionOf(admin)).clubTimeZone;
  today = clubDay(Date.now());
  const idOf = await memberIds(admin);
  const maryId = idOf(DEMO.member);
  const tomId = idOf(DEMO.towPilot);
  const deposit = await admin.request.post('/api/add-transaction/', {
    data: {
      transactionType: 'Deposit',
      pilot: maryId,
      amountCents: 25_000,
      transferType: 'Cash',
      transactionRef: 'R-2001',
      note: 'Season deposit',
      idempotencyKey: 'e2e-export-deposit-1',
    },
  });
  expect(deposit.status()).toBe(200);
  await admin.context().close();

  const mary = await field.phone(DEMO.member);
  /** A request for `glider`, tapped at `submittedAt` (default: now): a launch can't be before its request. */
  const request = async (glider: string, submittedAt?: number) => {
    const id = randomUUID();
    const data = {
      user: maryId,
      flyWith: 'Alone',
      glider,
      launchType: '2000 ft',
      weight: 80,
      ...(submittedAt ? { submittedAt } : {}),
    };
    const response = await mary.request.post('/api/update-item/', { data: { type: 'FLIGHT', id, data } });
    expect(response.status(), await response.text()).toBe(200);
    return id;
  };
  const act = async (body: Record<string, unknown>) => {
    const response = await mary.request.post('/api/update-flight/', {
      data: { idempotencyKey: randomUUID(), ...body },
    });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { flight: FlightRecord }).flight;
  };
  // 30 minutes in the air, within today in the club's zone even just after midnight.
  const now = Date.now();
  const launchAt = Math.max(now - 31 * MINUTE, startOfClubDay(now) + MINUTE);
  const landAt = Math.min(launchAt + 30 * MINUTE, now);
  const flownId = await request('C-FDSC', launchAt - MINUTE);
  await act({ id: flownId, action: 'Launch', towPilot: tomId, tug: 'C-FTOW', time: launchAt });
  flown = await act({ id: flownId, action: 'Landing', time: landAt });
  removed = await act({ id: await request('C-GDSB'), action: 'CancelRequest' });
  await mary.context().close();
});

function clubParts(ms: number): Record<string, string> {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return Object.fromEntries(format.formatToParts(ms).map((p) => [p.type, p.value]));
}

function clubDay(ms: number): string {
  const p = clubParts(ms);
  return `${p.year}-${p.month}-${p.day}`;
}

/** 'YYYY-MM-DD HH:mm' in the club's zone, as the export writes times. */
function clubTime(ms: number | null): string {
  if (ms === null) return '';
  const p = clubParts(ms);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** The first instant of the club day `ms` falls on (a minute at a time back to the day change). */
function startOfClubDay(ms: number): number {
  const day = clubDay(ms);
  let start = ms - (ms % MINUTE);
  while (clubDay(start - MINUTE) === day) start -= MINUTE;
  return start;
}

/**
 * RFC 4180: fields separated by commas, records by CRLF, a quoted field may hold commas, quotes ("") and line
 * breaks.
 */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) throw new Error('the file does not end with CRLF');
  return rows;
}

// The flights files' header line, word for word as the file has it (after the byte order mark): FLIGHT_COLUMNS quoted.
const FLIGHT_HEADER_LINE =
  '"Date","Pilot First Name","Pilot Last Name","Glider","Flying With","Passenger First Name","Passenger Last ' +
  'Name","Launch Time","Landed At","Flight Duration [hr]","Launch Type","Launch Height","Pilot in ' +
  'Charge?","Sharing Cost?","Tow Pilot","Tug"';

/** The admin's phone on Club Data Exports, ready to load, and today's postings as get-all-transactions answers them. */
async function adminOnExports(): Promise<{ page: Page; ledger: AllTransactions }> {
  const page = await field.phone(DEMO.admin);
  const ledger = (await (
    await page.request.get('/api/get-all-transactions', { params: { startDate: today, endDate: today } })
  ).json()) as AllTransactions;
  await page.goto('/export');
  await page.getByRole('button', { name: 'Load Data for Export' }).waitFor();
  return { page, ledger };
}

/** Choose, load, and save: the file's name and bytes. */
async function exportFile(page: Page, label: string): Promise<{ name: string; bytes: Buffer }> {
  await page.getByLabel(label, { exact: true }).check();
  await page.getByRole('button', { name: 'Load Data for Export' }).click();
  const link = page.getByRole('link', { name: 'Download Exported Data' });
  await link.waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: readFileSync(path) };
}

/** The file starts with the UTF-8 byte-order mark, every line ends with CRLF; the rest is read back. */
function rowsOf(bytes: Buffer): string[][] {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8').slice(1);
  expect(text.endsWith('\r\n')).toBe(true);
  return readCsv(text);
}

describe('Club Data Exports at phone size', () => {
  it('a member sees that exports are for admins only', async () => {
    const page = await field.phone(DEMO.member);
    await page.goto('/export');
    await page.getByText('User is not authorized (603)').waitFor();
    expect(await page.getByRole('button', { name: 'Load Data for Export' }).count()).toBe(0);
    await page.context().close();
  });

  it('Flights (including cancelled) and Completed Flights: the spec columns, row for row', async () => {
    const page = await field.phone(DEMO.admin);
    await page.goto('/export');
    await page.getByRole('heading', { name: 'Club Data Exports' }).waitFor();
    const start = page.getByLabel('Start date', { exact: true });
    const end = page.getByLabel('End date', { exact: true });
    expect([await start.inputValue(), await end.inputValue()]).toEqual([today, today]);

    // A start after the end is reset to the end date; without a start, loading does nothing.
    const tomorrow = clubDay(Date.now() + 24 * 60 * MINUTE);
    await start.fill(tomorrow);
    expect(await start.inputValue()).toBe(today);
    await start.fill('');
    await page.getByRole('button', { name: 'Load Data for Export' }).click();
    await page.waitForTimeout(500);
    expect(await page.getByRole('link', { name: 'Download Exported Data' }).count()).toBe(0);
    await start.fill(today);

    const all = await exportFile(page, 'Flights (including cancelled)');
    await screenshot(page, 'export-flights');
    expect(all.name).toBe(`Flights_${today}_${today}.csv`);
    expect(all.bytes.toString('utf8').split('\r\n')[0]).toBe(`\uFEFF${FLIGHT_HEADER_LINE},"Cancelled At"`);
    const hours = String(Math.round((flown.landedAt! - flown.launchedAt!) / 36_000) / 100);
    const flownRow = [
      today,
      'Mary',
      'Member',
      'C-FDSC',
      'Alone',
      '',
      '',
      clubTime(flown.launchedAt),
      clubTime(flown.landedAt),
      hours,
      '2000 ft',
      String(flown.releaseHeight),
      'true',
      'false',
      'Tom Towpilot',
      'C-FTOW',
    ];
    const removedRow = [
      today,
      'Mary',
      'Member',
      'C-GDSB',
      'Alone',
      '',
      '',
      '',
      '',
      '0',
      '2000 ft',
      '0',
      'true',
      'false',
      '',
      '',
    ];
    expect(removed.cancelledAt).not.toBeNull();
    // In the order they flew: the launch time, or the request time for the flight that never launched.
    const expected = [
      { at: flown.launchedAt!, row: [...flownRow, ''] },
      { at: removed.submittedAt, row: [...removedRow, clubTime(removed.cancelledAt)] },
    ].sort((a, b) => a.at - b.at);
    expect(rowsOf(all.bytes)).toEqual([[...FLIGHT_COLUMNS, 'Cancelled At'], ...expected.map((e) => e.row)]);

    const completed = await exportFile(page, 'Completed Flights');
    expect(completed.name).toBe(`Completed_Flights_${today}_${today}.csv`);
    expect(completed.bytes.toString('utf8').split('\r\n')[0]).toBe(`\uFEFF${FLIGHT_HEADER_LINE}`);
    expect(rowsOf(completed.bytes)).toEqual([[...FLIGHT_COLUMNS], flownRow]);
    await page.context().close();
  });

  it('Transactions: every posting of the days, with the account names and the member full name', async () => {
    const { page, ledger } = await adminOnExports();
    // The deposit (2 postings) and the flight's tow and rental charges.
    expect(ledger.transactions.length).toBeGreaterThanOrEqual(4);
    const file = await exportFile(page, 'Transactions');
    await screenshot(page, 'export-transactions');
    expect(file.name).toBe(`Transactions_${today}_${today}.csv`);
    const rows = rowsOf(file.bytes);
    expect(file.bytes.toString('utf8').split('\r\n')[0]).toBe(
      '\uFEFF"Date","Account","Account Number","Debit Amount","Credit Amount","Transaction ' +
        'Reason","Epoch time","User","Transaction Type","Transaction Reference","Note"',
    );
    expect(rows).toHaveLength(ledger.transactions.length + 1);
    // Row for row: the posting's side, amount and epoch time.
    expect(rows.slice(1).map((r) => [r[2], r[3], r[4], r[6]])).toEqual(
      ledger.transactions.map((p) => {
        const amount = (p.amountCents / 100).toFixed(2);
        return [
          String(p.account),
          p.direction === 1 ? amount : '',
          p.direction === -1 ? amount : '',
          String(p.timestamp),
        ];
      }),
    );
    const depositRows = rows.filter((r) => r[9] === 'R-2001');
    expect(depositRows.map((r) => [r[1], r[2], r[3], r[4], r[7], r[8], r[10]]).sort()).toEqual([
      ['Cash', '1000', '250.00', '', '', 'Deposit', 'Season deposit'],
      ['Members A/P', '2100', '', '250.00', 'Mary Member', 'Deposit', 'Season deposit'],
    ]);
    expect(depositRows[0]![0]).toMatch(new RegExp(`^${today} \\d{2}:\\d{2}$`));
    await page.context().close();
  });

  it(
    'Journal and Invoices: the same postings in the layouts ' +
      'accounting packages import, balanced, charges as invoices',
    async () => {
      const { page, ledger } = await adminOnExports();
      const cents = (text: string | undefined) => (text ? Math.round(Number(text) * 100) : 0);

      const journal = await exportFile(page, 'Journal for accounting packages (one row per posting)');
      await screenshot(page, 'export-journal');
      expect(journal.name).toBe(`Journal_${today}_${today}.csv`);
      const lines = rowsOf(journal.bytes);
      expect(lines[0]).toEqual([
        'Journal No',
        'Journal Date',
        'Account Number',
        'Account Name',
        'Debits',
        'Credits',
        'Description',
        'Name',
        'Reference',
      ]);
      expect(lines).toHaveLength(ledger.transactions.length + 1);
      const balance = new Map<string, number>();
      for (const [no, date, , , debit, credit] of lines.slice(1)) {
        expect(date).toBe(today);
        balance.set(no!, (balance.get(no!) ?? 0) + cents(debit) - cents(credit));
      }
      expect([...balance.values()].every((total) => total === 0)).toBe(true);
      expect(
        lines
          .filter((r) => r[8] === 'R-2001')
          .map((r) => [r[2], r[4], r[5], r[7]])
          .sort(),
      ).toEqual([
        ['1000', '250.00', '', ''],
        ['2100', '', '250.00', 'Mary Member'],
      ]);

      const invoices = rowsOf((await exportFile(page, 'Member charges as invoices (QuickBooks layout)')).bytes);
      expect(invoices[0]).toEqual([
        'InvoiceNo',
        'Customer',
        'InvoiceDate',
        'DueDate',
        'Item(Product/Service)',
        'ItemDescription',
        'ItemQuantity',
        'ItemRate',
        'ItemAmount',
        'ItemTaxAmount',
      ]);
      // Each invoice comes to what the member's account was charged by its transaction: the flight's tow and rental.
      const charged = new Map<string, number>();
      for (const p of ledger.transactions)
        if (p.account === 2100 && p.direction === 1)
          charged.set(String(p.transactionId), (charged.get(String(p.transactionId)) ?? 0) + p.amountCents);
      const invoiced = new Map<string, number>();
      for (const [no, customer, , , , , , , amount, tax] of invoices.slice(1)) {
        expect(customer).toBe('Mary Member');
        invoiced.set(no!, (invoiced.get(no!) ?? 0) + cents(amount) + cents(tax));
      }
      expect(invoiced.size).toBeGreaterThanOrEqual(2);
      expect(invoiced).toEqual(charged);
      await page.context().close();
    },
  );
});

import type { LedgerPosting } from '../api/types.ts';
import { csvAmount, type CsvCell } from './csv.ts';
import { clubDateOf, type NameLookup } from './exports.ts';
import { ACCOUNT } from './ledger.ts';

/**
 * The ledger in the layouts accounting packages import (docs/accounting.md,
 * "Exports for accounting packages"): a general journal, one row per posting,
 * and member charges as invoices. Both are built from the same postings as
 * the Transactions export, so their totals agree with it to the cent.
 */

/**
 * The journal layout: rows of one Journal No form one balanced entry (QuickBooks Online's journal import, Xero's
 * and Sage's manual journals map to it).
 */
export const JOURNAL_COLUMNS = [
  'Journal No',
  'Journal Date',
  'Account Number',
  'Account Name',
  'Debits',
  'Credits',
  'Description',
  'Name',
  'Reference',
] as const;

/** The invoice layout of QuickBooks Online's invoice import: rows of one InvoiceNo form one invoice. */
export const INVOICE_COLUMNS = [
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
] as const;

const REVENUE: ReadonlySet<number> = new Set([
  ACCOUNT.towRevenue,
  ACCOUNT.rentalRevenue,
  ACCOUNT.introRevenue,
  ACCOUNT.otherRevenue,
]);

/** What a posting says, with the note the person wrote after it. */
function memo(posting: LedgerPosting): string {
  return posting.note === '' ? posting.description : `${posting.description} — ${posting.note}`;
}

function nameOf(posting: LedgerPosting, names: NameLookup): string {
  if (posting.userId === '') return '';
  return names.get(posting.userId) ?? (posting.user || posting.userId);
}

/** One row per posting, in the order given (the server's: by time, then transaction). */
export function journalExportRows(
  postings: readonly LedgerPosting[],
  chartOfAccounts: Readonly<Record<number, string>>,
  names: NameLookup,
  timeZone: string,
): CsvCell[][] {
  return postings.map((posting) => {
    const amount = csvAmount(posting.amountCents);
    return [
      posting.transactionId,
      clubDateOf(posting.timestamp, timeZone),
      posting.account,
      chartOfAccounts[posting.account] ?? String(posting.account),
      posting.direction === 1 ? amount : '',
      posting.direction === -1 ? amount : '',
      memo(posting),
      nameOf(posting, names),
      posting.transactionRef,
    ];
  });
}

/**
 * Shares of `total` in proportion to `weights`, in whole cents, summing to
 * `total` exactly (the last share takes what rounding left).
 */
function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  let given = 0;
  return weights.map((weight, i) => {
    if (i === weights.length - 1) return total - given;
    if (sum === 0) return 0;
    const share = Math.round((total * weight) / sum);
    given += share;
    return share;
  });
}

/**
 * Member charges as invoices: a transaction that takes money from members'
 * accounts (2100) for the club's revenue (4100–4900) and sales tax (2510),
 * and nothing else, is one invoice per member charged — a cost shared by two
 * members is two invoices, each with its part of every line, in cents that
 * add up to what the member's account was charged. A reversal of a charge is
 * a credit (negative amounts). Deposits, transfers, refunds and intro sales
 * are not member charges and are left out.
 */
export function invoiceExportRows(
  postings: readonly LedgerPosting[],
  chartOfAccounts: Readonly<Record<number, string>>,
  names: NameLookup,
  timeZone: string,
): CsvCell[][] {
  const transactions = new Map<number, LedgerPosting[]>();
  for (const posting of postings) {
    const list = transactions.get(posting.transactionId);
    if (list) list.push(posting);
    else transactions.set(posting.transactionId, [posting]);
  }
  const rows: CsvCell[][] = [];
  for (const [transactionId, lines] of transactions) {
    const members = lines.filter((p) => p.account === ACCOUNT.membersPayable);
    const revenue = lines.filter((p) => REVENUE.has(p.account));
    const tax = lines.filter((p) => p.account === ACCOUNT.salesTaxPayable);
    if (members.length === 0 || revenue.length === 0 || members.length + revenue.length + tax.length !== lines.length)
      continue;
    // A charge debits the members and credits the club; a credit (a reversal) the other way round.
    const side = members[0]!.direction;
    if (members.some((p) => p.direction !== side) || [...revenue, ...tax].some((p) => p.direction === side)) continue;
    const date = clubDateOf(members[0]!.timestamp, timeZone);
    const memberCharges = members.map((p) => p.amountCents);
    const netShares = revenue.map((line) => apportion(line.amountCents, memberCharges));
    members.forEach((member, m) => {
      const nets = netShares.map((shares) => shares[m]!);
      const taxShares = apportion(member.amountCents - nets.reduce((a, b) => a + b, 0), nets);
      revenue.forEach((line, r) => {
        const amount = side * nets[r]!;
        rows.push([
          members.length === 1 ? String(transactionId) : `${transactionId}-${m + 1}`,
          nameOf(member, names),
          date,
          date,
          chartOfAccounts[line.account] ?? String(line.account),
          memo(member),
          1,
          csvAmount(amount),
          csvAmount(amount),
          csvAmount(side * taxShares[r]!),
        ]);
      });
    });
  }
  return rows;
}

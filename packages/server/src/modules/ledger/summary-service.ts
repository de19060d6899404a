import type { Kysely } from 'kysely';
import type { AccountingSummary, AccountTotals, Breakdown, BreakdownRow } from '@flightline/domain/api/types';
import { clubDayRange } from '@flightline/domain/time/club-time';
import { ACCOUNT, EXPENSE_CODES, isCreditAccount, type AccountNumber } from '@flightline/domain/money/ledger';
import type { BalanceView } from '@flightline/domain/schemas/ledger';
import { compareText } from '@flightline/domain/club/text-order';
import type { DB } from '../../db/schema.ts';
import type { MemberContext } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { findPilot } from '../members/repo.ts';
import type { DayRange } from './history-service.ts';
import { postingParty } from './history-service.ts';
import { postingsInRange } from './history-repo.ts';
import { accountTotalsInRange, entryIntros, entryMembers, type AccountTotalsRow } from './summary-repo.ts';

/**
 * The accounting summary and its drill-downs (admin). Every figure is in the
 * account's natural sign: for Cash and the expense accounts (debit accounts)
 * as posted — a debit is +, a credit −; for the liabilities and revenue
 * accounts (2xxx, 4xxx) negated, so + is money owed or earned. Then for every
 * account over [start, end]:
 *   startCents  = the balance before the start,
 *   debitCents  = the debits in the range   (+ for debit accounts, − for credit accounts),
 *   creditCents = the credits in the range  (− for debit accounts, + for credit accounts),
 *   endCents    = startCents + debitCents + creditCents = the balance at the end.
 */

export interface BalancesQuery extends DayRange {
  balance: BalanceView;
  taxType?: string | undefined;
  transferType?: string | undefined;
  userID?: string | undefined;
  feeClass?: string | undefined;
}

/** A posted amount in the account's natural sign (0 stays 0, never −0). */
function natural(account: number, postedCents: number): number {
  return isCreditAccount(account as AccountNumber) ? 0 - postedCents : postedCents;
}

function totalsOf(account: number, rows: readonly AccountTotalsRow[]): AccountTotals {
  let before = 0;
  let debit = 0;
  let credit = 0;
  for (const row of rows) {
    before += row.before_cents;
    debit += row.debit_cents;
    credit += row.credit_cents;
  }
  const startCents = natural(account, before);
  const debitCents = natural(account, debit);
  const creditCents = natural(account, credit);
  return { account, startCents, debitCents, creditCents, endCents: startCents + debitCents + creditCents };
}

/** Sub-totals of one account by a sub-account name: the club's own names (even unused) and any posted. */
function subTotals(
  account: number,
  rows: readonly AccountTotalsRow[],
  nameOf: (row: AccountTotalsRow) => string | null,
  clubNames: readonly string[],
): { name: string; totals: AccountTotals }[] {
  const byName = new Map<string, AccountTotalsRow[]>(clubNames.map((name) => [name, []]));
  for (const row of rows) {
    if (row.account !== account) continue;
    const name = nameOf(row) ?? '';
    byName.set(name, [...(byName.get(name) ?? []), row]);
  }
  return [...byName.entries()]
    .sort(([a], [b]) => compareText(a, b) || a.localeCompare(b))
    .map(([name, group]) => ({ name, totals: totalsOf(account, group) }));
}

async function accountingSummary(
  db: Kysely<DB>,
  ctx: MemberContext,
  query: BalancesQuery,
  startMs: number,
  endMs: number,
): Promise<AccountingSummary> {
  const club = ctx.club;
  const rows = await accountTotalsInRange(db, club.id, startMs, endMs);
  const account = (number: number) =>
    totalsOf(
      number,
      rows.filter((row) => row.account === number),
    );
  return {
    clubName: club.name,
    startDate: query.startDate,
    endDate: query.endDate,
    membersPayable: account(ACCOUNT.membersPayable),
    introsPayable: account(ACCOUNT.introsPayable),
    taxesPayable: account(ACCOUNT.salesTaxPayable),
    towRevenue: account(ACCOUNT.towRevenue),
    rentalRevenue: account(ACCOUNT.rentalRevenue),
    introRevenue: account(ACCOUNT.introRevenue),
    otherRevenue: account(ACCOUNT.otherRevenue),
    cashIn: account(ACCOUNT.cash),
    expenses: EXPENSE_CODES.map((code) => account(code)),
    taxes: subTotals(ACCOUNT.salesTaxPayable, rows, (row) => row.tax_name, Object.keys(club.tax_rates)).map(
      ({ name, totals }) => ({
        taxName: name,
        totals,
      }),
    ),
    transferTypes: subTotals(ACCOUNT.cash, rows, (row) => row.transfer_type, club.payment_methods).map(
      ({ name, totals }) => ({
        transferType: name,
        totals,
      }),
    ),
    feeClasses: subTotals(ACCOUNT.otherRevenue, rows, (row) => row.fee_class, club.fee_list).map(
      ({ name, totals }) => ({
        feeClass: name,
        totals,
      }),
    ),
    feeList: club.fee_list,
  };
}

const VIEW_ACCOUNT: Record<Exclude<BalanceView, 'AccountingSummary'>, AccountNumber> = {
  TaxTransactions: ACCOUNT.salesTaxPayable,
  DepositTransactions: ACCOUNT.cash,
  MemberTransactions: ACCOUNT.membersPayable,
  IntroTransactions: ACCOUNT.introsPayable,
  TowRevenue: ACCOUNT.towRevenue,
  RentalRevenue: ACCOUNT.rentalRevenue,
  IntroRevenue: ACCOUNT.introRevenue,
  OtherRevenue: ACCOUNT.otherRevenue,
};

/**
 * The Other Revenue category filter's "Any" (its default) filters nothing, unless the club has a fee class of that
 * name.
 */
function feeClassFilter(feeClass: string | undefined, feeList: readonly string[]): string | undefined {
  if (!feeClass || (feeClass === 'Any' && !feeList.includes('Any'))) return undefined;
  return feeClass;
}

/**
 * For each entry, the member(s) on its Members A/P postings: their full
 * names ('Mary Member', or 'Mary Member, Bea Flyer' for a shared cost) and
 * the member's id when there is exactly one. Entries without one are absent.
 */
async function entryOwners(
  db: Kysely<DB>,
  clubId: string,
  transactionIds: readonly number[],
): Promise<Map<number, { userId: string; member: string }>> {
  const owners = new Map<number, { userId: string; member: string }>();
  if (transactionIds.length === 0) return owners;
  const byEntry = new Map<number, Map<string, string>>();
  for (const row of await entryMembers(db, clubId, [...new Set(transactionIds)])) {
    const members = byEntry.get(row.transaction_id) ?? new Map<string, string>();
    if (row.member_id !== null && !members.has(row.member_id))
      members.set(row.member_id, `${row.first} ${row.last}`.trim());
    byEntry.set(row.transaction_id, members);
  }
  for (const [transactionId, members] of byEntry) {
    const ids = [...members.keys()];
    owners.set(transactionId, { userId: ids.length === 1 ? ids[0]! : '', member: [...members.values()].join(', ') });
  }
  return owners;
}

interface IntroNames {
  intro_sn: string | null;
  intro_buyer_first: string | null;
  intro_buyer_last: string | null;
  intro_buyer_email: string | null;
  intro_recipient_first: string | null;
  intro_recipient_last: string | null;
}

/**
 * Who an intro was sold to: the buyer's name; a buyer who gave only an email,
 * that email; no buyer at all, the recipient (who then bought it themself).
 */
function introSoldTo(intro: IntroNames): string {
  const buyer = `${intro.intro_buyer_first ?? ''} ${intro.intro_buyer_last ?? ''}`.trim();
  if (buyer) return buyer;
  if (intro.intro_buyer_email) return intro.intro_buyer_email;
  return `${intro.intro_recipient_first ?? ''} ${intro.intro_recipient_last ?? ''}`.trim();
}

/** For each entry, the intro named on its Intro A/P posting (the first, if several). */
async function entryIntroNames(
  db: Kysely<DB>,
  clubId: string,
  transactionIds: readonly number[],
): Promise<Map<number, IntroNames>> {
  const intros = new Map<number, IntroNames>();
  if (transactionIds.length === 0) return intros;
  for (const row of await entryIntros(db, clubId, [...new Set(transactionIds)])) {
    if (!intros.has(row.transaction_id)) intros.set(row.transaction_id, row);
  }
  return intros;
}

async function breakdown(
  db: Kysely<DB>,
  ctx: MemberContext,
  view: Exclude<BalanceView, 'AccountingSummary'>,
  query: BalancesQuery,
  range: { startMs: number; endMs: number },
): Promise<Breakdown> {
  const account = VIEW_ACCOUNT[view];
  const rows = await postingsInRange(db, ctx.club.id, range, {
    account,
    ...(view === 'TaxTransactions' && query.taxType ? { taxName: query.taxType } : {}),
    ...(view === 'DepositTransactions' && query.transferType ? { transferType: query.transferType } : {}),
    ...(view === 'MemberTransactions' && query.userID ? { memberId: query.userID } : {}),
    ...(view === 'OtherRevenue' ? { feeClass: feeClassFilter(query.feeClass, ctx.club.fee_list) } : {}),
  });
  const owners = await entryOwners(
    db,
    ctx.club.id,
    rows.filter((row) => row.member_id === null && row.intro_id === null).map((row) => row.transaction_id),
  );
  // A revenue, cash or tax leg of an intro's entry names no intro itself: the entry's Intro A/P leg says which.
  const intros = await entryIntroNames(
    db,
    ctx.club.id,
    rows.filter((row) => row.member_id === null && row.intro_id === null).map((row) => row.transaction_id),
  );
  return {
    rows: rows.map((row): BreakdownRow => {
      const party = postingParty(row);
      const intro: IntroNames = row.intro_id !== null ? row : (intros.get(row.transaction_id) ?? row);
      // A cash, tax or revenue leg names no one itself: the entry's Members A/P leg says whose money it was.
      const owner = party.userId === '' ? owners.get(row.transaction_id) : undefined;
      return {
        transactionId: row.transaction_id,
        timestamp: row.effective_at.getTime(),
        account: row.account,
        userId: owner ? owner.userId : party.userId,
        member: owner ? owner.member : row.member_id !== null ? party.user : '',
        description: row.description || row.transaction_type,
        note: row.note,
        ref: row.reference,
        method: row.transfer_type ?? '',
        fee: row.fee_class ?? '',
        taxName: row.tax_name ?? '',
        SN: intro.intro_sn ?? '',
        soldTo: intro.intro_sn ? introSoldTo(intro) : '',
        amountCents: natural(row.account, row.amount_cents),
      };
    }),
    feeList: ctx.club.fee_list,
  };
}

/**
 * GET /api/get-balances: the accounting summary, or one of its drill-downs,
 * over whole club days (admin). MemberTransactions for a userID with no pilot
 * record in the club answers 404, like the other per-member reads.
 */
export async function getBalances(
  db: Kysely<DB>,
  ctx: MemberContext,
  query: BalancesQuery,
): Promise<AccountingSummary | Breakdown> {
  // As every per-member read: a member named must have a pilot record in the club.
  if (query.balance === 'MemberTransactions' && query.userID && !(await findPilot(db, ctx.club.id, query.userID))) {
    throw notFound('No such member at this club');
  }
  const range = clubDayRange(query.startDate, query.endDate, ctx.club.time_zone);
  if (query.balance === 'AccountingSummary') return accountingSummary(db, ctx, query, range.startMs, range.endMs);
  return breakdown(db, ctx, query.balance, query, range);
}

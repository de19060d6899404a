import type { Kysely, Transaction } from 'kysely';
import type { TransactionPosted } from '@flightline/domain/api/types';
import {
  ADJUSTMENTS,
  CHART_OF_ACCOUNTS,
  adjustmentPostings,
  blockPurchasePostings,
  depositPostings,
  expensePostings,
  type AdjustmentName,
  type ExpenseCode,
  type PostingLine,
} from '@flightline/domain/money/ledger';
import { formatMoney } from '@flightline/domain/money/money';
import {
  EXPENSE_CODE_TEXT,
  type AddTransaction,
  type adjustmentSchema,
  type blockPurchaseSchema,
  type depositSchema,
  type expenseSchema,
} from '@flightline/domain/schemas/ledger';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { assertSameClub, hasRight, type MemberContext } from '../../http/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { lockClub, type ClubRecord } from '../clubs/repo.ts';
import { findBlockRule } from '../fleet/repo.ts';
import { lockMember } from '../members/repo.ts';
import { owedCents } from './adjustment-repo.ts';
import { adjustmentDescription, blockDescription, depositDescription, expenseDescription } from './descriptions.ts';
import { assertAfterLockDate, CLUB_FOR_POSTING, postOnce } from './journal.ts';
import { insertEntry, insertMemberBlock, taxNameWasPosted } from './posting-repo.ts';
import { isSameRequest } from './same-request.ts';

type Deposit = z.infer<typeof depositSchema>;
type Expense = z.infer<typeof expenseSchema>;
type BlockPurchase = z.infer<typeof blockPurchaseSchema>;
type Adjustment = z.infer<typeof adjustmentSchema>;
type Club = Pick<ClubRecord, (typeof CLUB_FOR_POSTING)[number]>;

/** An entry's effective time may be back-dated (down to the lock date) but not more than this far ahead. */
const MAX_AHEAD_MS = 366 * 24 * 60 * 60 * 1000;

/** The name each kind is stored under (ledger_transaction.transaction_type). */
const STORED_TYPE: Record<AddTransaction['transactionType'], string> = {
  Deposit: 'Deposit',
  Expense: 'Expense',
  Block: 'Block',
  BankPayment: 'Bank Payment',
  WriteDown: 'Write Down',
};

const ADJUSTMENT_NAME: Record<Adjustment['transactionType'], AdjustmentName> = {
  BankPayment: 'Bank Payment',
  WriteDown: 'Write Down',
};

const isAdjustment = (input: AddTransaction): input is Adjustment =>
  input.transactionType === 'BankPayment' || input.transactionType === 'WriteDown';

/** Deposits, expenses and blocks: admins and add-funds holders. Adjustments: admins. */
function assertMayPost(ctx: MemberContext, input: AddTransaction): void {
  if (isAdjustment(input)) {
    if (!hasRight(ctx, 'admin')) throw forbidden('Only an admin can post accounting adjustments');
  } else if (!hasRight(ctx, 'canAddFunds')) {
    throw forbidden('Adding funds, expenses or blocks needs an admin or the Can Add User Funds right');
  }
}

/** A name from a club list, matched regardless of case, as the club spells it. */
function fromClubList(list: readonly string[], name: string): string | undefined {
  const wanted = name.trim().toLowerCase();
  return list.find((item) => item.toLowerCase() === wanted);
}

/** The tax names that apply, each known to the club, once each; none when exempt. */
function applicableTaxes(club: Club, status: 'exempt' | 'inclusive' | 'exclusive', names: readonly string[]): string[] {
  if (status === 'exempt') return [];
  const unique = [...new Set(names)];
  const unknown = unique.find((name) => club.tax_rates[name] === undefined);
  if (unknown !== undefined) throw badRequest(`Unknown tax ${unknown}`);
  return unique;
}

async function assertMember(trx: Transaction<DB>, clubId: string, userId: string): Promise<void> {
  if (!(await lockMember(trx, clubId, userId))) throw notFound('No such member at this club');
}

interface Posting {
  effectiveMs: number;
  note: string;
  idempotencyKey: string | undefined;
}

function newEntry(
  ctx: MemberContext,
  posting: Posting,
  values: { transactionType: string; description: string; reference?: string; lines: PostingLine[] },
) {
  return {
    clubId: ctx.club.id,
    effectiveAt: new Date(posting.effectiveMs),
    enteredAt: new Date(ctx.now),
    enteredBy: ctx.user.id,
    transactionType: values.transactionType,
    description: values.description,
    note: posting.note,
    reference: values.reference ?? '',
    idempotencyKey: posting.idempotencyKey ?? null,
    reversesId: null,
    lines: values.lines,
  };
}

/** Deposit: Dr 1000 [transfer type] / Cr 2100 [member]; the transfer type is one of the club's payment methods. */
async function postDeposit(
  trx: Transaction<DB>,
  ctx: MemberContext,
  club: Club,
  input: Deposit,
  posting: Posting,
): Promise<number> {
  await assertMember(trx, club.id, input.pilot);
  const transferType = fromClubList(club.payment_methods, input.transferType);
  if (transferType === undefined) {
    throw badRequest(
      `Unknown payment method ${input.transferType}: use one of ` +
        `${club.payment_methods.join(', ') || "the club's payment methods (none are set)"}`,
    );
  }
  const lines = depositPostings({ memberId: input.pilot, amountCents: input.amountCents, transferType });
  const description = depositDescription(input.amountCents, transferType, input.transactionRef);
  return insertEntry(
    trx,
    newEntry(ctx, posting, { transactionType: 'Deposit', description, reference: input.transactionRef, lines }),
  );
}

/** Expense: Dr 2100 [member] total / Cr 4900 [fee class] or the expense account, net / Cr 2510 [tax] tax. */
async function postExpense(
  trx: Transaction<DB>,
  ctx: MemberContext,
  club: Club,
  input: Expense,
  posting: Posting,
): Promise<number> {
  await assertMember(trx, club.id, input.pilot);
  let category: { feeClass: string } | { expenseCode: ExpenseCode };
  let name: string;
  if (EXPENSE_CODE_TEXT.includes(input.feeType)) {
    const code = Number(input.feeType) as ExpenseCode;
    category = { expenseCode: code };
    name = CHART_OF_ACCOUNTS[code];
  } else {
    const feeClass = fromClubList(club.fee_list, input.feeType);
    if (feeClass === undefined) throw badRequest(`Unknown fee class ${input.feeType}`);
    category = { feeClass };
    name = feeClass;
  }
  const taxNames = applicableTaxes(club, input.taxStatus, input.taxRates);
  const lines = expensePostings({
    memberId: input.pilot,
    amountCents: input.amountCents,
    category,
    taxStatus: input.taxStatus,
    taxNames,
    rates: club.tax_rates,
  });
  return insertEntry(
    trx,
    newEntry(ctx, posting, { transactionType: 'Expense', description: expenseDescription(name), lines }),
  );
}

/**
 * Block purchase: Dr 2100 [member] price / Cr 4200 net / Cr 2510 tax, taxed as
 * the block rule says, and the member's block (the rule's name, units and
 * amount, the body's season) linked to the entry — one database transaction.
 */
async function postBlock(
  trx: Transaction<DB>,
  ctx: MemberContext,
  club: Club,
  input: BlockPurchase,
  posting: Posting,
): Promise<number> {
  await assertMember(trx, club.id, input.pilot);
  const rule = await findBlockRule(trx, club.id, input.block.id);
  if (!rule) throw notFound(`No block ${input.block.id} at this club`);
  if (!rule.is_active)
    throw conflict(`The block ${rule.name} is not active: activate it in Administration, or choose another`);
  let priceCents = rule.price_cents;
  if (input.block.override) {
    if (input.amountCents === undefined) throw badRequest('Enter the amount to charge when overriding the block price');
    priceCents = input.amountCents;
  }
  if (priceCents <= 0)
    throw badRequest(
      `The block ${rule.name} has no price: set its price in Administration, or override it with an amount`,
    );
  const unknownTax =
    rule.tax_status === 'exempt' ? undefined : rule.tax_names.find((name) => club.tax_rates[name] === undefined);
  if (unknownTax !== undefined) {
    throw conflict(
      `The block ${rule.name} is taxed with ${unknownTax}, which the club no longer has: update the block's taxes`,
    );
  }
  const lines = blockPurchasePostings({
    memberId: input.pilot,
    priceCents,
    taxStatus: rule.tax_status,
    taxNames: rule.tax_names,
    rates: club.tax_rates,
  });
  const id = await insertEntry(
    trx,
    newEntry(ctx, posting, { transactionType: 'Block', description: blockDescription(rule.name), lines }),
  );
  await insertMemberBlock(trx, {
    clubId: club.id,
    memberId: input.pilot,
    ruleId: rule.id,
    name: rule.name,
    units: rule.units,
    amount: rule.amount,
    startsOn: input.block.startDate,
    endsOn: input.block.endDate,
    transactionId: id,
    createdAt: new Date(ctx.now),
  });
  return id;
}

/**
 * Accounting admin adjustments. Bank Payment (tax remitted): Dr 2510 [tax] /
 * Cr 1000 — of a tax the club has, or had and posted. Write Down: Dr 2120 /
 * Cr 4300 for Intro A/P as a whole (no intro named). The schema pairs each
 * with its account (2510, 2120). Both pay out or write down what the account
 * owes, so never more than it holds (of that tax): the club row is locked
 * for update (see addTransaction), so what it holds can't change meanwhile.
 */
async function postAdjustment(
  trx: Transaction<DB>,
  ctx: MemberContext,
  club: Club,
  input: Adjustment,
  posting: Posting,
): Promise<number> {
  const adjustment = ADJUSTMENT_NAME[input.transactionType];
  const { account } = ADJUSTMENTS[adjustment];
  let taxName: string | undefined;
  if (adjustment === 'Bank Payment') {
    taxName = input.taxType!;
    if (club.tax_rates[taxName] === undefined && !(await taxNameWasPosted(trx, club.id, taxName))) {
      throw badRequest(`Unknown tax type ${taxName}`);
    }
  }
  const owed = await owedCents(trx, club.id, account, taxName);
  if (input.amountCents > owed) {
    const held =
      `${formatMoney(Math.max(0, owed))} ${CHART_OF_ACCOUNTS[account]} ` +
      `holds${taxName === undefined ? '' : ` for ${taxName}`}`;
    throw conflict(`The ${adjustment.toLowerCase()} of ${formatMoney(input.amountCents)} is more than the ${held}`);
  }
  const lines = adjustmentPostings({ adjustment, amountCents: input.amountCents, taxName });
  return insertEntry(
    trx,
    newEntry(ctx, posting, {
      transactionType: adjustment,
      description: adjustmentDescription(adjustment, taxName),
      lines,
    }),
  );
}

/**
 * POST /api/add-transaction/: a deposit, expense or block for a member, or an
 * adjustment. Effective at `time` (default now), after the lock date; the
 * same request twice with one idempotency key posts once and answers the
 * same, another request with a used key is refused.
 */
export async function addTransaction(
  db: Kysely<DB>,
  ctx: MemberContext,
  input: AddTransaction,
): Promise<TransactionPosted> {
  assertSameClub(ctx, input.club);
  assertMayPost(ctx, input);
  const effectiveMs = input.time ?? ctx.now;
  if (effectiveMs > ctx.now + MAX_AHEAD_MS) throw badRequest('The time is more than a year ahead: check the date');
  const posting: Posting = { effectiveMs, note: input.note, idempotencyKey: input.idempotencyKey };
  const expected = {
    transactionType: STORED_TYPE[input.transactionType],
    isSameRequest: (reader: Kysely<DB>, clubId: string, id: number) => isSameRequest(reader, clubId, id, input),
  };
  return postOnce(db, ctx, input.idempotencyKey, expected, async (trx) => {
    // An adjustment is checked against what its account holds: it takes the club row for no-key update, not shared.
    const club = await lockClub(trx, ctx.club.id, isAdjustment(input) ? 'noKeyUpdate' : 'share', CLUB_FOR_POSTING);
    assertAfterLockDate(club, effectiveMs);
    switch (input.transactionType) {
      case 'Deposit':
        return { id: await postDeposit(trx, ctx, club, input, posting) };
      case 'Expense':
        return { id: await postExpense(trx, ctx, club, input, posting) };
      case 'Block':
        return { id: await postBlock(trx, ctx, club, input, posting) };
      default:
        return { id: await postAdjustment(trx, ctx, club, input, posting) };
    }
  });
}

import type { Kysely } from 'kysely';
import { ACCOUNT, type PostingLine } from '@flightline/domain/money/ledger';
import { EXPENSE_CODE_TEXT, type AddTransaction } from '@flightline/domain/schemas/ledger';
import type { DB } from '../../db/schema.ts';
import { findBlockRule } from '../fleet/repo.ts';
import { purchasedBlockOf, transactionPostings } from './posting-repo.ts';

const sameName = (stored: string | undefined, sent: string) =>
  stored !== undefined && stored.trim().toLowerCase() === sent.trim().toLowerCase();

/**
 * Whether a posted entry (of the request's kind) is what this add-transaction
 * request asks for, so that a retry with its idempotency key answers it: the
 * same key sent for another member, amount or category is a new request.
 * Compared on what moves the money, read back from the entry as stored (the
 * club's fee classes, taxes or block prices may have changed since): the
 * member; the amount as the request states it; the transfer type (Deposit);
 * the fee class or expense code and the taxes (Expense); the block rule and
 * season, and an overriding price (Block); the tax type (Bank Payment). Not
 * the time (a retry without one defaults to its own now), note or reference.
 */
export async function isSameRequest(
  db: Kysely<DB>,
  clubId: string,
  transactionId: number,
  input: AddTransaction,
): Promise<boolean> {
  const lines = await transactionPostings(db, clubId, transactionId);
  const on = (account: number) => lines.filter((line) => line.account === account);
  const member = on(ACCOUNT.membersPayable);
  /** The member's one Members A/P posting, when the entry is theirs. */
  const memberLine = (pilot: string): PostingLine | undefined =>
    member.length === 1 && member[0]!.memberId === pilot ? member[0] : undefined;
  switch (input.transactionType) {
    case 'Deposit': {
      const cash = on(ACCOUNT.cash)[0];
      return (
        memberLine(input.pilot) !== undefined &&
        cash?.amountCents === input.amountCents &&
        sameName(cash.transferType, input.transferType)
      );
    }
    case 'Expense': {
      const charge = memberLine(input.pilot);
      const credit = lines.find(
        (line) => line.account !== ACCOUNT.membersPayable && line.account !== ACCOUNT.salesTaxPayable,
      );
      if (charge === undefined || credit === undefined) return false;
      const sameCategory = EXPENSE_CODE_TEXT.includes(input.feeType)
        ? credit.account === Number(input.feeType)
        : credit.account === ACCOUNT.otherRevenue && sameName(credit.feeClass, input.feeType);
      // Exclusive: the amount sent is the net, taxes on top; otherwise it is the member's total.
      const amountCents = input.taxStatus === 'exclusive' ? -credit.amountCents : charge.amountCents;
      const taxesSent = input.taxStatus === 'exempt' ? [] : input.taxRates;
      const sameTaxes = on(ACCOUNT.salesTaxPayable).every(
        (tax) => tax.taxName !== undefined && taxesSent.includes(tax.taxName),
      );
      return sameCategory && amountCents === input.amountCents && sameTaxes;
    }
    case 'Block': {
      const charge = memberLine(input.pilot);
      const block = await purchasedBlockOf(db, clubId, transactionId);
      if (charge === undefined || block === undefined) return false;
      const sameBlock =
        block.block_rule_id === input.block.id &&
        block.starts_on === input.block.startDate &&
        block.ends_on === input.block.endDate;
      // Without override the price is the rule's, as it was then. An overriding price is taxed as the rule is: on top
      // when exclusive.
      if (!sameBlock || !input.block.override) return sameBlock;
      const rule = await findBlockRule(db, clubId, input.block.id);
      const net = lines.find((line) => line.account === ACCOUNT.rentalRevenue);
      return (rule?.tax_status === 'exclusive' ? -(net?.amountCents ?? 0) : charge.amountCents) === input.amountCents;
    }
    case 'BankPayment': {
      const tax = on(ACCOUNT.salesTaxPayable)[0];
      return tax?.amountCents === input.amountCents && tax.taxName === input.taxType;
    }
    case 'WriteDown':
      return on(ACCOUNT.introsPayable)[0]?.amountCents === input.amountCents;
  }
}

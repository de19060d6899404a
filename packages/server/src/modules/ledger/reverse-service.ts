import type { Kysely } from 'kysely';
import type { TransactionPosted } from '@flightline/domain/api/types';
import { reversalPostings } from '@flightline/domain/money/ledger';
import { formatMoney } from '@flightline/domain/money/money';
import type { z } from 'zod';
import type { reverseTransactionSchema } from '@flightline/domain/schemas/ledger';
import type { DB } from '../../db/schema.ts';
import type { MemberContext } from '../../http/context.ts';
import { alreadyReversedMessage } from '../../http/database-errors.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { lockClub } from '../clubs/repo.ts';
import { lockMember } from '../members/repo.ts';
import { reversalDescription } from './descriptions.ts';
import { assertAfterLockDate, CLUB_FOR_POSTING, postOnce } from './journal.ts';
import {
  findReversalOf,
  findTransaction,
  insertBlockVoid,
  insertEntry,
  lockBlockOfPurchase,
  transactionPostings,
} from './posting-repo.ts';

type ReverseInput = z.infer<typeof reverseTransactionSchema>;

/**
 * The entries this module posts, and so corrects. A flight's charges or an
 * intro's entries are corrected where they were made (undo, log edit, refund,
 * cancel), which keeps the flight or intro in step with its money.
 */
const REVERSIBLE = new Set(['Deposit', 'Expense', 'Block', 'Bank Payment', 'Write Down']);

const alreadyReversed = (id: number) => conflict(alreadyReversedMessage(id));

function usedText(units: 'unlimited' | '$' | 'minutes', used: number): string {
  return units === '$' ? formatMoney(used) : `${used} minutes`;
}

/**
 * POST /api/reverse-transaction/ (admin): post the exact opposite of an entry,
 * now, linked to it (reverses_id, once only). Reversing a block purchase
 * voids its block, unless flights have drawn on it.
 */
export async function reverseTransaction(
  db: Kysely<DB>,
  ctx: MemberContext,
  input: ReverseInput,
): Promise<TransactionPosted> {
  const originalId = input.id;
  // Two reversals of one entry racing: unique (reverses_id) lets one through, the other answers 409
  // (http/database-errors.ts).
  return postOnce(
    db,
    ctx,
    input.idempotencyKey,
    { transactionType: 'Reversal', reversesId: originalId },
    async (trx) => {
      const club = await lockClub(trx, ctx.club.id, 'share', CLUB_FOR_POSTING);
      const original = await findTransaction(trx, club.id, originalId);
      if (!original) throw notFound(`No transaction #${originalId} at this club`);
      if (original.reverses_id !== null) {
        throw conflict(
          `Transaction #${originalId} is itself the reversal of #${original.reverses_id}: post the entry again instead`,
        );
      }
      if (!REVERSIBLE.has(original.transaction_type)) {
        throw conflict(
          `Transaction #${originalId} (${original.transaction_type}) is corrected where it was made, not reversed here`,
        );
      }
      if (await findReversalOf(trx, club.id, originalId)) throw alreadyReversed(originalId);
      assertAfterLockDate(club, ctx.now);
      const lines = await transactionPostings(trx, club.id, originalId);
      const memberId = lines.find((line) => line.memberId !== undefined)?.memberId;
      if (memberId !== undefined) await lockMember(trx, club.id, memberId);
      const block =
        original.transaction_type === 'Block' ? await lockBlockOfPurchase(trx, club.id, originalId) : undefined;
      if (block && block.used !== 0) {
        throw conflict(
          `The block ${block.name} bought in transaction #${originalId} has ` +
            `been used (${usedText(block.units, block.used)}): ` +
            `correct those flights first`,
        );
      }
      const id = await insertEntry(trx, {
        clubId: club.id,
        effectiveAt: new Date(ctx.now),
        enteredAt: new Date(ctx.now),
        enteredBy: ctx.user.id,
        transactionType: 'Reversal',
        description: reversalDescription(originalId),
        note: input.note,
        reference: original.reference,
        idempotencyKey: input.idempotencyKey ?? null,
        reversesId: originalId,
        lines: reversalPostings(lines),
      });
      if (block) await insertBlockVoid(trx, block.id, id, new Date(ctx.now));
      return { id };
    },
  );
}

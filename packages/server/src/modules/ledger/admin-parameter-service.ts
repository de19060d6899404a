import type { Kysely } from 'kysely';
import type { AdminParameterResult } from '@flightline/domain/api/types';
import { clubToday } from '@flightline/domain/time/club-time';
import { EXPENSE_CODE_TEXT, type AdminParameter } from '@flightline/domain/schemas/ledger';
import type { DB } from '../../db/schema.ts';
import type { MemberContext } from '../../http/context.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { lockClub, setFeeList, setIntroStaleDays, setLockDate } from '../clubs/repo.ts';

/** The accounting settings of a club, read with its row locked for a change decided on what they are now. */
const ACCOUNTING_SETTINGS = ['id', 'time_zone', 'lock_date', 'fee_list', 'intro_stale_days'] as const;

/** A bound on the fee-class list (it is a list box on Accounting admin). */
export const MAX_FEE_CLASSES = 100;

/** The Other Revenue Category filter's first entry: it filters nothing, so it can't also be a class. */
const ANY_CATEGORY = 'any';

/** Fee class names compare trimmed and regardless of case, as add-transaction matches them. */
const feeKey = (name: string) => name.trim().toLowerCase();

/**
 * Names a fee class can't have: an expense code (add-transaction reads the
 * fee type as the code first, so the class could never be charged) and "Any".
 */
function assertFeeClassName(name: string): void {
  const key = feeKey(name);
  if (EXPENSE_CODE_TEXT.includes(key))
    throw badRequest(`"${name.trim()}" is an expense code: choose another fee class name`);
  if (key === ANY_CATEGORY) throw badRequest(`"${name.trim()}" is reserved for the Category filter`);
}

/**
 * POST /api/update-admin-parameter/ (admin), Accounting admin's settings:
 * - lockDate: moves only forward, and stays before today in the club's zone
 *   (today's entries are still being made); from then on nothing is posted
 *   on or before it (the database refuses too).
 * - clubFees: add a fee class (unique regardless of case; not an expense
 *   code nor "Any") or remove one; entries already posted under a removed
 *   class keep it.
 * - introStalePeriod: the default days before a new intro expires.
 */
export async function updateAdminParameter(
  db: Kysely<DB>,
  ctx: MemberContext,
  input: AdminParameter,
): Promise<AdminParameterResult> {
  return db.transaction().execute(async (trx): Promise<AdminParameterResult> => {
    const club = await lockClub(trx, ctx.club.id, 'update', ACCOUNTING_SETTINGS);
    switch (input.parameter) {
      case 'lockDate': {
        if (club.lock_date !== null && input.lockDate <= club.lock_date) {
          throw conflict('The new lock date must be after the current lock date', { lockDate: club.lock_date });
        }
        if (input.lockDate >= clubToday(club.time_zone, ctx.now)) throw conflict('The lock date must be before today');
        await setLockDate(trx, club.id, input.lockDate, club.time_zone);
        return { status: 'ok', lockDate: input.lockDate };
      }
      case 'clubFees': {
        const wanted = feeKey(input.feeName);
        const index = club.fee_list.findIndex((name) => feeKey(name) === wanted);
        let feeList: string[];
        if (input.action === 'add') {
          assertFeeClassName(input.feeName);
          if (index >= 0) throw conflict(`The fee class ${club.fee_list[index]} already exists`);
          if (club.fee_list.length >= MAX_FEE_CLASSES)
            throw conflict(`A club can have at most ${MAX_FEE_CLASSES} fee classes: remove one first`);
          feeList = [...club.fee_list, input.feeName.trim()];
        } else {
          if (index < 0) throw notFound(`No fee class ${input.feeName}`);
          feeList = club.fee_list.filter((_, i) => i !== index);
        }
        await setFeeList(trx, club.id, feeList);
        return { status: 'ok', feeList };
      }
      case 'introStalePeriod':
        await setIntroStaleDays(trx, club.id, input.period);
        return { status: 'ok', period: input.period };
    }
  });
}

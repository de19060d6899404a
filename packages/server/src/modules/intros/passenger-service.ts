import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { onlyDefined } from '../only-defined.ts';
import { updateIntro, type IntroRow } from './repo.ts';

/**
 * The crew page's Edit Passenger for Intro: the recipient's names as the
 * passenger gives them at the field. The caller has locked the intro and
 * decided that this caller may rename it.
 */
export async function renameIntroPassenger(
  trx: Transaction<DB>,
  intro: IntroRow,
  change: { recipientFirst?: string | undefined; recipientLast?: string | undefined },
): Promise<IntroRow> {
  const values = onlyDefined({ recipient_first: change.recipientFirst, recipient_last: change.recipientLast });
  if (Object.keys(values).length === 0) return intro;
  return updateIntro(trx, intro.club_id, intro.id, values);
}

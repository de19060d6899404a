import type { Kysely } from 'kysely';
import { flarmIdSchema } from '@flightline/domain/ogn/settings';
import type { DB } from '../../db/schema.ts';
import { databaseAnswer, flarmIdTakenMessage, isFlarmIdTaken, type FlarmIdHolder } from '../../http/database-errors.ts';
import { conflict } from '../../http/errors.ts';
import type { Trx } from './item-save.ts';
import { listItems } from './repo.ts';

/**
 * A FLARM ID names one aircraft of the club: a glider and a tug never share one (docs/ogn.md "Settings").
 * The partial unique indexes of 0024 keep it within each table.
 */
export async function checkFlarmId(
  trx: Trx,
  clubId: string,
  itemId: string,
  flarmId: string | undefined,
): Promise<void> {
  if (!flarmId) return;
  const holder = await flarmIdHolder(trx, clubId, itemId, flarmId);
  if (holder) throw conflict(flarmIdTakenMessage(flarmId, holder));
}

async function flarmIdHolder(
  db: Kysely<DB> | Trx,
  clubId: string,
  itemId: string,
  flarmId: string,
): Promise<FlarmIdHolder | undefined> {
  for (const kind of ['glider', 'tug'] as const) {
    const holder = (await listItems(db, kind, clubId)).find((item) => item.flarm_id === flarmId && item.id !== itemId);
    if (holder) return { kind, id: holder.id };
  }
  return undefined;
}

/**
 * A save that lost a race for its FLARM ID (two saves at once, neither check
 * seeing the other's): the unique index refused it, and the answer names the
 * winner, read now that it has committed — the check's own 409.
 */
export async function raceForFlarmId<T>(
  db: Kysely<DB>,
  clubId: string,
  itemId: string,
  data: unknown,
  save: () => Promise<T>,
): Promise<T> {
  try {
    return await save();
  } catch (error) {
    const sent = flarmIdSchema.safeParse(
      typeof data === 'object' && data !== null ? (data as { flarmId?: unknown }).flarmId : undefined,
    );
    if (!isFlarmIdTaken(error) || !sent.success || !sent.data) throw error;
    throw (
      databaseAnswer(error, {
        name: 'flarm-id',
        flarmId: sent.data,
        holder: await flarmIdHolder(db, clubId, itemId, sent.data),
      }) ?? error
    );
  }
}

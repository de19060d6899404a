import type { Kysely } from 'kysely';
import type { TugItem, UpdateItemResult } from '@flightline/domain/api/types';
import { TUG_DEFAULTS, tugFieldsSchema, tugUpdateSchema, type TugFields } from '@flightline/domain/schemas/fleet';
import type { DB } from '../../db/schema.ts';
import type { MemberContext } from '../../http/context.ts';
import { onlyDefined } from '../only-defined.ts';
import { checkFlarmId, raceForFlarmId } from './flarm-id.ts';
import { byId, clubItem, parseData, registrationIdSchema, requireAdmin, saveItem } from './item-save.ts';
import { insertItem, listItems, updateItem, type TugRow } from './repo.ts';

/** The club's tugs (docs/clubs-and-members.md "Items"): their shape, list and save. */

export function tugItem(row: TugRow): TugItem {
  return {
    id: row.id,
    aircraftType: row.aircraft_type,
    places: row.places,
    status: row.status,
    flarmId: row.flarm_id ?? '',
  };
}

export async function listTugItems(db: Kysely<DB>, clubId: string): Promise<TugItem[]> {
  return (await listItems(db, 'tug', clubId)).map(tugItem).sort(byId);
}

function tugColumns(fields: Partial<TugFields>) {
  return onlyDefined({
    aircraft_type: fields.aircraftType,
    places: fields.places,
    status: fields.status,
    flarm_id: fields.flarmId === undefined ? undefined : fields.flarmId || null,
  });
}

/** update-item TUG (admin): a tug's type, seats and status (Ready or Not ready). */
export async function saveTug(
  db: Kysely<DB>,
  ctx: MemberContext,
  input: { id: string; data: unknown },
): Promise<UpdateItemResult<TugItem>> {
  requireAdmin(ctx, 'tugs');
  const { id } = parseData(registrationIdSchema, { id: input.id }, 'tug');
  return raceForFlarmId(db, ctx.club.id, id, input.data, () =>
    saveItem(db, ctx, id, {
      table: 'tug',
      what: 'Tug',
      item: tugItem,
      async create(trx, club) {
        const data = parseData(tugFieldsSchema.partial(), input.data, 'tug');
        await checkFlarmId(trx, club.id, id, data.flarmId);
        return insertItem(trx, 'tug', { club_id: club.id, id, ...tugColumns({ ...TUG_DEFAULTS, ...data }) });
      },
      async change(trx, club) {
        const change = parseData(tugUpdateSchema, input.data, 'tug');
        await checkFlarmId(trx, club.id, id, change.flarmId);
        return updateItem(trx, 'tug', club.id, id, tugColumns(change));
      },
    }),
  );
}

export const tugItemHandler = clubItem(saveTug);

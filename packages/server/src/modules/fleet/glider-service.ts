import type { Kysely } from 'kysely';
import type { GliderItem, UpdateItemResult } from '@flightline/domain/api/types';
import {
  GLIDER_DEFAULTS,
  GLIDER_OPERATIONAL_FIELDS,
  gliderFieldsSchema,
  gliderUpdateSchema,
  maintenanceDateProblem,
  type GliderFields,
} from '@flightline/domain/schemas/fleet';
import { clubToday } from '@flightline/domain/time/club-time';
import type { DB } from '../../db/schema.ts';
import { hasRight, type MemberContext } from '../../http/context.ts';
import { badRequest, conflict, forbidden } from '../../http/errors.ts';
import type { ClubRecord } from '../clubs/repo.ts';
import { dataKeys } from '../item-handler.ts';
import { onlyDefined } from '../only-defined.ts';
import { checkFlarmId, raceForFlarmId } from './flarm-id.ts';
import {
  byId,
  checkTaxNames,
  clubItem,
  distinct,
  parseData,
  registrationIdSchema,
  saveItem,
  type Trx,
} from './item-save.ts';
import { existingBlockRuleIds, insertItem, listItems, updateItem, type GliderRow } from './repo.ts';

/** The club's gliders (docs/clubs-and-members.md "Items"): their shape, list and save. */

export function gliderItem(row: GliderRow): GliderItem {
  return {
    id: row.id,
    places: row.places,
    weight: row.weight_kg,
    rateCentsPerMinute: row.rate_cents_per_minute,
    launchSpeed: row.launch_speed_kn,
    status: row.status,
    blocks: row.block_rule_ids,
    taxStatus: row.tax_status,
    taxRates: row.tax_names,
    aircraftType: row.aircraft_type,
    maintenanceDate: row.maintenance_date,
    flarmId: row.flarm_id ?? '',
  };
}

export async function listGliderItems(db: Kysely<DB>, clubId: string): Promise<GliderItem[]> {
  return (await listItems(db, 'glider', clubId)).map(gliderItem).sort(byId);
}

function gliderColumns(fields: Partial<GliderFields>) {
  return onlyDefined({
    places: fields.places,
    weight_kg: fields.weight,
    rate_cents_per_minute: fields.rateCentsPerMinute,
    launch_speed_kn: fields.launchSpeed,
    status: fields.status,
    block_rule_ids: fields.blocks && distinct(fields.blocks),
    tax_status: fields.taxStatus,
    tax_names: fields.taxRates && distinct(fields.taxRates),
    aircraft_type: fields.aircraftType,
    maintenance_date: fields.maintenanceDate,
    flarm_id: fields.flarmId === undefined ? undefined : fields.flarmId || null,
  });
}

async function checkGliderReferences(
  trx: Trx,
  club: ClubRecord,
  fields: Partial<GliderFields>,
  today: string,
): Promise<void> {
  if (fields.blocks) {
    const known = await existingBlockRuleIds(trx, club.id, fields.blocks);
    const unknown = fields.blocks.find((id) => !known.has(id));
    if (unknown !== undefined) throw badRequest(`Unknown block rule ${unknown}`);
  }
  checkTaxNames(club, fields.taxRates);
  // A maintenance date marks work already done: a day after the club's today is a typing slip.
  const problem = fields.maintenanceDate === undefined ? null : maintenanceDateProblem(fields.maintenanceDate, today);
  if (problem) throw badRequest(problem);
}

/**
 * update-item GLIDER. Admins and holders of Can Update Gliders create
 * gliders with any fields; afterwards only an admin changes details other
 * than the operational ones (status, maintenance date). Flying is set by the
 * flight line only, and a flying glider's status waits for its landing.
 */
export async function saveGlider(
  db: Kysely<DB>,
  ctx: MemberContext,
  input: { id: string; data: unknown },
): Promise<UpdateItemResult<GliderItem>> {
  if (!hasRight(ctx, 'canUpdateGliders'))
    throw forbidden('Only an admin or a member who can update gliders can create or change gliders');
  const { id } = parseData(registrationIdSchema, { id: input.id }, 'glider');
  const today = clubToday(ctx.club.time_zone, ctx.now);
  return raceForFlarmId(db, ctx.club.id, id, input.data, () =>
    saveItem(db, ctx, id, {
      table: 'glider',
      what: 'Glider',
      item: gliderItem,
      async create(trx, club) {
        const data = parseData(gliderFieldsSchema.partial(), input.data, 'glider');
        const fields: GliderFields = { ...GLIDER_DEFAULTS, blocks: [], taxRates: [], ...data };
        await checkGliderReferences(trx, club, fields, today);
        await checkFlarmId(trx, club.id, id, fields.flarmId);
        return insertItem(trx, 'glider', { club_id: club.id, id, ...gliderColumns(fields) });
      },
      async change(trx, club, existing) {
        if (
          !hasRight(ctx, 'admin') &&
          dataKeys(input.data).some((key) => !(GLIDER_OPERATIONAL_FIELDS as readonly string[]).includes(key))
        ) {
          throw forbidden('Only an admin can change glider details other than status and maintenance date');
        }
        const change = parseData(gliderUpdateSchema, input.data, 'glider');
        if (change.status !== undefined && existing.status === 'Flying') {
          throw conflict('The glider is flying; it becomes Ready when it lands');
        }
        await checkGliderReferences(trx, club, change, today);
        await checkFlarmId(trx, club.id, id, change.flarmId);
        return updateItem(trx, 'glider', club.id, id, gliderColumns(change));
      },
    }),
  );
}

export const gliderItemHandler = clubItem(saveGlider);

import type { Kysely } from 'kysely';
import type { LaunchItem, UpdateItemResult } from '@flightline/domain/api/types';
import {
  LAUNCH_DEFAULTS,
  launchFieldsSchema,
  launchProblem,
  launchUpdateSchema,
  type LaunchFields,
} from '@flightline/domain/schemas/fleet';
import type { DB } from '../../db/schema.ts';
import type { MemberContext } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import type { ClubRecord } from '../clubs/repo.ts';
import { onlyDefined } from '../only-defined.ts';
import {
  byId,
  checkTaxNames,
  clubItem,
  distinct,
  launchIdSchema,
  parseData,
  requireAdmin,
  saveItem,
} from './item-save.ts';
import { insertItem, listItems, updateItem, type LaunchTypeRow } from './repo.ts';

/** The club's launch types (docs/clubs-and-members.md "Items"): their shape, list and save. */

export function launchItem(row: LaunchTypeRow): LaunchItem {
  return {
    id: row.id,
    kind: row.kind,
    priceCents: row.price_cents,
    height: row.height,
    heightRanges: row.height_ranges.map((range) => ({
      start: range.start,
      end: range.end,
      per: range.per,
      costCents: range.costCents,
    })),
    taxStatus: row.tax_status,
    taxRates: row.tax_names,
    isActive: row.is_active,
  };
}

export async function listLaunchItems(
  db: Kysely<DB>,
  clubId: string,
  options: { includeInactive: boolean },
): Promise<LaunchItem[]> {
  return (await listItems(db, 'launch_type', clubId, options)).map(launchItem).sort(byId);
}

function launchFields(row: LaunchTypeRow): LaunchFields {
  const { id: _id, ...fields } = launchItem(row);
  return fields;
}

function launchColumns(fields: Partial<LaunchFields>) {
  return onlyDefined({
    kind: fields.kind,
    price_cents: fields.priceCents,
    height: fields.height,
    height_ranges: fields.heightRanges && JSON.stringify(fields.heightRanges),
    tax_status: fields.taxStatus,
    tax_names: fields.taxRates && distinct(fields.taxRates),
    is_active: fields.isActive,
  });
}

/**
 * The launch as it will be stored must make sense as a whole, in the club's height unit (the browser runs the same
 * check).
 */
function checkLaunch(club: ClubRecord, launch: LaunchFields): void {
  const problem = launchProblem(launch, club.height_unit);
  if (problem) throw badRequest(problem);
  checkTaxNames(club, launch.taxRates);
}

/** update-item LAUNCH (admin): a fixed (known height) or variable (priced height ranges) launch type. */
export async function saveLaunch(
  db: Kysely<DB>,
  ctx: MemberContext,
  input: { id: string; data: unknown },
): Promise<UpdateItemResult<LaunchItem>> {
  requireAdmin(ctx, 'launch types');
  const { id } = parseData(launchIdSchema, { id: input.id }, 'launch');
  return saveItem(db, ctx, id, {
    table: 'launch_type',
    what: 'Launch',
    item: launchItem,
    async create(trx, club) {
      const data = parseData(launchFieldsSchema.partial(), input.data, 'launch');
      const fields: LaunchFields = { ...LAUNCH_DEFAULTS, heightRanges: [], taxRates: [], ...data };
      checkLaunch(club, fields);
      return insertItem(trx, 'launch_type', { club_id: club.id, id, kind: fields.kind, ...launchColumns(fields) });
    },
    async change(trx, club, existing) {
      const change = parseData(launchUpdateSchema, input.data, 'launch');
      checkLaunch(club, { ...launchFields(existing), ...change });
      return updateItem(trx, 'launch_type', club.id, id, launchColumns(change));
    },
  });
}

export const launchItemHandler = clubItem(saveLaunch);

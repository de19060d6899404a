import type { Kysely } from 'kysely';
import type { IntroLaunchItem, UpdateItemResult } from '@flightline/domain/api/types';
import {
  INTRO_LAUNCH_DEFAULTS,
  introLaunchCreateSchema,
  introLaunchUpdateSchema,
  type IntroLaunchFields,
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
  type Trx,
} from './item-save.ts';
import { findItem, insertItem, listItems, updateItem, type IntroLaunchRow } from './repo.ts';

/** The club's intro launch options (docs/clubs-and-members.md "Items"): their shape, list and save. */

export function introLaunchItem(row: IntroLaunchRow): IntroLaunchItem {
  return {
    id: row.id,
    launch: row.launch_type_id,
    priceCents: row.price_cents,
    taxStatus: row.tax_status,
    taxRates: row.tax_names,
    isActive: row.is_active,
  };
}

export async function listIntroLaunchItems(
  db: Kysely<DB>,
  clubId: string,
  options: { includeInactive: boolean },
): Promise<IntroLaunchItem[]> {
  return (await listItems(db, 'intro_launch', clubId, options)).map(introLaunchItem).sort(byId);
}

function introLaunchColumns(fields: Partial<IntroLaunchFields>) {
  return onlyDefined({
    launch_type_id: fields.launch,
    price_cents: fields.priceCents,
    tax_status: fields.taxStatus,
    tax_names: fields.taxRates && distinct(fields.taxRates),
    is_active: fields.isActive,
  });
}

async function checkIntroLaunchReferences(
  trx: Trx,
  club: ClubRecord,
  fields: Partial<IntroLaunchFields>,
): Promise<void> {
  if (fields.launch !== undefined && !(await findItem(trx, 'launch_type', club.id, fields.launch))) {
    throw badRequest(`Unknown launch type ${fields.launch}`);
  }
  checkTaxNames(club, fields.taxRates);
}

/** update-item INTRO_LAUNCH (admin): what an intro flight sells — a launch type of the club at a price. */
export async function saveIntroLaunch(
  db: Kysely<DB>,
  ctx: MemberContext,
  input: { id: string; data: unknown },
): Promise<UpdateItemResult<IntroLaunchItem>> {
  requireAdmin(ctx, 'intro launches');
  const { id } = parseData(launchIdSchema, { id: input.id }, 'intro launch');
  return saveItem(db, ctx, id, {
    table: 'intro_launch',
    what: 'Intro launch',
    item: introLaunchItem,
    async create(trx, club) {
      const data = parseData(introLaunchCreateSchema, input.data, 'intro launch');
      const fields: IntroLaunchFields = { ...INTRO_LAUNCH_DEFAULTS, taxRates: [], ...data };
      await checkIntroLaunchReferences(trx, club, fields);
      return insertItem(trx, 'intro_launch', {
        club_id: club.id,
        id,
        launch_type_id: fields.launch,
        price_cents: fields.priceCents,
        ...introLaunchColumns(fields),
      });
    },
    async change(trx, club) {
      const change = parseData(introLaunchUpdateSchema, input.data, 'intro launch');
      await checkIntroLaunchReferences(trx, club, change);
      return updateItem(trx, 'intro_launch', club.id, id, introLaunchColumns(change));
    },
  });
}

export const introLaunchItemHandler = clubItem(saveIntroLaunch);

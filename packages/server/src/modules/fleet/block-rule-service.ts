import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { BlockRuleItem, UpdateItemResult } from '@flightline/domain/api/types';
import {
  BLOCK_DEFAULTS,
  blockCreateSchema,
  blockUpdateSchema,
  type BlockFields,
} from '@flightline/domain/schemas/fleet';
import { compareText } from '@flightline/domain/club/text-order';
import type { DB } from '../../db/schema.ts';
import type { MemberContext } from '../../http/context.ts';
import { onlyDefined } from '../only-defined.ts';
import { checkTaxNames, clubItem, distinct, parseData, requireAdmin, saveItem } from './item-save.ts';
import { insertBlockRule, listItems, updateItem, type BlockRuleRow } from './repo.ts';

/** The club's block rules (docs/clubs-and-members.md "Items"): their shape, list and save. */

/** Block rule ids are the database's uuids as text (a glider lists them), or 'new'. */
const NEW_BLOCK_ID = 'new';
const blockIdSchema = z.object({
  id: z.string().trim().min(1, 'Block id is required').max(60, 'Block id must be at most 60 characters'),
});

export function blockRuleItem(row: BlockRuleRow): BlockRuleItem {
  return {
    id: row.id,
    name: row.name,
    units: row.units,
    amount: row.amount,
    blockPriceCents: row.price_cents,
    endsWithMembership: row.ends_with_membership,
    endsAfterDays: row.ends_after_days,
    daysCount: row.days_count,
    endsAfterFlyingDays: row.ends_after_flying_days,
    flyingDaysCount: row.flying_days_count,
    minFlightChargeCents: row.min_flight_charge_cents,
    minFlightUnits: row.min_flight_units,
    maxFlightChargeCents: row.max_flight_charge_cents,
    maxFlightUnits: row.max_flight_units,
    // numeric(6, 3): exact text from the database, at most three decimals.
    excessMultiplier: Number(row.excess_multiplier),
    taxStatus: row.tax_status,
    taxRates: row.tax_names,
    active: row.is_active,
  };
}

export async function listBlockRuleItems(
  db: Kysely<DB>,
  clubId: string,
  options: { includeInactive: boolean },
): Promise<BlockRuleItem[]> {
  return (await listItems(db, 'block_rule', clubId, options))
    .map(blockRuleItem)
    .sort((a, b) => compareText(a.name, b.name) || a.id.localeCompare(b.id));
}

function blockColumns(fields: Partial<BlockFields>) {
  return onlyDefined({
    name: fields.name,
    units: fields.units,
    amount: fields.amount,
    price_cents: fields.blockPriceCents,
    ends_with_membership: fields.endsWithMembership,
    ends_after_days: fields.endsAfterDays,
    days_count: fields.daysCount,
    ends_after_flying_days: fields.endsAfterFlyingDays,
    flying_days_count: fields.flyingDaysCount,
    min_flight_charge_cents: fields.minFlightChargeCents,
    min_flight_units: fields.minFlightUnits,
    max_flight_charge_cents: fields.maxFlightChargeCents,
    max_flight_units: fields.maxFlightUnits,
    excess_multiplier: fields.excessMultiplier,
    tax_status: fields.taxStatus,
    tax_names: fields.taxRates && distinct(fields.taxRates),
    is_active: fields.active,
  });
}

/**
 * update-item BLOCK (admin): a prepaid package rule. Rules have no natural
 * key, so an id of 'new' (or one the club does not have) creates a rule and
 * the server gives it its id, returned in the item.
 */
export async function saveBlockRule(
  db: Kysely<DB>,
  ctx: MemberContext,
  input: { id: string; data: unknown },
): Promise<UpdateItemResult<BlockRuleItem>> {
  requireAdmin(ctx, 'block rules');
  const { id } = parseData(blockIdSchema, { id: input.id }, 'block');
  return saveItem(db, ctx, id === NEW_BLOCK_ID ? undefined : id, {
    table: 'block_rule',
    what: 'Block',
    item: blockRuleItem,
    async create(trx, club) {
      const data = parseData(blockCreateSchema, input.data, 'block');
      const fields: BlockFields = { ...BLOCK_DEFAULTS, taxRates: [], ...data };
      checkTaxNames(club, fields.taxRates);
      return insertBlockRule(trx, {
        club_id: club.id,
        name: fields.name,
        units: fields.units,
        ...blockColumns(fields),
      });
    },
    async change(trx, club) {
      const change = parseData(blockUpdateSchema, input.data, 'block');
      checkTaxNames(club, change.taxRates);
      return updateItem(trx, 'block_rule', club.id, id, blockColumns(change));
    },
  });
}

export const blockItemHandler = clubItem(saveBlockRule);

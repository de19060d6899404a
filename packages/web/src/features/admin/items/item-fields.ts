import type { BlockRuleItem, GliderItem, IntroLaunchItem, LaunchItem, TugItem } from '@flightline/domain/api/types';
import type { HeightRange, HeightUnit } from '@flightline/domain/money/height-ranges';
import type {
  BlockFields,
  GliderFields,
  IntroLaunchFields,
  LaunchFields,
  Qualifications,
  TugFields,
} from '@flightline/domain/schemas/fleet';
import { byName, formatCents, formatValue, orUnlimited, type FieldSpec } from './changes.ts';
import { QUALIFICATION_LABELS } from '../members/pilots.ts';

/**
 * Each editor's draft is the item's editable fields (the shared schema's
 * shape, without the id), and its confirm-changes list names them in the
 * editor's words and order.
 */

/** A glider's draft: its status may be Flying, shown but never chosen. */
export type GliderDraft = Omit<GliderFields, 'status'> & { status: GliderItem['status'] };

export function gliderFields({ id: _id, ...fields }: GliderItem): GliderDraft {
  return { ...fields, blocks: [...fields.blocks], taxRates: [...fields.taxRates], flarmId: fields.flarmId ?? '' };
}
export function tugFields({ id: _id, ...fields }: TugItem): TugFields {
  return { ...fields, flarmId: fields.flarmId ?? '' };
}
export function launchFields({ id: _id, ...fields }: LaunchItem): LaunchFields {
  return { ...fields, heightRanges: fields.heightRanges.map((r) => ({ ...r })), taxRates: [...fields.taxRates] };
}
export function introLaunchFields({ id: _id, ...fields }: IntroLaunchItem): IntroLaunchFields {
  return { ...fields, taxRates: [...fields.taxRates] };
}
export function blockFields({ id: _id, ...fields }: BlockRuleItem): BlockFields {
  return { ...fields, taxRates: [...fields.taxRates] };
}

const capitalise = (v: unknown) =>
  typeof v === 'string' && v ? v.charAt(0).toUpperCase() + v.slice(1) : formatValue(v);

const TAX_SPECS = [
  { key: 'taxStatus', label: 'Tax status', format: capitalise },
  { key: 'taxRates', label: 'Applicable taxes' },
] as const;

export function gliderSpecs(blockNames: ReadonlyMap<string, string>): FieldSpec<GliderDraft>[] {
  return [
    { key: 'status', label: 'Status' },
    { key: 'places', label: 'Seats' },
    { key: 'weight', label: 'Weight' },
    { key: 'rateCentsPerMinute', label: 'Rate ($/minute)', format: formatCents },
    { key: 'launchSpeed', label: 'Launch speed (knots)' },
    { key: 'blocks', label: 'Glider rental rate rules', format: byName(blockNames) },
    ...TAX_SPECS,
    { key: 'aircraftType', label: 'Aircraft type' },
    { key: 'maintenanceDate', label: 'Hours since (maintenance date)', format: (v) => (v ? String(v) : 'Not set') },
    { key: 'flarmId', label: 'FLARM ID', format: (v) => (v ? String(v) : 'None') },
  ];
}

export const TUG_SPECS: FieldSpec<TugFields>[] = [
  { key: 'aircraftType', label: 'Aircraft type' },
  { key: 'places', label: 'Seats' },
  { key: 'status', label: 'Status' },
  { key: 'flarmId', label: 'FLARM ID', format: (v) => (v ? String(v) : 'None') },
];

/** '0–1000 ft, $5.00 per 100 ft'. */
export function formatRange(range: HeightRange, unit: HeightUnit): string {
  return `${range.start}–${range.end} ${unit}, ${formatCents(range.costCents)} per ${range.per} ${unit}`;
}

export function launchSpecs(unit: HeightUnit): FieldSpec<LaunchFields>[] {
  return [
    {
      key: 'kind',
      label: 'Launch type',
      format: (v) => (v === 'variable' ? 'Variable (Variable Height)' : 'Fixed (Known Height)'),
    },
    { key: 'priceCents', label: 'Price', format: formatCents },
    { key: 'height', label: `Height (${unit})` },
    {
      key: 'heightRanges',
      label: 'Height ranges',
      format: (v) =>
        Array.isArray(v) && v.length > 0 ? (v as HeightRange[]).map((r) => formatRange(r, unit)).join('; ') : 'None',
    },
    ...TAX_SPECS,
    { key: 'isActive', label: 'Active' },
  ];
}

export const INTRO_LAUNCH_SPECS: FieldSpec<IntroLaunchFields>[] = [
  { key: 'launch', label: 'Launch' },
  { key: 'priceCents', label: 'Price', format: formatCents },
  ...TAX_SPECS,
  { key: 'isActive', label: 'Active' },
];

/** A block's amount is cents for $ blocks and minutes otherwise. */
const blockUnitsAmount = (units: BlockFields['units']) => (v: unknown) =>
  units === '$' ? formatCents(v) : units === 'minutes' ? `${formatValue(v)} minutes` : formatValue(v);

export function blockSpecs(units: BlockFields['units']): FieldSpec<BlockFields>[] {
  return [
    { key: 'name', label: 'Name' },
    { key: 'units', label: 'Units' },
    { key: 'amount', label: 'Amount', format: blockUnitsAmount(units) },
    { key: 'blockPriceCents', label: 'Block price', format: formatCents },
    { key: 'endsWithMembership', label: 'Ends with membership year' },
    { key: 'endsAfterDays', label: 'Ends after a number of days' },
    { key: 'daysCount', label: 'Days' },
    { key: 'endsAfterFlyingDays', label: 'Ends after a number of flying days' },
    { key: 'flyingDaysCount', label: 'Flying days' },
    { key: 'minFlightChargeCents', label: 'Min flight charge', format: formatCents },
    { key: 'minFlightUnits', label: 'Min flight units' },
    { key: 'maxFlightChargeCents', label: 'Max flight charge', format: orUnlimited(formatCents) },
    { key: 'maxFlightUnits', label: 'Max flight units', format: orUnlimited() },
    { key: 'excessMultiplier', label: 'Excess multiplier' },
    ...TAX_SPECS,
    { key: 'active', label: 'Active' },
  ];
}

export const PILOT_SPECS: FieldSpec<Qualifications>[] = [
  ...QUALIFICATION_LABELS.map(([key, label]) => ({ key, label })),
  { key: 'activeExpiration', label: 'Active until', format: (v) => (v === null ? 'Never' : formatValue(v)) },
];

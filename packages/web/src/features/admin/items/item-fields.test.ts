import { describe, expect, it } from 'vitest';
import type { GliderItem, LaunchItem } from '@flightline/domain/api/types';
import {
  BLOCK_DEFAULTS,
  GLIDER_DEFAULTS,
  gliderFieldsSchema,
  type LaunchFields,
} from '@flightline/domain/schemas/fleet';
import { changeRows } from './changes.ts';
import { blockSpecs, formatRange, gliderFields, launchFields, launchSpecs, PILOT_SPECS } from './item-fields.ts';

const glider: GliderItem = { id: 'C-GABC', ...GLIDER_DEFAULTS, blocks: ['b1'], taxRates: ['GST'] };

describe('editor drafts are the editable fields, without the id', () => {
  it('a glider draft passes the shared schema and has no id', () => {
    const draft = gliderFields(glider);
    expect('id' in draft).toBe(false);
    expect(gliderFieldsSchema.safeParse(draft).success).toBe(true);
  });

  it('a draft does not share its lists with the stored item', () => {
    const launch: LaunchItem = {
      id: 'Tow 2000',
      kind: 'variable',
      priceCents: 0,
      height: null,
      heightRanges: [{ start: 0, end: 1000, per: 100, costCents: 500 }],
      taxStatus: 'exempt',
      taxRates: [],
      isActive: true,
    };
    const draft = launchFields(launch);
    draft.heightRanges[0]!.end = 2000;
    expect(launch.heightRanges[0]!.end).toBe(1000);
  });
});

describe("confirm-changes rows in each editor's words", () => {
  it('a launch: kind, base price and ranges', () => {
    const before: LaunchFields = {
      kind: 'fixed',
      priceCents: 2500,
      height: 2000,
      heightRanges: [],
      taxStatus: 'exempt',
      taxRates: [],
      isActive: true,
    };
    const after: LaunchFields = {
      ...before,
      kind: 'variable',
      priceCents: 1000,
      heightRanges: [{ start: 0, end: 1000, per: 100, costCents: 250 }],
    };
    expect(changeRows(before, after, launchSpecs('ft'))).toEqual([
      { key: 'kind', label: 'Launch type', from: 'Fixed (Known Height)', to: 'Variable (Variable Height)' },
      { key: 'priceCents', label: 'Price', from: '$25.00', to: '$10.00' },
      { key: 'heightRanges', label: 'Height ranges', from: 'None', to: '0–1000 ft, $2.50 per 100 ft' },
    ]);
  });

  it('a range in metres', () => {
    expect(formatRange({ start: 300, end: 600, per: 30, costCents: 100 }, 'm')).toBe('300–600 m, $1.00 per 30 m');
  });

  it('a $ block shows its amount as money; unlimited max units read "unlimited"', () => {
    const before = {
      ...BLOCK_DEFAULTS,
      name: 'Ten hours',
      taxRates: [] as string[],
      units: '$' as const,
      amount: 10_000,
    };
    const after = { ...before, amount: 12_000, maxFlightUnits: 120 };
    expect(changeRows(before, after, blockSpecs('$'))).toEqual([
      { key: 'amount', label: 'Amount', from: '$100.00', to: '$120.00' },
      { key: 'maxFlightUnits', label: 'Max flight units', from: 'unlimited', to: '120' },
    ]);
  });

  it('a pilot expiry reads Never when there is none', () => {
    const q = {
      isInstructor: false,
      isTowPilot: false,
      isAdmin: false,
      canAddFunds: false,
      canAddIntros: false,
      canUpdateGliders: false,
      canEditLogs: false,
      canEditRoster: false,
      groundOnly: false,
      isActive: true,
      activeExpiration: null,
    };
    expect(changeRows(q, { ...q, canUpdateGliders: true, activeExpiration: '2025-12-31' }, PILOT_SPECS)).toEqual([
      { key: 'canUpdateGliders', label: 'Can Update Gliders', from: 'No', to: 'Yes' },
      { key: 'activeExpiration', label: 'Active until', from: 'Never', to: '2025-12-31' },
    ]);
  });
});

import type { z } from 'zod';
import type { flightChargeDetail, payerPartAnswer } from '../api/charges.ts';
import { chargeShares, type PayerCharge } from './flight-postings.ts';
import type { HeightRange } from './height-ranges.ts';
import type { LaunchPricing } from './launch-cost.ts';
import type { TaxedItem } from './ledger.ts';
import type { BlockTerms, RentalShare } from './rental.ts';

/**
 * A flight charge's explanation, from the same functions that post it
 * (flight-postings.ts, launch-cost.ts, rental.ts), so the figures are the
 * ledger's to the cent. The server freezes it with the entry
 * (docs/accounting.md, "Charge breakdowns").
 */

export type FlightChargeDetail = z.output<typeof flightChargeDetail>;
export type PayerPart = z.output<typeof payerPartAnswer>;
type CrossedRange = Extract<FlightChargeDetail, { kind: 'launch' }>['ranges'][number];

/** The ranges a release height crossed, each with its started segments and what they cost. */
export function crossedRanges(ranges: readonly HeightRange[], releaseHeight: number): CrossedRange[] {
  return ranges.flatMap((range) => {
    const inside = Math.min(releaseHeight, range.end) - range.start;
    if (inside <= 0) return [];
    const segments = Math.ceil(inside / range.per);
    return [
      {
        start: range.start,
        end: range.end,
        per: range.per,
        costCents: range.costCents,
        segments,
        cents: segments * range.costCents,
      },
    ];
  });
}

function taxRates(taxes: TaxedItem): { name: string; rate: number }[] {
  return taxes.taxStatus === 'exempt' ? [] : taxes.taxNames.map((name) => ({ name, rate: taxes.rates[name]! }));
}

/** Each payer's net, taxes and total, as the entry posts them. */
function payerParts(
  payers: readonly (PayerCharge & { listCents: number; block: PayerPart['block'] })[],
  names: ReadonlyMap<string, string>,
  taxes: TaxedItem,
): PayerPart[] {
  const shares = chargeShares(payers, taxes);
  return payers.map((payer, index) => {
    const share = shares[index]!;
    return {
      memberId: payer.memberId,
      name: names.get(payer.memberId) ?? '',
      listCents: payer.listCents,
      block: payer.block,
      cashCents: payer.cashCents,
      netCents: share.netCents,
      taxes: share.taxes,
      totalCents: share.totalCents,
    };
  });
}

/** A tow: the launch's price rule, the release height's ranges, each payer's part. */
export function launchBreakdown(input: {
  flightId: string;
  day: string;
  glider: string;
  launchType: string;
  pricing: LaunchPricing;
  releaseHeight: number;
  heightUnit: string;
  costCents: number;
  payers: readonly PayerCharge[];
  names: ReadonlyMap<string, string>;
  taxes: TaxedItem;
}): FlightChargeDetail {
  const { pricing } = input;
  return {
    kind: 'launch',
    flightId: input.flightId,
    day: input.day,
    glider: input.glider,
    launchType: input.launchType,
    pricing: pricing.kind,
    basePriceCents: pricing.priceCents,
    releaseHeight: input.releaseHeight,
    heightUnit: input.heightUnit,
    ranges: pricing.kind === 'variable' ? crossedRanges(pricing.heightRanges, input.releaseHeight) : [],
    costCents: input.costCents,
    taxStatus: input.taxes.taxStatus,
    taxRates: taxRates(input.taxes),
    payers: payerParts(
      input.payers.map((payer) => ({ ...payer, listCents: payer.cashCents, block: null })),
      input.names,
      input.taxes,
    ),
  };
}

/** A block as a rental share drew on it: its name, what was drawn and what it holds after. */
export type NamedBlock = BlockTerms & { name: string };

/** A rental: minutes billed at the glider's rate, each payer's part with the block it drew on. */
export function rentalBreakdown(input: {
  flightId: string;
  day: string;
  glider: string;
  launchedAt: number;
  landedAt: number;
  minutesBilled: number;
  rateCentsPerMinute: number;
  shares: readonly RentalShare<NamedBlock>[];
  names: ReadonlyMap<string, string>;
  taxes: TaxedItem;
}): FlightChargeDetail {
  return {
    kind: 'rental',
    flightId: input.flightId,
    day: input.day,
    glider: input.glider,
    launchedAt: input.launchedAt,
    landedAt: input.landedAt,
    minutesBilled: input.minutesBilled,
    rateCentsPerMinute: input.rateCentsPerMinute,
    listCents: input.minutesBilled * input.rateCentsPerMinute,
    taxStatus: input.taxes.taxStatus,
    taxRates: taxRates(input.taxes),
    payers: payerParts(
      input.shares.map((share) => ({
        memberId: share.memberId,
        cashCents: share.cashCents,
        listCents: share.listCents,
        block: share.block
          ? {
              name: share.block.name,
              units: share.block.units,
              drawn: share.blockUnits,
              leftAfter: share.block.units === 'unlimited' ? null : share.block.balance - share.blockUnits,
              excessMultiplier: share.block.excessMultiplier,
            }
          : null,
      })),
      input.names,
      input.taxes,
    ),
  };
}

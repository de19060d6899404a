import { divRoundHalfAway } from './tax.ts';

/**
 * What a flight's glider rental costs, and how much a block covers (domain
 * rules "Prices"): minutes flown × the glider's rate, less what the member's
 * block pays. All amounts before tax; tax applies to the cash part only
 * (the block was taxed when it was bought).
 */

export interface BlockTerms {
  units: '$' | 'minutes' | 'unlimited';
  /** What is left: cents for $ blocks, minutes for minutes blocks; ignored for unlimited. */
  balance: number;
  minFlightUnits: number;
  /** null: no maximum. */
  maxFlightUnits: number | null;
  minFlightChargeCents: number;
  maxFlightChargeCents: number | null;
  /** Multiplies the normal rate for what is flown beyond the block's maximum. */
  excessMultiplier: number;
}

export interface RentalCharge {
  /** Charged to the member's account (before tax). */
  cashCents: number;
  /** Drawn from the block: cents or minutes (0 for unlimited and for no block). */
  blockUnitsUsed: number;
  /** The full price at the normal rate, for the record. */
  listCents: number;
}

/** Whole minutes flown, rounded up: a flight of 61 seconds is 2 minutes. */
export function minutesFlown(launchedAtMs: number, landedAtMs: number): number {
  if (landedAtMs < launchedAtMs) throw new RangeError('A flight cannot land before it launches');
  return Math.ceil((landedAtMs - launchedAtMs) / 60_000);
}

/** rate × minutes × multiplier, in cents, the multiplier taken to 3 decimals. */
function atMultipliedRate(minutes: number, rateCents: number, multiplier: number): number {
  return divRoundHalfAway(minutes * rateCents * Math.round(multiplier * 1000), 1000);
}

export function rentalCharge(input: { minutes: number; rateCentsPerMinute: number; block?: BlockTerms | null | undefined }): RentalCharge {
  const { minutes, rateCentsPerMinute: rate, block } = input;
  if (!Number.isInteger(minutes) || minutes < 0) throw new RangeError(`Minutes must be a whole number ≥ 0, not ${minutes}`);
  const listCents = minutes * rate;
  if (!block || minutes === 0) return { cashCents: listCents, blockUnitsUsed: 0, listCents };

  if (block.units === 'unlimited') {
    const covered = Math.min(minutes, block.maxFlightUnits ?? minutes);
    return { cashCents: atMultipliedRate(minutes - covered, rate, block.excessMultiplier), blockUnitsUsed: 0, listCents };
  }

  if (block.units === 'minutes') {
    const covered = Math.min(minutes, block.maxFlightUnits ?? minutes);
    const excess = minutes - covered;
    // At least the block's minimum is drawn, but never more than it holds.
    const wanted = Math.max(covered, block.minFlightUnits);
    const used = Math.min(wanted, Math.max(0, block.balance));
    const uncovered = Math.max(0, covered - used);
    return { cashCents: uncovered * rate + atMultipliedRate(excess, rate, block.excessMultiplier), blockUnitsUsed: used, listCents };
  }

  // $ block: the rental cost is drawn in cents, between the flight minimum and maximum.
  const cap = block.maxFlightChargeCents ?? listCents;
  const countable = Math.min(listCents, cap);
  const excessCents = listCents - countable;
  const wanted = Math.max(countable, block.minFlightChargeCents);
  const used = Math.min(wanted, Math.max(0, block.balance));
  const uncovered = Math.max(0, countable - used);
  const excessCash = excessCents === 0 ? 0 : divRoundHalfAway(excessCents * Math.round(block.excessMultiplier * 1000), 1000);
  return { cashCents: uncovered + excessCash, blockUnitsUsed: used, listCents };
}

/**
 * A shared cost split between the pilot and the other member: the odd cent
 * goes to the pilot (domain rules "Shared cost").
 */
export function splitShared(cents: number): { pilotCents: number; otherCents: number } {
  const other = cents >= 0 ? Math.floor(cents / 2) : Math.ceil(cents / 2);
  return { pilotCents: cents - other, otherCents: other };
}

/** The block a flight draws from: applicable ones only, the one expiring first. */
export function chooseBlock<T extends { ruleId: string; startsOn: string; endsOn: string; units: BlockTerms['units']; balance: number }>(
  blocks: readonly T[],
  flight: { day: string; gliderBlockRuleIds: readonly string[] },
): T | undefined {
  return blocks
    .filter(
      (b) =>
        flight.gliderBlockRuleIds.includes(b.ruleId) &&
        b.startsOn <= flight.day &&
        flight.day <= b.endsOn &&
        (b.units === 'unlimited' || b.balance > 0),
    )
    .sort((a, b) => (a.endsOn < b.endsOn ? -1 : a.endsOn > b.endsOn ? 1 : 0))[0];
}

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

/**
 * The rental of `minutes` at the glider's rate, less what `block` covers.
 * `listCents` is the price at the normal rate — minutes × rate unless a
 * shared flight gives this payer their half of it (see rentalShares).
 */
export function rentalCharge(input: {
  minutes: number;
  rateCentsPerMinute: number;
  block?: BlockTerms | null | undefined;
  listCents?: number | undefined;
}): RentalCharge {
  const { minutes, rateCentsPerMinute: rate, block } = input;
  if (!Number.isInteger(minutes) || minutes < 0)
    throw new RangeError(`Minutes must be a whole number ≥ 0, not ${minutes}`);
  const listCents = input.listCents ?? minutes * rate;
  if (!Number.isSafeInteger(listCents) || listCents < 0)
    throw new RangeError(`The list price must be whole cents ≥ 0, not ${listCents}`);
  if (!block || (minutes === 0 && listCents === 0)) return { cashCents: listCents, blockUnitsUsed: 0, listCents };

  if (block.units === 'unlimited') {
    const covered = Math.min(minutes, block.maxFlightUnits ?? minutes);
    return {
      cashCents: atMultipliedRate(minutes - covered, rate, block.excessMultiplier),
      blockUnitsUsed: 0,
      listCents,
    };
  }

  if (block.units === 'minutes') {
    const covered = Math.min(minutes, block.maxFlightUnits ?? minutes);
    const excess = minutes - covered;
    // At least the block's minimum is drawn, but never more than it holds.
    const wanted = Math.max(covered, block.minFlightUnits);
    const used = Math.min(wanted, Math.max(0, block.balance));
    const uncovered = Math.max(0, covered - used);
    return {
      cashCents: uncovered * rate + atMultipliedRate(excess, rate, block.excessMultiplier),
      blockUnitsUsed: used,
      listCents,
    };
  }

  // $ block: the rental cost is drawn in cents, between the flight minimum and maximum.
  const cap = block.maxFlightChargeCents ?? listCents;
  const countable = Math.min(listCents, cap);
  const excessCents = listCents - countable;
  const wanted = Math.max(countable, block.minFlightChargeCents);
  const used = Math.min(wanted, Math.max(0, block.balance));
  const uncovered = Math.max(0, countable - used);
  const excessCash =
    excessCents === 0 ? 0 : divRoundHalfAway(excessCents * Math.round(block.excessMultiplier * 1000), 1000);
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

/**
 * One payer's part of a flight's rental. Alone, the payer flew every minute;
 * sharing, each pays half of the rental at the normal rate (the odd cent to
 * the pilot) and a block covers its holder's half as though they had flown
 * half the minutes (the odd minute to the pilot).
 */
export interface RentalShare<B extends BlockTerms = BlockTerms> {
  memberId: string;
  minutes: number;
  /** This payer's part at the normal rate. */
  listCents: number;
  /** Charged in cash, before tax. */
  cashCents: number;
  /** Recorded against the block: cents ($), minutes (minutes; for unlimited, the minutes it covered). */
  blockUnits: number;
  block: B | null;
}

/** Minutes an unlimited block covers: all of them up to its per-flight maximum. */
function unlimitedCovered(minutes: number, block: BlockTerms): number {
  return Math.min(minutes, block.maxFlightUnits ?? minutes);
}

/**
 * The rental of a flight per payer (the pilot first, then the member sharing the cost), each with their own block
 * or none.
 */
export function rentalShares<B extends BlockTerms>(input: {
  minutes: number;
  rateCentsPerMinute: number;
  payers: readonly { memberId: string; block: B | null }[];
}): RentalShare<B>[] {
  const { minutes, rateCentsPerMinute: rate, payers } = input;
  if (payers.length < 1 || payers.length > 2)
    throw new RangeError('A flight is paid by the pilot alone or shared by two members');
  if (!Number.isInteger(minutes) || minutes < 0)
    throw new RangeError(`Minutes must be a whole number ≥ 0, not ${minutes}`);
  const list = minutes * rate;
  const parts =
    payers.length === 1
      ? [{ minutes, listCents: list }]
      : [
          { minutes: Math.ceil(minutes / 2), listCents: splitShared(list).pilotCents },
          { minutes: Math.floor(minutes / 2), listCents: splitShared(list).otherCents },
        ];
  return payers.map((payer, index) => {
    const part = parts[index]!;
    const charge = rentalCharge({
      minutes: part.minutes,
      rateCentsPerMinute: rate,
      block: payer.block,
      listCents: part.listCents,
    });
    const blockUnits =
      payer.block?.units === 'unlimited' ? unlimitedCovered(part.minutes, payer.block) : charge.blockUnitsUsed;
    return {
      memberId: payer.memberId,
      minutes: part.minutes,
      listCents: part.listCents,
      cashCents: charge.cashCents,
      blockUnits,
      block: payer.block,
    };
  });
}

const addDays = (day: string, days: number): string => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
};

/**
 * The last day a block can be drawn on: its end date, or sooner when its rule
 * ends it N days after it starts (day N counted from the start day as day 1).
 * A count of 0 sets no limit.
 */
export function blockUsableThrough(
  block: { startsOn: string; endsOn: string },
  rule: { endsAfterDays: boolean; daysCount: number },
): string {
  if (!rule.endsAfterDays || rule.daysCount <= 0) return block.endsOn;
  const last = addDays(block.startsOn, rule.daysCount - 1);
  return last < block.endsOn ? last : block.endsOn;
}

/**
 * The block a flight draws from: applicable ones only, the one expiring first.
 * Applicable: the glider lists its rule, the flight's day is within its dates
 * (through `usableThrough` when that is sooner), it is not exhausted, and —
 * when it ends after N flying days — it has been flown on fewer than N
 * distinct days, or already on the flight's day.
 */
export function chooseBlock<
  T extends {
    ruleId: string;
    startsOn: string;
    endsOn: string;
    units: BlockTerms['units'];
    balance: number;
    usableThrough?: string | undefined;
    flyingDays?: { limit: number; flown: readonly string[] } | null | undefined;
  },
>(blocks: readonly T[], flight: { day: string; gliderBlockRuleIds: readonly string[] }): T | undefined {
  const lastDay = (b: T) => b.usableThrough ?? b.endsOn;
  const flyingDayOpen = (b: T) =>
    !b.flyingDays ||
    b.flyingDays.limit <= 0 ||
    b.flyingDays.flown.includes(flight.day) ||
    new Set(b.flyingDays.flown).size < b.flyingDays.limit;
  return blocks
    .filter(
      (b) =>
        flight.gliderBlockRuleIds.includes(b.ruleId) &&
        b.startsOn <= flight.day &&
        flight.day <= lastDay(b) &&
        (b.units === 'unlimited' || b.balance > 0) &&
        flyingDayOpen(b),
    )
    .sort((a, b) => (lastDay(a) < lastDay(b) ? -1 : lastDay(a) > lastDay(b) ? 1 : 0))[0];
}

/**
 * Sales tax on an item (domain rules "Money and tax"). Rates are club
 * fractions (0.13 for 13 %) turned into whole parts per million, so every
 * step is integer arithmetic on cents; rounding is half away from zero.
 */

export type TaxStatus = 'exempt' | 'inclusive' | 'exclusive';

export interface TaxLine {
  name: string;
  cents: number;
}

export interface TaxSplit {
  netCents: number;
  taxes: TaxLine[];
  totalCents: number;
}

const PPM = 1_000_000;

/** n / d rounded half away from zero, for integers with d > 0. */
export function divRoundHalfAway(n: number, d: number): number {
  const a = Math.abs(n);
  let q = Math.floor(a / d);
  if (2 * (a - q * d) >= d) q += 1;
  return n < 0 ? -q : q;
}

function ratePpm(rate: number): number {
  if (!Number.isFinite(rate) || rate < 0 || rate > 1)
    throw new RangeError(`Tax rate must be a fraction from 0 to 1, not ${rate}`);
  return Math.round(rate * PPM);
}

/** The rates that apply, in the item's order; an unknown tax name is an error, not a silent 0. */
function applicable(
  names: readonly string[],
  rates: Readonly<Record<string, number>>,
): { name: string; ppm: number }[] {
  return names.map((name) => {
    const rate = rates[name];
    if (rate === undefined) throw new RangeError(`Unknown tax "${name}"`);
    return { name, ppm: ratePpm(rate) };
  });
}

/**
 * Split an amount into net and taxes.
 * - exempt: net = amount, no tax.
 * - exclusive: the amount is net; each tax = round(net × rate); total = net + taxes.
 * - inclusive: the amount is the total; net = round(total / (1 + Σ rates)); each tax =
 *   round(net × rate), the last one taking the rounding difference so net + taxes = total.
 */
export function splitTax(
  amountCents: number,
  status: TaxStatus,
  names: readonly string[],
  rates: Readonly<Record<string, number>>,
): TaxSplit {
  if (!Number.isSafeInteger(amountCents)) throw new RangeError(`Not a whole number of cents: ${amountCents}`);
  const lines = status === 'exempt' ? [] : applicable(names, rates).filter((line) => line.ppm > 0);
  if (lines.length === 0) return { netCents: amountCents, taxes: [], totalCents: amountCents };
  if (status === 'exclusive') {
    const taxes = lines.map(({ name, ppm }) => ({ name, cents: divRoundHalfAway(amountCents * ppm, PPM) }));
    return { netCents: amountCents, taxes, totalCents: amountCents + taxes.reduce((sum, t) => sum + t.cents, 0) };
  }
  const totalPpm = lines.reduce((sum, line) => sum + line.ppm, PPM);
  const netCents = divRoundHalfAway(amountCents * PPM, totalPpm);
  const taxes = lines.map(({ name, ppm }) => ({ name, cents: divRoundHalfAway(netCents * ppm, PPM) }));
  const difference = amountCents - netCents - taxes.reduce((sum, t) => sum + t.cents, 0);
  taxes[taxes.length - 1]!.cents += difference;
  return { netCents, taxes, totalCents: amountCents };
}

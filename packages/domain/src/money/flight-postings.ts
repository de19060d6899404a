import { ACCOUNT, type AccountNumber, type PostingLine, type TaxedItem } from './ledger.ts';
import { splitShared } from './rental.ts';
import { splitTax, type TaxLine, type TaxSplit } from './tax.ts';

/**
 * The postings of a flight's charges (domain rules "The ledger"): the tow at
 * launch, the glider rental at landing, and an intro flown. Every line names
 * the flight. A charge of 0 posts nothing: these builders answer [] and the
 * caller posts no entry (a posting of 0 is not allowed).
 */

/** What one payer owes for a charge before tax: the pilot first, then the member sharing the cost. */
export interface PayerCharge {
  memberId: string;
  cashCents: number;
}

/**
 * Split `totalCents` among payers in proportion to their weights (their
 * charges before tax). Each share after the first is rounded half down, and
 * the first payer — the pilot — takes what is left, so an even split gives
 * them the odd cent.
 */
export function allocateByWeight(totalCents: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(totalCents) || totalCents < 0)
    throw new RangeError(`A charge must be whole cents ≥ 0, not ${totalCents}`);
  if (weights.length === 0 || weights.some((w) => !Number.isSafeInteger(w) || w < 0))
    throw new RangeError('Weights must be whole numbers ≥ 0');
  const whole = weights.reduce((sum, w) => sum + w, 0);
  if (whole === 0) return weights.map((_, index) => (index === 0 ? totalCents : 0));
  const rest = weights.slice(1).map((w) => {
    const n = totalCents * w;
    const q = Math.floor(n / whole);
    return 2 * (n - q * whole) > whole ? q + 1 : q;
  });
  return [totalCents - rest.reduce((sum, s) => sum + s, 0), ...rest];
}

/**
 * Share one taxed charge among its payers (domain rules "Shared cost"): the
 * total is split first, so two members sharing a $51.70 rental pay $25.85
 * each, never $25.86 and $25.84. Each share is then given its net and taxes
 * so that every column (net, each tax) still sums to the charge's exactly:
 * the net is split the same way as the total, a share's tax is what is left
 * of it, and that tax is spread over the tax names by largest remainder.
 *
 * `weights` are what each payer owed before tax, the pilot first. Two weights
 * at most one cent apart are an even split: halves, the odd cent to the
 * pilot. Otherwise (a block covered one payer's half) the charge follows the
 * weights (allocateByWeight).
 */
export function shareCharge(charge: TaxSplit, weights: readonly number[]): TaxSplit[] {
  const taxTotal = charge.taxes.reduce((sum, tax) => sum + tax.cents, 0);
  if (charge.netCents + taxTotal !== charge.totalCents) throw new RangeError('A charge must be its net plus its taxes');
  const totals = splitAmount(charge.totalCents, weights);
  const nets = splitAmount(charge.netCents, weights);
  const rowTaxes = totals.map((total, index) => total - nets[index]!);
  // Every share but the pilot's spreads its tax over the names; the pilot's takes what each column has left.
  const others = rowTaxes.slice(1).map((rowTax) => spreadOverNames(rowTax, charge.taxes, taxTotal));
  const pilotTaxes = charge.taxes.map((tax, k) => ({
    name: tax.name,
    cents: tax.cents - others.reduce((sum, row) => sum + row[k]!.cents, 0),
  }));
  return [pilotTaxes, ...others].map((taxes, index) => ({ netCents: nets[index]!, taxes, totalCents: totals[index]! }));
}

function splitAmount(amountCents: number, weights: readonly number[]): number[] {
  if (weights.length === 2 && Math.abs(weights[0]! - weights[1]!) <= 1) {
    const other = Math.floor(amountCents / 2);
    return [amountCents - other, other];
  }
  return allocateByWeight(amountCents, weights);
}

/**
 * `rowTax` cents over the charge's tax lines in proportion to each (Hamilton:
 * floors, then the cents left to the largest remainders, the first name on a
 * tie). A column may be negative (an inclusive split's last tax can be −1¢).
 */
function spreadOverNames(rowTax: number, taxes: readonly TaxLine[], taxTotal: number): TaxLine[] {
  if (taxTotal === 0) return taxes.map((tax) => ({ name: tax.name, cents: 0 }));
  const sign = taxTotal < 0 ? -1 : 1;
  const quotas = taxes.map((tax) => {
    const n = tax.cents * rowTax * sign;
    const d = taxTotal * sign;
    const whole = Math.floor(n / d);
    return { whole, remainder: n - whole * d };
  });
  let left = rowTax - quotas.reduce((sum, q) => sum + q.whole, 0);
  const order = quotas.map((q, k) => k).sort((a, b) => quotas[b]!.remainder - quotas[a]!.remainder || a - b);
  const cents = quotas.map((q) => q.whole);
  for (const k of order) {
    if (left <= 0) break;
    cents[k]! += 1;
    left -= 1;
  }
  return taxes.map((tax, k) => ({ name: tax.name, cents: cents[k]! }));
}

/** A launch's cost per payer: the pilot alone, or split in two with the odd cent to the pilot. */
export function launchShares(costCents: number, memberIds: readonly string[]): PayerCharge[] {
  if (memberIds.length === 1) return [{ memberId: memberIds[0]!, cashCents: costCents }];
  if (memberIds.length !== 2) throw new RangeError('A flight is paid by the pilot alone or shared by two members');
  const { pilotCents, otherCents } = splitShared(costCents);
  return [
    { memberId: memberIds[0]!, cashCents: pilotCents },
    { memberId: memberIds[1]!, cashCents: otherCents },
  ];
}

/** Keep the non-zero lines; they must balance. */
function entry(lines: PostingLine[]): PostingLine[] {
  const kept = lines.filter((line) => line.amountCents !== 0);
  const sum = kept.reduce((total, line) => total + line.amountCents, 0);
  if (sum !== 0) throw new Error(`Internal error: postings sum to ${sum}`);
  return kept.length < 2 ? [] : kept;
}

/**
 * Dr 2100 [each payer] / Cr `revenue` net / Cr 2510 [tax]. The payers' charges
 * are added, taxed once as the item says, and the total is shared
 * (shareCharge): in halves for an even split, else in proportion to what each
 * owed.
 */
function flightCharge(
  revenue: AccountNumber,
  input: { flightId: string; payers: readonly PayerCharge[] } & TaxedItem,
): PostingLine[] {
  const weights = input.payers.map((payer) => payer.cashCents);
  const cash = weights.reduce((sum, w) => sum + w, 0);
  if (!Number.isSafeInteger(cash) || weights.some((w) => w < 0))
    throw new RangeError('A flight charge must be whole cents ≥ 0');
  if (cash === 0) return [];
  const split = splitTax(cash, input.taxStatus, input.taxNames, input.rates);
  const shares = shareCharge(split, weights).map((share) => share.totalCents);
  const flightId = input.flightId;
  return entry([
    ...input.payers.map((payer, index) => ({
      account: ACCOUNT.membersPayable,
      amountCents: shares[index]!,
      memberId: payer.memberId,
      flightId,
    })),
    { account: revenue, amountCents: -split.netCents, flightId },
    ...split.taxes.map((tax) => ({
      account: ACCOUNT.salesTaxPayable,
      amountCents: -tax.cents,
      taxName: tax.name,
      flightId,
    })),
  ]);
}

/**
 * Each payer's net, taxes and total of a flight charge, exactly as
 * `flightCharge` posts them (the charge breakdowns show these).
 */
export function chargeShares(payers: readonly PayerCharge[], taxes: TaxedItem): TaxSplit[] {
  const weights = payers.map((payer) => payer.cashCents);
  const cash = weights.reduce((sum, w) => sum + w, 0);
  return shareCharge(splitTax(cash, taxes.taxStatus, taxes.taxNames, taxes.rates), weights);
}

/** Launch (tow) charge: Dr 2100 [payer(s)] / Cr 4100 net / Cr 2510 tax. */
export function launchChargePostings(
  input: { flightId: string; payers: readonly PayerCharge[] } & TaxedItem,
): PostingLine[] {
  return flightCharge(ACCOUNT.towRevenue, input);
}

/** Rental charge (at landing), the cash part after blocks: Dr 2100 [payer(s)] / Cr 4200 net / Cr 2510 tax. */
export function rentalChargePostings(
  input: { flightId: string; payers: readonly PayerCharge[] } & TaxedItem,
): PostingLine[] {
  return flightCharge(ACCOUNT.rentalRevenue, input);
}

/** Intro flown (at launch): Dr 2120 [intro] price / Cr 4300 net / Cr 2510 tax; the pilot pays nothing. */
export function introFlownPostings(
  input: { flightId: string; introId: string; priceCents: number } & TaxedItem,
): PostingLine[] {
  if (!Number.isSafeInteger(input.priceCents) || input.priceCents < 0)
    throw new RangeError(`An intro price must be whole cents ≥ 0, not ${input.priceCents}`);
  if (input.priceCents === 0) return [];
  const split = splitTax(input.priceCents, input.taxStatus, input.taxNames, input.rates);
  const flightId = input.flightId;
  return entry([
    { account: ACCOUNT.introsPayable, amountCents: split.totalCents, introId: input.introId, flightId },
    { account: ACCOUNT.introRevenue, amountCents: -split.netCents, flightId },
    ...split.taxes.map((tax) => ({
      account: ACCOUNT.salesTaxPayable,
      amountCents: -tax.cents,
      taxName: tax.name,
      flightId,
    })),
  ]);
}

/** The sum of the member lines: what the flight charged its payers. */
export function chargedToMembersCents(lines: readonly PostingLine[]): number {
  return lines
    .filter((line) => line.account === ACCOUNT.membersPayable)
    .reduce((sum, line) => sum + line.amountCents, 0);
}

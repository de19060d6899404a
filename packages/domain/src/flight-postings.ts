import { ACCOUNT, type AccountNumber, type PostingLine, type TaxedItem } from './ledger.ts';
import { splitShared } from './rental.ts';
import { splitTax } from './tax.ts';

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
  if (!Number.isSafeInteger(totalCents) || totalCents < 0) throw new RangeError(`A charge must be whole cents ≥ 0, not ${totalCents}`);
  if (weights.length === 0 || weights.some((w) => !Number.isSafeInteger(w) || w < 0)) throw new RangeError('Weights must be whole numbers ≥ 0');
  const whole = weights.reduce((sum, w) => sum + w, 0);
  if (whole === 0) return weights.map((_, index) => (index === 0 ? totalCents : 0));
  const rest = weights.slice(1).map((w) => {
    const n = totalCents * w;
    const q = Math.floor(n / whole);
    return 2 * (n - q * whole) > whole ? q + 1 : q;
  });
  return [totalCents - rest.reduce((sum, s) => sum + s, 0), ...rest];
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
 * are added, taxed once as the item says, and the total is shared in
 * proportion to what each owed (allocateByWeight).
 */
function flightCharge(revenue: AccountNumber, input: { flightId: string; payers: readonly PayerCharge[] } & TaxedItem): PostingLine[] {
  const weights = input.payers.map((payer) => payer.cashCents);
  const cash = weights.reduce((sum, w) => sum + w, 0);
  if (!Number.isSafeInteger(cash) || weights.some((w) => w < 0)) throw new RangeError('A flight charge must be whole cents ≥ 0');
  if (cash === 0) return [];
  const split = splitTax(cash, input.taxStatus, input.taxNames, input.rates);
  const shares = allocateByWeight(split.totalCents, weights);
  const flightId = input.flightId;
  return entry([
    ...input.payers.map((payer, index) => ({ account: ACCOUNT.membersPayable, amountCents: shares[index]!, memberId: payer.memberId, flightId })),
    { account: revenue, amountCents: -split.netCents, flightId },
    ...split.taxes.map((tax) => ({ account: ACCOUNT.salesTaxPayable, amountCents: -tax.cents, taxName: tax.name, flightId })),
  ]);
}

/** Launch (tow) charge: Dr 2100 [payer(s)] / Cr 4100 net / Cr 2510 tax. */
export function launchChargePostings(input: { flightId: string; payers: readonly PayerCharge[] } & TaxedItem): PostingLine[] {
  return flightCharge(ACCOUNT.towRevenue, input);
}

/** Rental charge (at landing), the cash part after blocks: Dr 2100 [payer(s)] / Cr 4200 net / Cr 2510 tax. */
export function rentalChargePostings(input: { flightId: string; payers: readonly PayerCharge[] } & TaxedItem): PostingLine[] {
  return flightCharge(ACCOUNT.rentalRevenue, input);
}

/** Intro flown (at launch): Dr 2120 [intro] price / Cr 4300 net / Cr 2510 tax; the pilot pays nothing. */
export function introFlownPostings(input: { flightId: string; introId: string; priceCents: number } & TaxedItem): PostingLine[] {
  if (!Number.isSafeInteger(input.priceCents) || input.priceCents < 0) throw new RangeError(`An intro price must be whole cents ≥ 0, not ${input.priceCents}`);
  if (input.priceCents === 0) return [];
  const split = splitTax(input.priceCents, input.taxStatus, input.taxNames, input.rates);
  const flightId = input.flightId;
  return entry([
    { account: ACCOUNT.introsPayable, amountCents: split.totalCents, introId: input.introId, flightId },
    { account: ACCOUNT.introRevenue, amountCents: -split.netCents, flightId },
    ...split.taxes.map((tax) => ({ account: ACCOUNT.salesTaxPayable, amountCents: -tax.cents, taxName: tax.name, flightId })),
  ]);
}

/** The sum of the member lines: what the flight charged its payers. */
export function chargedToMembersCents(lines: readonly PostingLine[]): number {
  return lines.filter((line) => line.account === ACCOUNT.membersPayable).reduce((sum, line) => sum + line.amountCents, 0);
}

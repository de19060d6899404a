import type { Selectable, Transaction } from 'kysely';
import {
  chargedToMembersCents,
  introFlownPostings,
  launchChargePostings,
  launchShares,
  rentalChargePostings,
} from '@flightline/domain/money/flight-postings';
import { launchBreakdown, rentalBreakdown, type FlightChargeDetail } from '@flightline/domain/money/charge-breakdown';
import { launchCostCents, type LaunchPricing } from '@flightline/domain/money/launch-cost';
import { reversalPostings, type PostingLine, type TaxedItem } from '@flightline/domain/money/ledger';
import {
  blockUsableThrough,
  chooseBlock,
  minutesFlown,
  rentalShares,
  type BlockTerms,
} from '@flightline/domain/money/rental';
import type { TaxStatus } from '@flightline/domain/money/tax';
import type { DB, FlightTable } from '../../db/schema.ts';
import { conflict } from '../../http/errors.ts';
import { lockClub, type ClubRecord } from '../clubs/repo.ts';
import { findGliderTerms, findLaunchTypeTerms } from '../fleet/repo.ts';
import { lockIntroForFlight } from '../intros/repo.ts';
import {
  candidateBlocks,
  flightBlockUsage,
  insertBlockUsage,
  type CandidateBlock,
} from '../ledger/block-usage-repo.ts';
import { assertAfterLockDate } from '../ledger/journal.ts';
import { findReversalOf, findTransaction, insertEntry, transactionPostings } from '../ledger/posting-repo.ts';
import { lockMember, memberNames } from '../members/repo.ts';
import {
  flightReversalDescription,
  introFlightDescription,
  launchDescription,
  rentalDescription,
  sharedText,
  shortName,
} from './flight-descriptions.ts';

/**
 * The money of a flight (domain rules "Prices" and "The ledger"): the tow at
 * launch (a variable launch once its release height is known), the rental at
 * landing with the payers' blocks, an intro paid from Intro A/P, and the
 * exact reversal of each on undo. Called by the flight line inside its own
 * database transaction, after it has locked the flight row and set its state:
 * each function is handed that row as it now stands (flights/repo.ts
 * updateFlightState answers it) and does not read it again.
 * Every entry's lines name the flight; the flight row points at its current
 * launch and landing entries and keeps what they charged members: each
 * function answers those figures (`money`), and the flight line writes them
 * on its row (flights/repo.ts setFlightMoney). Data flows one way: billing
 * reads the flights module's row and writes only the ledger.
 */

/** The flight row as the flight line hands it, locked and with its state set (flights/repo.ts BilledFlight). */
export type BilledFlight = Selectable<FlightTable>;

/**
 * What the flight row keeps of its charges, as billing answers it: the entry
 * now charging its launch or its landing, and what that charged members.
 */
export type FlightMoney = Partial<
  Pick<BilledFlight, 'launch_transaction' | 'launch_cost_cents' | 'landing_transaction' | 'flight_cost_cents'>
>;

/** A charge: the entry now charging the flight (null: none), and the row's money to write (null: as it is). */
export interface FlightCharge {
  entryId: number | null;
  money: FlightMoney | null;
}

/** Reversals: the entries posted, and the row's money to write (null: as it is). */
export interface FlightReversal {
  reversalIds: number[];
  money: FlightMoney | null;
}

export interface BillingContext {
  clubId: string;
  by: string;
  /** entered time (a Date, or epoch ms as MemberContext.now holds it) */
  now: Date | number;
}

const nowMs = (ctx: BillingContext): number => (typeof ctx.now === 'number' ? ctx.now : ctx.now.getTime());

/**
 * What flight charges read of the club, with its row share-locked (clubs/repo.ts
 * lockClub): a lock-date change waits for the charges being posted.
 */
const CLUB_FOR_BILLING = ['id', 'time_zone', 'lock_date', 'tax_rates', 'height_unit'] as const;

type Club = Pick<ClubRecord, (typeof CLUB_FOR_BILLING)[number]>;

/** Stored transaction types of a flight's entries; reversals are 'Reversal', as reverse-transaction names them. */
export const FLIGHT_ENTRY_TYPES = { launch: 'Launch', rental: 'Rental', intro: 'Intro Flight' } as const;

/** Who pays: the pilot alone, or the pilot and the member flying with them when they share the cost. */
export function flightPayers(flight: {
  user_id: string;
  fly_with: string;
  share_cost: boolean;
  passenger_id: string | null;
}): { memberId: string }[] {
  const payers = [{ memberId: flight.user_id }];
  if (
    flight.fly_with === 'Member' &&
    flight.share_cost &&
    flight.passenger_id !== null &&
    flight.passenger_id !== flight.user_id
  ) {
    payers.push({ memberId: flight.passenger_id });
  }
  return payers;
}

/** Members' rows locked in id order, so two flights charging the same two members never deadlock. */
async function lockMembers(trx: Transaction<DB>, clubId: string, ids: Iterable<string>): Promise<void> {
  for (const id of [...new Set(ids)].sort()) {
    if (!(await lockMember(trx, clubId, id)))
      throw conflict('A member this flight charges is not a member of this club');
  }
}

/** The item's taxes as the club has them now; a tax the club no longer has is a setup error to fix, not a silent 0. */
function taxesOf(club: Club, item: { tax_status: TaxStatus; tax_names: string[] }, what: string): TaxedItem {
  if (item.tax_status === 'exempt') return { taxStatus: 'exempt', taxNames: [], rates: club.tax_rates };
  const names = [...new Set(item.tax_names)];
  const unknown = names.find((name) => club.tax_rates[name] === undefined);
  if (unknown !== undefined)
    throw conflict(
      `${what} is taxed with ${unknown}, which the club no longer has: update its taxes in Administration`,
    );
  return { taxStatus: item.tax_status, taxNames: names, rates: club.tax_rates };
}

const launchedMs = (flight: BilledFlight) => {
  if (flight.launched_at === null) throw conflict('No action taken - the flight has not launched');
  return flight.launched_at.getTime();
};

interface Charge {
  transactionType: string;
  description: string;
  lines: PostingLine[];
  effectiveMs: number;
  /** A tow's or rental's figures, frozen with the entry. */
  breakdown?: FlightChargeDetail;
}

async function post(trx: Transaction<DB>, ctx: BillingContext, charge: Charge): Promise<number> {
  return insertEntry(trx, {
    clubId: ctx.clubId,
    effectiveAt: new Date(charge.effectiveMs),
    enteredAt: new Date(nowMs(ctx)),
    enteredBy: ctx.by,
    transactionType: charge.transactionType,
    description: charge.description,
    note: '',
    reference: '',
    idempotencyKey: null,
    reversesId: null,
    lines: charge.lines,
    breakdown: charge.breakdown,
  });
}

/** An entry of this club not yet reversed, with its postings; undefined when there is nothing to reverse. */
async function reversible(trx: Transaction<DB>, clubId: string, entryId: number | null) {
  if (entryId === null) return undefined;
  const original = await findTransaction(trx, clubId, entryId);
  if (!original || original.reverses_id !== null) return undefined;
  if (await findReversalOf(trx, clubId, entryId)) return undefined;
  return { original, lines: await transactionPostings(trx, clubId, entryId) };
}

type Reversible = NonNullable<Awaited<ReturnType<typeof reversible>>>;

/** The exact opposite of an entry, posted now and linked to it — as reverse-transaction does. */
function postReversal(trx: Transaction<DB>, ctx: BillingContext, target: Reversible, note: string): Promise<number> {
  return insertEntry(trx, {
    clubId: ctx.clubId,
    effectiveAt: new Date(nowMs(ctx)),
    enteredAt: new Date(nowMs(ctx)),
    enteredBy: ctx.by,
    transactionType: 'Reversal',
    description: flightReversalDescription(target.original.id, target.original.description),
    note,
    reference: target.original.reference,
    idempotencyKey: null,
    reversesId: target.original.id,
    lines: reversalPostings(target.lines),
  });
}

const membersOf = (lines: readonly PostingLine[]) =>
  lines.flatMap((line) => (line.memberId === undefined ? [] : [line.memberId]));

type Names = Map<string, { first: string; last: string }>;

/** Short names of the payers of a shared cost, for its description; none for one payer. */
function sharedNames(memberIds: readonly string[], names: Names): string[] {
  return memberIds.length < 2 ? [] : memberIds.map((id) => shortName(names.get(id)));
}

/** The payers' full names, by id, for a charge's breakdown. */
function fullNames(names: Names): Map<string, string> {
  return new Map([...names].map(([id, name]) => [id, `${name.first} ${name.last}`.trim()]));
}

// ── Launch ───────────────────────────────────────────────────────────────────

/**
 * The tow charge a flight's launch type and release height call for; null when
 * nothing can be charged yet (no launch type, or a variable launch without its
 * release height). `lines` is empty when the charge is 0.
 */
async function towCharge(
  trx: Transaction<DB>,
  club: Club,
  flight: BilledFlight,
): Promise<(Charge & { chargedCents: number; payers: string[] }) | null> {
  if (flight.launch_type === '') return null;
  const launch = await findLaunchTypeTerms(trx, club.id, flight.launch_type);
  if (!launch) throw conflict(`Unknown launch type ${flight.launch_type}: choose one of the club's launches`);
  if (launch.kind === 'variable' && flight.release_height === 0) return null;
  const pricing: LaunchPricing =
    launch.kind === 'fixed'
      ? { kind: 'fixed', priceCents: launch.price_cents }
      : { kind: 'variable', priceCents: launch.price_cents, heightRanges: launch.height_ranges };
  const costCents = launchCostCents(pricing, launch.kind === 'fixed' ? 0 : flight.release_height);
  const payers = flightPayers(flight).map((payer) => payer.memberId);
  const shares = launchShares(costCents, payers);
  const taxes = taxesOf(club, launch, `The launch ${launch.id}`);
  const lines = launchChargePostings({ flightId: flight.id, payers: shares, ...taxes });
  const names = await memberNames(trx, payers);
  const description = launchDescription({
    launchType: launch.id,
    kind: launch.kind,
    releaseHeight: flight.release_height,
    heightUnit: club.height_unit,
    glider: flight.glider,
    day: flight.day,
    shared: sharedText(sharedNames(payers, names)),
  });
  const breakdown = launchBreakdown({
    flightId: flight.id,
    day: flight.day,
    glider: flight.glider,
    launchType: launch.id,
    pricing,
    releaseHeight: flight.release_height,
    heightUnit: club.height_unit,
    costCents,
    payers: shares,
    names: fullNames(names),
    taxes,
  });
  return {
    transactionType: FLIGHT_ENTRY_TYPES.launch,
    description,
    lines,
    effectiveMs: launchedMs(flight),
    chargedCents: chargedToMembersCents(lines),
    payers,
    breakdown,
  };
}

/** Intro flown: Dr 2120 [intro] price / Cr 4300 net / Cr 2510 tax, effective at the launch. */
async function postIntroFlown(
  trx: Transaction<DB>,
  ctx: BillingContext,
  club: Club,
  flight: BilledFlight,
): Promise<FlightCharge> {
  if (flight.intro_id === null) throw conflict('This intro flight has no intro');
  const intro = await lockIntroForFlight(trx, club.id, flight.intro_id);
  if (!intro) throw conflict('The intro of this flight is not at this club');
  const lines = introFlownPostings({
    flightId: flight.id,
    introId: intro.id,
    priceCents: intro.price_cents,
    ...taxesOf(club, intro, `The intro ${intro.sn}`),
  });
  if (lines.length === 0) return { entryId: null, money: null };
  const effectiveMs = launchedMs(flight);
  assertAfterLockDate(club, effectiveMs);
  const description = introFlightDescription({
    sn: intro.sn,
    first: intro.recipient_first,
    last: intro.recipient_last,
    glider: flight.glider,
    day: flight.day,
  });
  const id = await post(trx, ctx, { transactionType: FLIGHT_ENTRY_TYPES.intro, description, lines, effectiveMs });
  return { entryId: id, money: { launch_transaction: id, launch_cost_cents: null } };
}

/**
 * Launch: a fixed launch's tow is charged now, effective at the launch; an
 * intro is paid from Intro A/P; a variable launch waits for its release
 * height. Answers the entry's id, or null when nothing was posted. A flight
 * already charged for its launch answers that entry again.
 */
export async function postLaunchCharges(
  trx: Transaction<DB>,
  ctx: BillingContext,
  flight: BilledFlight,
): Promise<FlightCharge> {
  if (flight.launch_transaction !== null || flight.launch_cost_cents !== null) {
    return { entryId: flight.launch_transaction, money: null };
  }
  launchedMs(flight);
  const club = await lockClub(trx, ctx.clubId, 'share', CLUB_FOR_BILLING);
  if (flight.fly_with === 'Intro') return postIntroFlown(trx, ctx, club, flight);
  const charge = await towCharge(trx, club, flight);
  if (!charge) return { entryId: null, money: null };
  if (charge.lines.length === 0) return { entryId: null, money: { launch_transaction: null, launch_cost_cents: 0 } };
  assertAfterLockDate(club, charge.effectiveMs);
  await lockMembers(trx, ctx.clubId, charge.payers);
  const id = await post(trx, ctx, charge);
  return { entryId: id, money: { launch_transaction: id, launch_cost_cents: charge.chargedCents } };
}

const sameLines = (a: readonly PostingLine[], b: readonly PostingLine[]) => {
  const key = (lines: readonly PostingLine[]) =>
    JSON.stringify(
      lines.map((l) => [
        l.account,
        l.amountCents,
        l.memberId ?? null,
        l.introId ?? null,
        l.taxName ?? null,
        l.flightId ?? null,
      ]),
    );
  return key(a) === key(b);
};

/**
 * Release height recorded or changed: a variable launch's tow is charged for
 * it — the previous charge reversed (now) and the new one posted (effective at
 * the launch). A fixed launch, an intro, or a flight not launched yet: nothing.
 * Answers the entry now charging the launch, or null.
 */
export async function postReleaseHeightCharges(
  trx: Transaction<DB>,
  ctx: BillingContext,
  flight: BilledFlight,
): Promise<FlightCharge> {
  const unchanged = { entryId: null, money: null };
  if (flight.fly_with === 'Intro' || flight.launched_at === null || flight.launch_type === '') return unchanged;
  const club = await lockClub(trx, ctx.clubId, 'share', CLUB_FOR_BILLING);
  const launch = await findLaunchTypeTerms(trx, club.id, flight.launch_type);
  if (launch?.kind === 'fixed') return unchanged;
  const charge = await towCharge(trx, club, flight);
  const previous = await reversible(trx, club.id, flight.launch_transaction);
  if (
    previous &&
    charge &&
    previous.original.description === charge.description &&
    sameLines(previous.lines, charge.lines)
  ) {
    return { entryId: previous.original.id, money: null };
  }
  if (previous) assertAfterLockDate(club, nowMs(ctx));
  if (charge && charge.lines.length > 0) assertAfterLockDate(club, charge.effectiveMs);
  await lockMembers(trx, ctx.clubId, [...(charge?.payers ?? []), ...(previous ? membersOf(previous.lines) : [])]);
  if (previous) await postReversal(trx, ctx, previous, 'Release height changed');
  const id = charge && charge.lines.length > 0 ? await post(trx, ctx, charge) : null;
  return { entryId: id, money: { launch_transaction: id, launch_cost_cents: charge ? charge.chargedCents : null } };
}

/**
 * Undo launch: the launch's entry (tow or intro) reversed now, linked to it;
 * its money points the flight at no launch charge. Earlier release-height
 * charges were reversed when they were replaced. Answers the reversals' ids.
 */
export async function reverseLaunchCharges(
  trx: Transaction<DB>,
  ctx: BillingContext,
  flight: BilledFlight,
  note = 'Launch undone',
): Promise<FlightReversal> {
  const ids: number[] = [];
  if (flight.launch_transaction !== null) {
    const club = await lockClub(trx, ctx.clubId, 'share', CLUB_FOR_BILLING);
    const target = await reversible(trx, club.id, flight.launch_transaction);
    if (target) {
      assertAfterLockDate(club, nowMs(ctx));
      await lockMembers(trx, ctx.clubId, membersOf(target.lines));
      ids.push(await postReversal(trx, ctx, target, note));
    }
  }
  const charged = flight.launch_transaction !== null || flight.launch_cost_cents !== null;
  return { reversalIds: ids, money: charged ? { launch_transaction: null, launch_cost_cents: null } : null };
}

// ── Landing ──────────────────────────────────────────────────────────────────

type NamedTerms = BlockTerms & { id: string; name: string };

function blockTerms(row: CandidateBlock): NamedTerms {
  return {
    id: row.id,
    name: row.name,
    units: row.units,
    balance: row.units === 'unlimited' ? 0 : row.amount - row.used,
    minFlightUnits: row.min_flight_units,
    maxFlightUnits: row.max_flight_units,
    minFlightChargeCents: row.min_flight_charge_cents,
    maxFlightChargeCents: row.max_flight_charge_cents,
    excessMultiplier: Number(row.excess_multiplier),
  };
}

/** The block a payer's part of the flight draws on: the applicable one expiring first, or none. */
async function payerBlock(
  trx: Transaction<DB>,
  clubId: string,
  memberId: string,
  flight: BilledFlight,
  ruleIds: string[],
): Promise<NamedTerms | null> {
  const rows = await candidateBlocks(trx, clubId, memberId, flight.day, ruleIds);
  const chosen = chooseBlock(
    rows.map((row) => ({
      row,
      ruleId: row.block_rule_id,
      startsOn: row.starts_on,
      endsOn: row.ends_on,
      units: row.units,
      balance: row.units === 'unlimited' ? 0 : row.amount - row.used,
      usableThrough: blockUsableThrough(
        { startsOn: row.starts_on, endsOn: row.ends_on },
        { endsAfterDays: row.ends_after_days, daysCount: row.days_count },
      ),
      flyingDays: row.ends_after_flying_days ? { limit: row.flying_days_count, flown: row.flown_days } : null,
    })),
    { day: flight.day, gliderBlockRuleIds: ruleIds },
  );
  return chosen ? blockTerms(chosen.row) : null;
}

/**
 * Landing: the rental — whole minutes flown × the glider's rate — for each
 * payer, less what their block covers (its usage recorded with the flight and
 * the entry), the cash part charged with the glider's taxes, effective at the
 * landing. Intro flights pay no rental. Answers the entry's id, or null when
 * no cash was charged. A flight already billed for its landing answers that
 * entry again.
 */
export async function postLandingCharges(
  trx: Transaction<DB>,
  ctx: BillingContext,
  flight: BilledFlight,
): Promise<FlightCharge> {
  if (flight.landing_transaction !== null || flight.flight_cost_cents !== null) {
    return { entryId: flight.landing_transaction, money: null };
  }
  const launched = launchedMs(flight);
  if (flight.landed_at === null) throw conflict('No action taken - the flight has not landed');
  if (flight.fly_with === 'Intro') return { entryId: null, money: null };
  const club = await lockClub(trx, ctx.clubId, 'share', CLUB_FOR_BILLING);
  const glider = await findGliderTerms(trx, club.id, flight.glider);
  if (!glider) throw conflict(`Unknown glider ${flight.glider}`);
  const landedMs = flight.landed_at.getTime();
  const payerIds = flightPayers(flight).map((payer) => payer.memberId);
  const taxes = taxesOf(club, glider, `The glider ${glider.id}`);
  // Lock before reading blocks: another flight of the same member waits, then sees these draws.
  await lockMembers(trx, ctx.clubId, payerIds);
  const payers: { memberId: string; block: NamedTerms | null }[] = [];
  for (const memberId of payerIds)
    payers.push({ memberId, block: await payerBlock(trx, club.id, memberId, flight, glider.block_rule_ids) });
  const minutes = minutesFlown(launched, landedMs);
  const shares = rentalShares({ minutes, rateCentsPerMinute: glider.rate_cents_per_minute, payers });
  const lines = rentalChargePostings({
    flightId: flight.id,
    payers: shares.map((s) => ({ memberId: s.memberId, cashCents: s.cashCents })),
    ...taxes,
  });
  const usage = shares.filter((share) => share.block !== null && share.blockUnits > 0);
  if (lines.length > 0 || usage.length > 0) assertAfterLockDate(club, landedMs);
  let id: number | null = null;
  if (lines.length > 0) {
    const names = await memberNames(trx, payerIds);
    const description = rentalDescription({
      launchedAtMs: launched,
      landedAtMs: landedMs,
      glider: glider.id,
      shares,
      payerNames: sharedNames(payerIds, names),
    });
    const breakdown = rentalBreakdown({
      flightId: flight.id,
      day: flight.day,
      glider: glider.id,
      launchedAt: launched,
      landedAt: landedMs,
      minutesBilled: minutes,
      rateCentsPerMinute: glider.rate_cents_per_minute,
      shares,
      names: fullNames(names),
      taxes,
    });
    id = await post(trx, ctx, {
      transactionType: FLIGHT_ENTRY_TYPES.rental,
      description,
      lines,
      effectiveMs: landedMs,
      breakdown,
    });
  }
  await insertBlockUsage(
    trx,
    usage.map((share) => ({
      memberBlockId: share.block!.id,
      flightId: flight.id,
      transactionId: id,
      unitsUsed: share.blockUnits,
      flownOn: flight.day,
      at: new Date(nowMs(ctx)),
    })),
  );
  return { entryId: id, money: { landing_transaction: id, flight_cost_cents: chargedToMembersCents(lines) } };
}

/**
 * Undo landing: the rental entry reversed now, and what the flight drew from
 * blocks given back by negative usage rows (linked to the reversal, or to no
 * entry when the blocks covered everything). Answers the reversals' ids.
 */
export async function reverseLandingCharges(
  trx: Transaction<DB>,
  ctx: BillingContext,
  flight: BilledFlight,
  note = 'Landing undone',
): Promise<FlightReversal> {
  const club = await lockClub(trx, ctx.clubId, 'share', CLUB_FOR_BILLING);
  const target = await reversible(trx, club.id, flight.landing_transaction);
  const usage = await flightBlockUsage(trx, club.id, flight.id);
  if (target) assertAfterLockDate(club, nowMs(ctx));
  await lockMembers(trx, ctx.clubId, [...(target ? membersOf(target.lines) : []), ...usage.map((u) => u.member_id)]);
  const ids: number[] = [];
  if (target) ids.push(await postReversal(trx, ctx, target, note));
  await insertBlockUsage(
    trx,
    usage.map((u) => ({
      memberBlockId: u.member_block_id,
      flightId: flight.id,
      transactionId: ids[0] ?? null,
      unitsUsed: -u.units,
      flownOn: u.flown_on,
      at: new Date(nowMs(ctx)),
    })),
  );
  const charged = flight.landing_transaction !== null || flight.flight_cost_cents !== null;
  return { reversalIds: ids, money: charged ? { landing_transaction: null, flight_cost_cents: null } : null };
}

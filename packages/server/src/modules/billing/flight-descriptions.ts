import { flownAndBilledText } from '@flightline/domain/flights/flight-duration';
import { formatMoney } from '@flightline/domain/money/money';
import type { BlockTerms, RentalShare } from '@flightline/domain/money/rental';
import { reversalDescription } from '../ledger/descriptions.ts';

/**
 * What a member reads in their account summary for a flight's charges
 * (stored with the entry, as every ledger description is):
 *   'Tow: 2000 ft Aerotow (C-GABC, Nov 22)'
 *   'Tow: Aerotow to 2,350 ft (C-GABC, Nov 22, shared by P. Pilot and J. Smith)'
 *   'Rental: C-GXYZ, 0:42 flown, 43 min billed (30 min on block Season 600)'
 *   'Intro flight ABC234: Jane Doe (C-GABC, Nov 22)'
 */

const MAX = 300;
const clip = (text: string) => (text.length <= MAX ? text : `${text.slice(0, MAX - 1)}…`);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2025-11-22' → 'Nov 22'. */
export function shortDay(day: string): string {
  const [, month, date] = day.split('-').map(Number);
  return `${MONTHS[month! - 1]} ${date}`;
}

/** 'J. Smith'; the last name alone when there is no first name. */
export function shortName(name: { first: string; last: string } | undefined): string {
  if (!name) return 'a member';
  const first = name.first.trim();
  const last = name.last.trim();
  return first ? `${first[0]!.toUpperCase()}. ${last}`.trim() : last || 'a member';
}

const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export function sharedText(names: readonly string[]): string | null {
  return names.length === 2 ? `shared by ${names[0]} and ${names[1]}` : null;
}

export function launchDescription(input: {
  launchType: string;
  kind: 'fixed' | 'variable';
  releaseHeight: number;
  heightUnit: 'ft' | 'm';
  glider: string;
  day: string;
  shared: string | null;
}): string {
  const what =
    input.kind === 'variable'
      ? `${input.launchType} to ${grouped(input.releaseHeight)} ${input.heightUnit}`
      : input.launchType;
  const about = [input.glider, shortDay(input.day), ...(input.shared ? [input.shared] : [])].join(', ');
  return clip(`Tow: ${what} (${about})`);
}

/** '120 min on block Season 600, 30 min over its maximum at ×1.5'. */
function blockText(share: RentalShare<BlockTerms & { name: string }>): string | null {
  const block = share.block;
  if (!block) return null;
  const parts: string[] = [];
  if (share.blockUnits > 0) {
    const drawn = block.units === '$' ? formatMoney(share.blockUnits) : `${share.blockUnits} min`;
    parts.push(`${drawn} on block ${block.name}`);
  }
  const times = block.excessMultiplier === 1 ? '' : ` at ×${block.excessMultiplier}`;
  if (block.units !== '$' && block.maxFlightUnits !== null && share.minutes > block.maxFlightUnits) {
    parts.push(`${share.minutes - block.maxFlightUnits} min over its maximum${times}`);
  } else if (
    block.units === '$' &&
    block.maxFlightChargeCents !== null &&
    share.listCents > block.maxFlightChargeCents
  ) {
    parts.push(`${formatMoney(share.listCents - block.maxFlightChargeCents)} over its maximum${times}`);
  }
  return parts.length > 0 ? parts.join(', ') : null;
}

/**
 * The rental's entry: the glider, the time flown and the minutes billed, as every screen shows them (domain
 * flight-duration.ts).
 */
export function rentalDescription(input: {
  launchedAtMs: number;
  landedAtMs: number;
  glider: string;
  shares: readonly RentalShare<BlockTerms & { name: string }>[];
  payerNames: readonly string[];
}): string {
  const notes: string[] = [];
  const shared = sharedText(input.payerNames);
  if (shared) notes.push(shared);
  // A shared entry is on both payers' accounts: a block is its holder's to see, in their own breakdown (issue 25 item
  // 6).
  if (!shared) {
    for (const share of input.shares) {
      const text = blockText(share);
      if (text) notes.push(text);
    }
  }
  return clip(
    `Rental: ${input.glider}, ` +
      `${flownAndBilledText(input.launchedAtMs, input.landedAtMs)}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`,
  );
}

export function introFlightDescription(input: {
  sn: string;
  first: string;
  last: string;
  glider: string;
  day: string;
}): string {
  const who = `${input.first} ${input.last}`.trim();
  return clip(`Intro flight ${input.sn}${who ? `: ${who}` : ''} (${input.glider}, ${shortDay(input.day)})`);
}

/** 'Reversal of #41 (Tow: 2000 ft Aerotow (C-GABC, Nov 22))'. */
export function flightReversalDescription(originalId: number, originalDescription: string): string {
  const base = reversalDescription(originalId);
  return clip(originalDescription ? `${base} (${originalDescription})` : base);
}

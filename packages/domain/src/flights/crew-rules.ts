/**
 * The crew page's submit button (docs/flight-line.md, "What the pages read"):
 * the reason a flight can't be placed, checked in the spec's order with later
 * reasons overriding earlier ones, and the low-funds warning in front.
 */

export type FlyWith = 'Alone' | 'Instructor' | 'Member' | 'Intro' | 'Friend';
export const FLY_WITH: readonly FlyWith[] = ['Alone', 'Instructor', 'Member', 'Intro', 'Friend'];

/** A flight's second-person fields when the pilot flies alone: no passenger, the pilot in command, nothing shared. */
export const FLOWN_ALONE = {
  passengerID: '',
  passengerFirst: '',
  passengerLast: '',
  pilotInCharge: true,
  shareCost: false,
  introRef: '',
} as const;

export const PLACE_ON_LINE = 'Place on flight line';
export const LOW_FUNDS_WARNING = 'Warning: Low funds';

/**
 * Where a balance stands against the club's levels: all the crew page tells
 * anyone about another pilot's money (domain rules "Reading money").
 */
export interface FundsStanding {
  belowMinimum: boolean;
  belowWarning: boolean;
}

export interface ClubLevels {
  warningLevelCents: number;
  minimumLevelCents: number;
}

export function fundsStanding(balanceCents: number, levels: ClubLevels): FundsStanding {
  return {
    belowMinimum: balanceCents < levels.minimumLevelCents,
    belowWarning: balanceCents < levels.warningLevelCents,
  };
}

export interface CrewFormState {
  glider: string | null;
  launchType: string | null;
  flyWith: FlyWith;
  /** The second person's name (member, instructor, friend or intro passenger), '' if none. */
  passengerName: string;
  /** payment: a new intro's payment method, when the form asks for one ('' = not chosen). */
  intro: { mode: 'prepurchased' | 'new'; introType: string | null; payment?: string | undefined } | null;
  /** The selected pilot's standing (not the person tapping's). */
  funds: FundsStanding;
  /** The member sharing the cost of a Member flight, who pays half; null when nobody shares. */
  sharerFunds: FundsStanding | null;
  groundOnly: boolean;
  /** The glider of the unfinished flight the pilot, or the second member, is already on; null when none. */
  pilotOnLineIn: string | null;
  secondOnLineIn: string | null;
}

/**
 * The blocking reason, or null when the flight can be placed. After the
 * spec's reasons, the rule of one unfinished flight per person (the server
 * answers 409 too), before the ground-only pilot, the spec's last word.
 */
export function blockingReason(form: CrewFormState): string | null {
  let reason: string | null = null;
  if (!form.glider) reason = 'No glider selected';
  if (!form.launchType && form.flyWith !== 'Intro') reason = 'No launch type selected';
  if (form.flyWith !== 'Alone' && !form.passengerName.trim()) reason = 'Second person not identified';
  if (form.flyWith === 'Intro' && form.intro?.mode === 'new' && (!form.intro.introType || form.intro.payment === ''))
    reason = 'Intro not fully defined';
  // An intro is paid by its voucher: exempt from Insufficient funds only.
  if (form.flyWith !== 'Intro' && (form.funds.belowMinimum || form.sharerFunds?.belowMinimum === true))
    reason = 'Insufficient funds';
  if (form.secondOnLineIn !== null) reason = `Second person is already on the flight line in ${form.secondOnLineIn}`;
  if (form.pilotOnLineIn !== null) reason = `Selected pilot is already on the flight line in ${form.pilotOnLineIn}`;
  if (form.groundOnly) reason = 'Selected pilot is non flying';
  return reason;
}

/**
 * The button's text: the reason or "Place on flight line", with the warning
 * in front when a payer is below the warning level — on an intro flight too
 * (the spec exempts it from Insufficient funds, not from the warning).
 */
export function submitButtonText(form: CrewFormState): { text: string; disabled: boolean } {
  const reason = blockingReason(form);
  const base = reason ?? PLACE_ON_LINE;
  const warn = form.funds.belowWarning || form.sharerFunds?.belowWarning === true;
  return { text: warn ? `${LOW_FUNDS_WARNING} - ${base}` : base, disabled: reason !== null };
}

/** Pilot selector order: the user first, then everyone else by full name. */
export function orderPilots<T extends { userID: string; first: string; last: string }>(
  pilots: readonly T[],
  me: string,
): T[] {
  const name = (p: T) => `${p.first} ${p.last}`;
  return [...pilots].sort((a, b) => {
    if (a.userID === me) return -1;
    if (b.userID === me) return 1;
    return name(a).localeCompare(name(b), 'en', { sensitivity: 'base' });
  });
}

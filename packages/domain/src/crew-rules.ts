/**
 * The crew page's submit button (member spec §5): the reason a flight can't
 * be placed, checked in the spec's order with later reasons overriding
 * earlier ones, and the low-funds warning in front.
 */

export type FlyWith = 'Alone' | 'Instructor' | 'Member' | 'Intro' | 'Friend';
export const FLY_WITH: readonly FlyWith[] = ['Alone', 'Instructor', 'Member', 'Intro', 'Friend'];

export const PLACE_ON_LINE = 'Place on flight line';
export const LOW_FUNDS_WARNING = 'Warning: Low funds';

export interface CrewFormState {
  glider: string | null;
  launchType: string | null;
  flyWith: FlyWith;
  /** The second person's name (member, instructor, friend or intro passenger), '' if none. */
  passengerName: string;
  /** payment: a new intro's payment method, when the form asks for one ('' = not chosen). */
  intro: { mode: 'prepurchased' | 'new'; introType: string | null; payment?: string | undefined } | null;
  balanceCents: number;
  groundOnly: boolean;
}

export interface ClubLevels {
  warningLevelCents: number;
  minimumLevelCents: number;
}

/** The blocking reason, or null when the flight can be placed. */
export function blockingReason(form: CrewFormState, levels: ClubLevels): string | null {
  let reason: string | null = null;
  if (!form.glider) reason = 'No glider selected';
  if (!form.launchType && form.flyWith !== 'Intro') reason = 'No launch type selected';
  if (form.flyWith !== 'Alone' && !form.passengerName.trim()) reason = 'Second person not identified';
  if (form.flyWith === 'Intro' && form.intro?.mode === 'new' && (!form.intro.introType || form.intro.payment === '')) reason = 'Intro not fully defined';
  if (form.flyWith !== 'Intro' && form.balanceCents < levels.minimumLevelCents) reason = 'Insufficient funds';
  if (form.groundOnly) reason = 'Selected pilot is non flying';
  return reason;
}

/** The button's text: the reason or "Place on flight line", with the warning in front below the warning level. */
export function submitButtonText(form: CrewFormState, levels: ClubLevels): { text: string; disabled: boolean } {
  const reason = blockingReason(form, levels);
  const base = reason ?? PLACE_ON_LINE;
  const warn = form.flyWith !== 'Intro' && form.balanceCents < levels.warningLevelCents;
  return { text: warn ? `${LOW_FUNDS_WARNING} - ${base}` : base, disabled: reason !== null };
}

/** Pilot selector order: the user first, then everyone else by full name. */
export function orderPilots<T extends { userID: string; first: string; last: string }>(pilots: readonly T[], me: string): T[] {
  const name = (p: T) => `${p.first} ${p.last}`;
  return [...pilots].sort((a, b) => {
    if (a.userID === me) return -1;
    if (b.userID === me) return 1;
    return name(a).localeCompare(name(b), 'en', { sensitivity: 'base' });
  });
}

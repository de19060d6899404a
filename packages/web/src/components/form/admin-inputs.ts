import { parseCents } from '@flightline/domain/money/money';

/** The inputs of Accounting Admin, read without floats. */

/** '12.349' → '12.34': an amount keeps at most two decimals, the rest is dropped (rounded down). */
export function truncateAmountText(text: string): string {
  const match = /^(\s*\d*\.\d{2})\d+\s*$/.exec(text);
  return match ? match[1]! : text;
}

/** The adjustment in cents, or null when empty, not a number, negative or zero after truncation. */
export function adjustmentAmountCents(text: string): number | null {
  if (!text.trim()) return null;
  const cents = parseCents(truncateAmountText(text));
  return cents !== null && cents > 0 ? cents : null;
}

export const LOCK_DATE_NOT_LATER = 'The new lock date must be after the current lock date';

/**
 * Why a new lock date is refused, or null: it may only move forward
 * (docs/accounting.md "Lock date"), and stays before today in the club's
 * zone, whose entries are still being made.
 */
export function lockDateProblem(newDate: string, currentLockDate: string | null, today: string): string | null {
  if (!newDate) return 'Choose a lock date';
  if (currentLockDate && newDate <= currentLockDate) return LOCK_DATE_NOT_LATER;
  if (newDate >= today) return 'The lock date must be before today';
  return null;
}

export const MAX_INTRO_PERIOD_DAYS = 3650;

/** Whole days 0 to 3650, or null. */
export function introPeriodDays(text: string): number | null {
  if (!/^\s*\d{1,4}\s*$/.test(text)) return null;
  const days = Number(text);
  return days <= MAX_INTRO_PERIOD_DAYS ? days : null;
}

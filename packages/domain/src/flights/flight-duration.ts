import { minutesFlown } from '../money/rental.ts';

/**
 * A flight's duration, one rule on every screen and in every export (issue 25
 * item 11, docs/flight-line.md "Durations"), from the seconds between its
 * launch and landing (epoch ms):
 *   - shown: whole minutes, rounded to the nearest (30 s and more rounds up),
 *     as h:mm — 5 min 51 s is 0:06, 59 s is 0:01, 29 s is 0:00 — and in the
 *     Flights export's 'Flight Duration [hr]' those minutes in hours to 2
 *     decimals (0:06 is 0.10), so the CSV always converts back to what the
 *     screens show; a span below zero (a phone's clock behind the server's)
 *     is 0:00;
 *   - billed: whole minutes, rounded up, as the glider rental charges them
 *     (rental minutesFlown: any part of a minute is a whole one) — 5 min 51 s
 *     is 6 min, 6 min 1 s is 7 min. Where money is shown, both are given and
 *     the rounding of what is billed is said beside it.
 */

const SECOND_MS = 1_000;

/** How the rental rounds what it bills, said beside the billed minutes. */
export const BILLED_ROUNDING = 'whole minutes, rounded up';

/** Whole seconds from launch to landing; 0 when the landing is not after the launch. */
export function flightSeconds(launchedAtMs: number, landedAtMs: number): number {
  return Math.max(0, Math.floor((landedAtMs - launchedAtMs) / SECOND_MS));
}

/** The minutes flown as every screen shows them: the flight's seconds to the nearest whole minute, 30 s rounding up. */
export function flownMinutes(launchedAtMs: number, landedAtMs: number): number {
  return Math.floor((flightSeconds(launchedAtMs, landedAtMs) + 30) / 60);
}

/** Whole minutes the glider rental charges: rounded up (a flight of 61 seconds is billed 2 minutes). */
export function billedMinutes(launchedAtMs: number, landedAtMs: number): number {
  return minutesFlown(launchedAtMs, landedAtMs);
}

/** Minutes as 'h:mm' (docs/flight-line.md, "Durations"): 0:05, 1:01, 25:00. */
export function durationText(minutes: number): string {
  const whole = Math.max(0, Math.floor(minutes));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** A flight's duration as 'h:mm', the shown minutes. */
export function flightDurationText(launchedAtMs: number, landedAtMs: number): string {
  return durationText(flownMinutes(launchedAtMs, landedAtMs));
}

/** The rental's ledger entry: '0:06 flown, 6 min billed' (its breakdown says the rounding). */
export function flownAndBilledText(launchedAtMs: number, landedAtMs: number): string {
  return `${flightDurationText(launchedAtMs, landedAtMs)} flown, ${billedMinutes(launchedAtMs, landedAtMs)} min billed`;
}

/** Where a charge is explained on screen: '0:06 flown, 6 min billed (whole minutes, rounded up)'. */
export function flownAndBilledRuleText(launchedAtMs: number, landedAtMs: number): string {
  return `${flownAndBilledText(launchedAtMs, landedAtMs)} (${BILLED_ROUNDING})`;
}

/**
 * The export's 'Flight Duration [hr]': the shown minutes in hours to 2 decimals (0:06 → 0.1); 0 when either time is
 * missing.
 */
export function durationHours(launchedAtMs: number | null, landedAtMs: number | null): number {
  if (launchedAtMs === null || landedAtMs === null) return 0;
  return Math.round((flownMinutes(launchedAtMs, landedAtMs) * 100) / 60) / 100;
}

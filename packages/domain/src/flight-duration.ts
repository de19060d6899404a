import { minutesFlown } from './rental.ts';

/**
 * A flight's duration, one way on every screen, in the export and on the bill
 * (issue 15 item 6), from its launch and landing times (epoch ms):
 *   - flown: whole minutes, rounded down, as a clock reads time gone by —
 *     61 min 40 s is 1:01, the line page's running clock reads the same
 *     while the glider is up, and a span below zero (a phone's clock
 *     behind the server's) is 0:00;
 *   - billed: whole minutes, rounded up, as the glider rental charges them
 *     (rental minutesFlown, docs/accounting.md) — 61 min 40 s is 62 min.
 * Where money is shown both are given: '1:01 flown, 62 min billed'.
 */

const MINUTE_MS = 60_000;

/** Whole minutes from launch to landing, rounded down; 0 when the landing is not after the launch. */
export function flownMinutes(launchedAtMs: number, landedAtMs: number): number {
  return Math.max(0, Math.floor((landedAtMs - launchedAtMs) / MINUTE_MS));
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

/** A flight's duration as 'h:mm', flown minutes. */
export function flightDurationText(launchedAtMs: number, landedAtMs: number): string {
  return durationText(flownMinutes(launchedAtMs, landedAtMs));
}

/** Where money is shown: '1:01 flown, 62 min billed'. */
export function flownAndBilledText(launchedAtMs: number, landedAtMs: number): string {
  return `${flightDurationText(launchedAtMs, landedAtMs)} flown, ${billedMinutes(launchedAtMs, landedAtMs)} min billed`;
}

/** The export's 'Flight Duration [hr]': the flown minutes in hours to 2 decimals; 0 when either time is missing. */
export function durationHours(launchedAtMs: number | null, landedAtMs: number | null): number {
  if (launchedAtMs === null || landedAtMs === null) return 0;
  return Math.round((flownMinutes(launchedAtMs, landedAtMs) * 100) / 60) / 100;
}

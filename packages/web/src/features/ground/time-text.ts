import { clubDateTime } from '../account/club-dates.ts';

/** Times on the line page: durations as h:mm (back-office spec §9), clock times in the club's zone. */

const MINUTE_MS = 60_000;

/** 'h:mm' of a span, whole minutes rounded down; a span below zero (a phone's clock behind) reads 0:00. */
export function durationText(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / MINUTE_MS));
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** How long since an event, for the clock that refreshes every 10 seconds. */
export function timeSinceText(sinceMs: number, nowMs: number): string {
  return durationText(nowMs - sinceMs);
}

/** '14:05' in the club's zone. */
export function clockText(ms: number, timeZone: string): string {
  return clubDateTime(ms, timeZone).time;
}

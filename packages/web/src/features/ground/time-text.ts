import { flightDurationText } from '@flightline/domain/flights/flight-duration';
import { clubDateTime } from '../../lib/club-dates.ts';

/**
 * Times on the line page: durations as h:mm, minutes to the nearest (domain flight-duration.ts), clock times in the
 * club's zone.
 */

/** How long since an event, for the clock that refreshes every 10 seconds. */
export function timeSinceText(sinceMs: number, nowMs: number): string {
  return flightDurationText(sinceMs, nowMs);
}

/** '14:05' in the club's zone. */
export function clockText(ms: number, timeZone: string): string {
  return clubDateTime(ms, timeZone).time;
}

import { durationText } from './flight-duration.ts';

/**
 * The glider logbooks' screen (docs/flight-line.md, "Glider logbooks"): where
 * it lives, and how its figures read. The index is `/gliders`; one glider's
 * logbook is the same page with the glider named in the query, so a
 * registration with any characters makes a working link.
 */

export const GLIDER_LOGBOOKS_PATH = '/gliders';

/** The address of one glider's logbook: '/gliders?glider=C-GDSA'. */
export function gliderLogbookPath(glider: string): string {
  return `${GLIDER_LOGBOOKS_PATH}?glider=${encodeURIComponent(glider)}`;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Launches, flights and flown minutes as a line: '3 flights · 1:45 hours · 4 launches'. */
export function flyingText(figures: { flights: number; minutes: number; launches: number }): string {
  return (
    `${count(figures.flights, 'flight', 'flights')} · ` +
    `${durationText(figures.minutes)} hours · ` +
    `${count(figures.launches, 'launch', 'launches')}`
  );
}

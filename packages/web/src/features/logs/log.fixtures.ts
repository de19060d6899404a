import type { FlightRecord } from '@flightline/domain/api/types';
import type { LogPilot } from './log-views.ts';
import { flight } from '../../test/flight.fixtures.ts';

/** Test data for the logs' rules: a day in Toronto in summer (UTC−4). */

export const DAY = '2026-06-30';
export const ZONE = 'America/Toronto';
/** 10:00 on DAY in the club's zone. */
export const TEN = Date.UTC(2026, 5, 30, 14, 0);
export const MIN = 60_000;

export const PILOTS: LogPilot[] = [
  { userID: 'mary', first: 'Mary', last: 'Member', groundOnly: false, isInstructor: false, isTowPilot: false },
  { userID: 'irene', first: 'Irene', last: 'Instructor', groundOnly: false, isInstructor: true, isTowPilot: false },
  { userID: 'tom', first: 'Tom', last: 'Towpilot', groundOnly: false, isInstructor: false, isTowPilot: true },
  { userID: 'gary', first: 'Gary', last: 'Ground', groundOnly: true, isInstructor: false, isTowPilot: false },
];

/** Mary's landed flight in C-GDSA, 10:00 to 10:30, towed by Tom in C-FTOW; `fields` change it. */
export function logFlight(id: string, fields: Partial<FlightRecord> = {}): FlightRecord {
  return flight(id, {
    dateString: DAY,
    user: 'mary',
    submittedAt: TEN - 30 * MIN,
    launchedAt: TEN,
    landedAt: TEN + 30 * MIN,
    releaseHeight: 2000,
    releaseSetBy: 'Irene Instructor',
    towPilot: 'tom',
    tug: 'C-FTOW',
    ...fields,
  });
}

import type { FlightRecord } from '@flightline/domain/api/types';
import { FLOWN_ALONE } from '@flightline/domain/flights/crew-rules';
import { waitingFlightFields } from '@flightline/domain/flights/waiting-flight';

/** Test data for the line page's and Home's rules. */

export const T = 1_750_000_000_000;

/** A waiting flight of Mary Member in C-GDSA, with `fields` changed. */
export function flight(id: string, fields: Partial<FlightRecord> = {}): FlightRecord {
  return {
    id,
    dateString: '2025-06-15',
    user: 'u1',
    first: 'Mary',
    last: 'Member',
    flyWith: 'Alone',
    ...FLOWN_ALONE,
    glider: 'C-GDSA',
    launchType: '2000 ft',
    towSpeed: 60,
    submittedAt: T,
    queuedAt: fields.submittedAt ?? T,
    ...waitingFlightFields(),
    ...fields,
  };
}

import type { FlightRecord } from './api-types.ts';
import { waitingFlightFields } from './waiting-flight.ts';

/** When the test flight launches: 2026-11-22 14:05 in Toronto (UTC−5). */
export const LAUNCH = Date.UTC(2026, 10, 22, 19, 5);

/**
 * Test data: Ada Lovelace's flight in C-GABC with Charles Babbage, launched at
 * LAUNCH and landed 42 minutes later, towed to 2000 ft by u3 in C-FTUG;
 * `fields` change it.
 */
export function landedFlight(fields: Partial<FlightRecord> = {}): FlightRecord {
  return {
    id: 'f1',
    dateString: '2026-11-22',
    user: 'u1',
    first: 'Ada',
    last: 'Lovelace',
    flyWith: 'Member',
    passengerID: 'u2',
    passengerFirst: 'Charles',
    passengerLast: 'Babbage',
    pilotInCharge: true,
    shareCost: true,
    glider: 'C-GABC',
    launchType: '2000 ft',
    introRef: '',
    towSpeed: 60,
    ...waitingFlightFields(),
    submittedAt: LAUNCH - 600_000,
    queuedAt: fields.submittedAt ?? LAUNCH - 600_000,
    acceptedAt: LAUNCH,
    launchedAt: LAUNCH,
    landedAt: LAUNCH + 42 * 60_000,
    releaseHeight: 2000,
    releaseSetBy: 'u3',
    towPilot: 'u3',
    tug: 'C-FTUG',
    launchTransaction: 1,
    landingTransaction: 2,
    ...fields,
  };
}

/** Test data: the update-flight ChangeFlight body the logs' flight modal sends — the flight as listed — with `edits`. */
export function changeFlightBody(f: FlightRecord, edits: Record<string, unknown> = {}) {
  return {
    id: f.id,
    action: 'ChangeFlight',
    date: f.dateString,
    glider: f.glider,
    user: f.user,
    first: f.first,
    last: f.last,
    flyWith: f.flyWith,
    passengerID: f.passengerID,
    passengerFirst: f.passengerFirst,
    passengerLast: f.passengerLast,
    pilotInCharge: f.pilotInCharge,
    shareCost: f.shareCost,
    launchType: f.launchType,
    towPilot: f.towPilot,
    tug: f.tug,
    launchedAt: f.launchedAt,
    landedAt: f.landedAt,
    releaseHeight: f.releaseHeight,
    introRef: f.introRef,
    launchTransaction: f.launchTransaction,
    landingTransaction: f.landingTransaction,
    ...edits,
  };
}

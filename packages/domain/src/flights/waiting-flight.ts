import type { FlightRecord } from '../api/types.ts';

/**
 * What a flight request holds until the line acts on it: no time after the
 * request, no release height, tow or charges, not locked, no corrections or late entries.
 * A fresh object each call, so no two flights share a corrections list.
 */
export function waitingFlightFields() {
  return {
    acceptedAt: null,
    launchedAt: null,
    offTowAt: null,
    landedAt: null,
    cancelledAt: null,
    releaseHeight: 0,
    releaseSetBy: '',
    towPilot: '',
    tug: '',
    launchTransaction: null,
    landingTransaction: null,
    launchCost: null,
    flightCost: null,
    flightLocked: false,
    corrections: [],
    lateEntries: [],
  } satisfies Partial<FlightRecord>;
}

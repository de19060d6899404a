import type { FlightRecord } from '@flightline/domain/api/types';

/**
 * The day's flights as the line page lists them (docs/flight-line.md "States
 * and line actions"): waiting for a launch, in progress (launched, not
 * landed), and landed. Cancelled flights leave every list.
 */

export interface LineLists {
  /** The next-flight picker, in submission order. */
  waiting: FlightRecord[];
  /** Launched, not landed: the Land list and the Undo launch list, first launched first. */
  inProgress: FlightRecord[];
  /** The Undo landing list, last landed first. */
  landed: FlightRecord[];
}

/** The queue's order: a request entered late stands where it arrived (`queuedAt`), not at its tap time. */
const bySubmission = (a: FlightRecord, b: FlightRecord) => a.queuedAt - b.queuedAt || a.id.localeCompare(b.id);

export function partitionFlights(flights: readonly FlightRecord[]): LineLists {
  const lists: LineLists = { waiting: [], inProgress: [], landed: [] };
  for (const flight of flights) {
    if (flight.cancelledAt !== null) continue;
    if (flight.landedAt !== null) lists.landed.push(flight);
    else if (flight.launchedAt !== null) lists.inProgress.push(flight);
    // A flight accepted but not launched still needs its launch: it stays on the picker.
    else lists.waiting.push(flight);
  }
  lists.waiting.sort(bySubmission);
  lists.inProgress.sort((a, b) => a.launchedAt! - b.launchedAt! || bySubmission(a, b));
  lists.landed.sort((a, b) => b.landedAt! - a.landedAt! || bySubmission(b, a));
  return lists;
}

/** 'Mary M.': first name and the first letter of the last name. */
export function pilotShortName(first: string, last: string): string {
  const initial = last.trim().charAt(0).toUpperCase();
  const name = first.trim();
  if (!initial) return name;
  return name ? `${name} ${initial}.` : `${initial}.`;
}

/**
 * The label of a flight on the line (as on Awaiting launches): pilot first name and last initial, glider, launch
 * type.
 */
export function flightLabel(flight: Pick<FlightRecord, 'first' | 'last' | 'glider' | 'launchType'>): string {
  return [pilotShortName(flight.first, flight.last), flight.glider, flight.launchType].filter(Boolean).join(', ');
}

/** The flight a phone had chosen, if it is still waiting (another phone may have launched or removed it). */
export function stillWaiting(waiting: readonly FlightRecord[], id: string | null): FlightRecord | null {
  return id === null ? null : (waiting.find((f) => f.id === id) ?? null);
}

/** A flight's release height is recorded (0 means not recorded, and is highlighted). */
export function hasReleaseHeight(flight: Pick<FlightRecord, 'releaseHeight'>): boolean {
  return flight.releaseHeight > 0;
}

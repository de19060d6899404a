import type { FlightRecord } from '@flightline/domain/api/types';
import type { OutboxEntry, OutboxWriteOf } from '@flightline/domain/field/outbox';

/**
 * The line as this phone will have made it once its waiting events reach the
 * server (docs/offline.md, "The outbox"): the day's flights from the last
 * poll, with this phone's requests and line actions still in the outbox laid
 * over them in tap order, each flight they touch marked "waiting to send". An
 * action the flight's state no longer allows (another phone got there first)
 * is left out here; the server will refuse it and the person is told.
 */

export interface PendingLine {
  flights: FlightRecord[];
  /** The labels of the events waiting for each flight. */
  waiting: Map<string, string[]>;
}

function apply(
  flight: FlightRecord,
  action: OutboxWriteOf<'line-action'>['input'],
  tappedAt: number,
): FlightRecord | null {
  const time = action.time ?? tappedAt;
  const flying = flight.launchedAt !== null && flight.landedAt === null;
  switch (action.action) {
    case 'Launch':
      if (flight.launchedAt !== null || flight.cancelledAt !== null) return null;
      return { ...flight, launchedAt: time, acceptedAt: flight.acceptedAt ?? time, tug: action.tug ?? flight.tug };
    case 'Landing':
      return flying ? { ...flight, landedAt: Math.max(time, flight.launchedAt!) } : null;
    case 'UndoLaunch':
      return flying ? { ...flight, launchedAt: null, acceptedAt: null, tug: '', towPilot: '', releaseHeight: 0 } : null;
    case 'UndoLanding':
      return flight.landedAt !== null ? { ...flight, landedAt: null } : null;
    case 'CancelRequest':
      return flight.launchedAt === null && flight.cancelledAt === null ? { ...flight, cancelledAt: time } : null;
    case 'ReleaseHeight':
      return flight.launchedAt !== null ? { ...flight, releaseHeight: action.releaseHeight } : null;
    default:
      return null;
  }
}

export function withPendingEvents(flights: readonly FlightRecord[], entries: readonly OutboxEntry[]): PendingLine {
  const byId = new Map(flights.map((f) => [f.id, f]));
  const waiting = new Map<string, string[]>();
  const mark = (id: string, label: string) => waiting.set(id, [...(waiting.get(id) ?? []), label]);
  for (const entry of entries) {
    if (entry.refusal !== null || entry.flightId === null) continue;
    if (entry.kind === 'flight-request') {
      const preview = entry.preview;
      if (preview && !byId.has(entry.flightId)) {
        byId.set(entry.flightId, preview);
        mark(entry.flightId, entry.label);
      }
      continue;
    }
    if (entry.kind !== 'line-action') continue;
    const flight = byId.get(entry.flightId);
    const next = flight ? apply(flight, entry.input, entry.tappedAt) : null;
    if (next) {
      byId.set(entry.flightId, next);
      mark(entry.flightId, entry.label);
    }
  }
  return { flights: [...byId.values()], waiting };
}

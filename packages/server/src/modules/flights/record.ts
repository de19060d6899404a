import type { FlightRecord } from '@flightline/domain/api/types';
import type { FlightRow } from './repo.ts';

type LateEntry = FlightRecord['lateEntries'][number];

/** Who reads the record: costs are theirs to see only on their own flights; the lock date locks a day's flights. */
export interface RecordViewer {
  userId: string;
  lockDate: string | null;
}

const ms = (at: Date | null): number | null => (at === null ? null : at.getTime());

/**
 * A flight as the API answers it: instants
 * in epoch ms, '' for what is not set. Launch and flight costs are shown only
 * to the flight's own user and never for intro flights (docs/flight-line.md "Calls").
 */
export function flightRecord(row: FlightRow, viewer: RecordViewer): FlightRecord {
  const showCosts = row.user_id === viewer.userId && row.fly_with !== 'Intro';
  return {
    id: row.id,
    dateString: row.day,
    user: row.user_id,
    first: row.first,
    last: row.last,
    flyWith: row.fly_with,
    passengerID: row.passenger_id ?? '',
    passengerFirst: row.passenger_first,
    passengerLast: row.passenger_last,
    pilotInCharge: row.pilot_in_charge,
    shareCost: row.share_cost,
    glider: row.glider,
    launchType: row.launch_type,
    introRef: row.intro_id ?? '',
    towSpeed: row.tow_speed_kn,
    submittedAt: row.submitted_at.getTime(),
    queuedAt: (row.entered_late_at ?? row.submitted_at).getTime(),
    acceptedAt: ms(row.accepted_at),
    launchedAt: ms(row.launched_at),
    offTowAt: ms(row.off_tow_at),
    landedAt: ms(row.landed_at),
    cancelledAt: ms(row.cancelled_at),
    releaseHeight: row.release_height,
    releaseSetBy: row.release_set_by ?? '',
    towPilot: row.tow_pilot ?? '',
    tug: row.tug ?? '',
    launchTransaction: row.launch_transaction,
    landingTransaction: row.landing_transaction,
    launchCost: showCosts ? row.launch_cost_cents : null,
    flightCost: showCosts ? row.flight_cost_cents : null,
    flightLocked: viewer.lockDate !== null && row.day <= viewer.lockDate,
    corrections: row.corrections.map((c) => ({
      by: c.by ?? '',
      byName: c.byName,
      submittedAt: Number(c.submittedAt),
      changes: c.changes,
    })),
    lateEntries: row.late_entries.map((e) => ({
      action: e.action as LateEntry['action'],
      by: e.by ?? '',
      byName: e.byName,
      happenedAt: Number(e.happenedAt),
      receivedAt: Number(e.receivedAt),
    })),
    ...(row.from_ogn?.length
      ? { fromOgn: row.from_ogn.map((e) => ({ action: e.action, happenedAt: Number(e.happenedAt) })) }
      : {}),
  };
}

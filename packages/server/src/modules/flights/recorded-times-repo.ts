import type { Kysely } from 'kysely';
import type { RecordedTime } from '@flightline/domain/api/charges';
import type { FlightChargeDetail } from '@flightline/domain/money/charge-breakdown';
import type { DB } from '../../db/schema.ts';

/**
 * Who recorded the times a flight charge used (issue 25 item 2; docs/accounting.md
 * "Charge breakdowns"): the line action that set the launch, the landing or
 * the release height — its sender, its tap time, when it arrived, whether it
 * was entered late — or the log edit that corrected it. Read from the
 * flight's append-only history as it stood when the charge was posted: the
 * latest record entered by then that set the time the charge shows.
 */

interface TimeRecord {
  event: RecordedTime['event'];
  /** The time or height it set. */
  value: number;
  byName: string;
  at: number;
  receivedAt: number;
  enteredLate: boolean;
  corrected: boolean;
}

const EVENT_OF_ACTION = { Launch: 'launch', Landing: 'landing', ReleaseHeight: 'releaseHeight' } as const;
const FIELD_OF_EVENT = { launch: 'launchedAt', landing: 'landedAt', releaseHeight: 'releaseHeight' } as const;

async function timeRecords(db: Kysely<DB>, clubId: string, flightId: string, until: Date): Promise<TimeRecord[]> {
  const [actions, corrections] = await Promise.all([
    db
      .selectFrom('flight_action as a')
      .leftJoin('user as u', 'u.id', 'a.by')
      .select([
        'a.action',
        'a.happened_at',
        'a.entered_at',
        'a.entered_late',
        'a.response',
        'u.firstName',
        'u.lastName',
      ])
      .where('a.club_id', '=', clubId)
      .where('a.flight_id', '=', flightId)
      .where('a.action', 'in', ['Launch', 'Landing', 'ReleaseHeight'])
      .where('a.entered_at', '<=', until)
      .orderBy('a.id')
      .execute(),
    db
      .selectFrom('flight_correction as c')
      .leftJoin('user as u', 'u.id', 'c.by')
      .select(['c.submitted_at', 'c.changes', 'u.firstName', 'u.lastName'])
      .where('c.club_id', '=', clubId)
      .where('c.flight_id', '=', flightId)
      .where('c.submitted_at', '<=', until)
      .orderBy('c.id')
      .execute(),
  ]);
  const name = (row: { firstName: string | null; lastName: string | null }) =>
    `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim();
  const records: TimeRecord[] = actions.map((row) => {
    const event = EVENT_OF_ACTION[row.action as keyof typeof EVENT_OF_ACTION];
    // A release height's value is the height its answer stored; a launch's or landing's, its time.
    const height = (row.response as { flight?: { releaseHeight?: number } }).flight?.releaseHeight ?? 0;
    return {
      event,
      value: event === 'releaseHeight' ? height : row.happened_at.getTime(),
      byName: name(row),
      at: row.happened_at.getTime(),
      receivedAt: row.entered_at.getTime(),
      enteredLate: row.entered_late,
      corrected: false,
    };
  });
  for (const row of corrections) {
    for (const event of ['launch', 'landing', 'releaseHeight'] as const) {
      const change = row.changes[FIELD_OF_EVENT[event]];
      if (change === undefined || typeof change[1] !== 'number') continue;
      const at = event === 'releaseHeight' ? row.submitted_at.getTime() : change[1];
      records.push({
        event,
        value: change[1],
        byName: name(row),
        at,
        receivedAt: row.submitted_at.getTime(),
        enteredLate: false,
        corrected: true,
      });
    }
  }
  return records.sort((a, b) => a.receivedAt - b.receivedAt);
}

/**
 * The times (and the release height) a tow or rental used, each with who recorded it; one that no record explains
 * is left out.
 */
export async function recordedTimes(
  db: Kysely<DB>,
  clubId: string,
  detail: FlightChargeDetail,
  entry: { effective_at: Date; entered_at: Date },
): Promise<RecordedTime[]> {
  const records = await timeRecords(db, clubId, detail.flightId, entry.entered_at);
  const wanted: { event: RecordedTime['event']; value: number }[] =
    detail.kind === 'rental'
      ? [
          { event: 'launch', value: detail.launchedAt },
          { event: 'landing', value: detail.landedAt },
        ]
      : [
          // A tow is effective at the launch.
          { event: 'launch', value: entry.effective_at.getTime() },
          ...(detail.pricing === 'variable' ? [{ event: 'releaseHeight' as const, value: detail.releaseHeight }] : []),
        ];
  return wanted.flatMap(({ event, value }) => {
    const found = records.findLast((record) => record.event === event && record.value === value);
    if (!found) return [];
    return [
      {
        event,
        at: found.at,
        byName: found.byName,
        receivedAt: found.receivedAt,
        enteredLate: found.enteredLate,
        corrected: found.corrected,
      },
    ];
  });
}

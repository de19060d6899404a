import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { OgnDevice } from '@flightline/domain/ogn/ddb';
import type { DB, OgnDetectionTable } from '../../db/schema.ts';

/** The OGN feed's tables (migration 0024): the device database, the crew's detections, the feed's state, the lease. */

type Db = Kysely<DB> | Transaction<DB>;

// ── The device database ──────────────────────────────────────────────────────

/** Replace the device database with an import's devices, in one transaction. */
export async function replaceDevices(trx: Transaction<DB>, devices: readonly OgnDevice[]): Promise<void> {
  await trx.deleteFrom('ogn_device').execute();
  for (let i = 0; i < devices.length; i += 1000) {
    const rows = devices.slice(i, i + 1000).map((d) => ({
      device_id: d.deviceId,
      device_type: d.deviceType,
      aircraft_model: d.aircraftModel,
      registration: d.registration,
      cn: d.cn,
      tracked: d.tracked,
      identified: d.identified,
    }));
    await trx
      .insertInto('ogn_device')
      .values(rows)
      .onConflict((oc) => oc.column('device_id').doNothing())
      .execute();
  }
}

export function findDevice(db: Db, deviceId: string) {
  return db.selectFrom('ogn_device').selectAll().where('device_id', '=', deviceId).executeTakeFirst();
}

/** Of these addresses, those whose owners asked not to be tracked. */
export async function untrackedDevices(db: Db, deviceIds: readonly string[]): Promise<Set<string>> {
  if (deviceIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('ogn_device')
    .select('device_id')
    .where('device_id', 'in', deviceIds)
    .where('tracked', '=', false)
    .execute();
  return new Set(rows.map((row) => row.device_id));
}

// ── Detections ───────────────────────────────────────────────────────────────

/** A detection, once per event key: a replay or a second process adds nothing. */
export async function insertDetection(db: Db, values: Insertable<OgnDetectionTable>): Promise<void> {
  await db
    .insertInto('ogn_detection')
    .values(values)
    .onConflict((oc) => oc.columns(['club_id', 'event_key']).doNothing())
    .execute();
}

/** The tow's measurements added to a detection of its takeoff still open. */
export async function addReleaseToDetection(
  db: Db,
  clubId: string,
  eventKey: string,
  values: { tug: string | null; release_height_metres: number; off_tow_at: Date },
): Promise<void> {
  await db
    .updateTable('ogn_detection')
    .set(values)
    .where('club_id', '=', clubId)
    .where('event_key', '=', eventKey)
    .where('status', 'in', ['suggested', 'unmatched'])
    .execute();
}

export function openDetections(db: Db, clubId: string, day: string) {
  return db
    .selectFrom('ogn_detection')
    .selectAll()
    .where('club_id', '=', clubId)
    .where('day', '=', day)
    .where('status', 'in', ['suggested', 'unmatched'])
    .orderBy('happened_at')
    .orderBy('id')
    .limit(100)
    .execute();
}

export function lockDetection(trx: Transaction<DB>, clubId: string, id: number) {
  return trx
    .selectFrom('ogn_detection')
    .selectAll()
    .where('club_id', '=', clubId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function decideDetection(
  trx: Transaction<DB>,
  clubId: string,
  id: number,
  values: { status: 'accepted' | 'dismissed'; decided_by: string; decided_at: Date; flight_id?: string },
): Promise<void> {
  await trx.updateTable('ogn_detection').set(values).where('club_id', '=', clubId).where('id', '=', id).execute();
}

/** Open suggestions on a flight that a crew's tap has made moot (it launched or landed meanwhile). */
export async function closeDetectionsOfFlight(
  db: Db,
  clubId: string,
  flightId: string,
  kinds: readonly OgnDetectionTable['kind'][],
  at: Date,
): Promise<void> {
  await db
    .updateTable('ogn_detection')
    .set({ status: 'dismissed', decided_at: at })
    .where('club_id', '=', clubId)
    .where('flight_id', '=', flightId)
    .where('kind', 'in', kinds)
    .where('status', '=', 'suggested')
    .execute();
}

// ── The feed's state ─────────────────────────────────────────────────────────

export async function saveFeedState(
  db: Db,
  values: {
    club_id: string;
    connected: boolean;
    aircraft_in_range: number;
    last_beacon_at: Date | null;
    updated_at: Date;
  },
): Promise<void> {
  await db
    .insertInto('ogn_feed_state')
    .values(values)
    .onConflict((oc) =>
      oc.column('club_id').doUpdateSet({
        connected: values.connected,
        aircraft_in_range: values.aircraft_in_range,
        last_beacon_at: values.last_beacon_at,
        updated_at: values.updated_at,
      }),
    )
    .execute();
}

export function findFeedState(db: Db, clubId: string) {
  return db.selectFrom('ogn_feed_state').selectAll().where('club_id', '=', clubId).executeTakeFirst();
}

// ── The lease ────────────────────────────────────────────────────────────────

/**
 * Take or renew the lease for `holder` until now + `seconds` (the database's
 * clock, so processes with drifting clocks agree): it is taken when free,
 * expired, or already this holder's. Answers whether this holder has it.
 */
export async function takeLease(db: Db, holder: string, seconds: number): Promise<boolean> {
  const result = await sql<{ holder: string }>`
    insert into ogn_feed_lease (id, holder, expires_at) values (true, ${holder}, now() + make_interval(secs =>
    ${seconds}))
    on conflict (id) do update set holder = excluded.holder, expires_at = excluded.expires_at
      where ogn_feed_lease.holder = excluded.holder or ogn_feed_lease.expires_at < now()
    returning holder`.execute(db);
  return result.rows.length === 1;
}

/** Give the lease up (a process shutting down): another takes it at its next try. */
export async function releaseLease(db: Db, holder: string): Promise<void> {
  await db.deleteFrom('ogn_feed_lease').where('holder', '=', holder).execute();
}

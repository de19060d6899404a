import { randomUUID } from 'node:crypto';
import { sql, type Insertable, type Kysely } from 'kysely';
import { flightCreatedAnswer, flightReplayedAnswer } from '@flightline/domain/api/items';
import { depositPostings } from '@flightline/domain/money/ledger';
import type { UpdateItemInput } from '@flightline/domain/schemas/items';
import type { DB } from '../../src/db/schema.ts';
import { insertEntry } from '../../src/modules/ledger/posting-repo.ts';
import { DEMO_VARIABLE_RANGES } from '../../src/seed/demo-club.ts';
import { answerAs, type CallResponse } from './api.ts';

/** Test helpers for the flight line: a club's fleet and price list, money in, and reading flights back. */

export interface FleetOptions {
  paymentMethods?: string[];
  minimumLevelCents?: number;
  warningLevelCents?: number;
  introStaleDays?: number;
}

/**
 * The fleet every flight-line test flies: two-seat ASK-21 (50¢/min) and
 * DG-1000, single-seat 1-26 (30¢/min), a Not ready Blanik, a tug C-GTOW;
 * launch types '2000 ft' (fixed, $40.00), 'Variable' (ranges 0–1000 per 1000
 * for $30.00, 1000–5000 per 100 for $2.50) and an inactive 'Winch'; the intro
 * launch 'Intro flight' ($150.00 on '2000 ft').
 */
export async function createFleet(db: Kysely<DB>, clubId: string, options: FleetOptions = {}): Promise<void> {
  await db
    .updateTable('club')
    .set({
      payment_methods: options.paymentMethods ?? ['Cash', 'Card'],
      minimum_level_cents: options.minimumLevelCents ?? 0,
      warning_level_cents: options.warningLevelCents ?? 2000,
      intro_stale_days: options.introStaleDays ?? 365,
    })
    .where('id', '=', clubId)
    .execute();
  await db
    .insertInto('glider')
    .values([
      {
        club_id: clubId,
        id: 'ASK-21',
        places: 2,
        status: 'Ready',
        rate_cents_per_minute: 50,
        launch_speed_kn: 60,
        weight_kg: 360,
      },
      { club_id: clubId, id: 'DG-1000', places: 2, status: 'Ready', rate_cents_per_minute: 80, launch_speed_kn: 65 },
      { club_id: clubId, id: '1-26', places: 1, status: 'Ready', rate_cents_per_minute: 30, launch_speed_kn: 55 },
      { club_id: clubId, id: 'Blanik', places: 2, status: 'Not ready', rate_cents_per_minute: 40 },
    ])
    .execute();
  await db
    .insertInto('tug')
    .values({ club_id: clubId, id: 'C-GTOW', status: 'Ready', aircraft_type: 'Pawnee' })
    .execute();
  await db
    .insertInto('launch_type')
    .values([
      { club_id: clubId, id: '2000 ft', kind: 'fixed', price_cents: 4000, height: 2000 },
      {
        club_id: clubId,
        id: 'Variable',
        kind: 'variable',
        price_cents: 0,
        height_ranges: JSON.stringify(DEMO_VARIABLE_RANGES),
      },
      { club_id: clubId, id: 'Winch', kind: 'fixed', price_cents: 1500, is_active: false },
    ])
    .execute();
  await db
    .insertInto('intro_launch')
    .values({ club_id: clubId, id: 'Intro flight', launch_type_id: '2000 ft', price_cents: 15000 })
    .execute();
}

/** Money in for a member: a Cash deposit posted straight to the ledger. */
export async function depositFor(
  db: Kysely<DB>,
  clubId: string,
  memberId: string,
  amountCents: number,
  at: number,
): Promise<void> {
  await db.transaction().execute((trx) =>
    insertEntry(trx, {
      clubId,
      effectiveAt: new Date(at),
      enteredAt: new Date(at),
      enteredBy: memberId,
      transactionType: 'Deposit',
      description: 'Deposit (Cash)',
      note: '',
      reference: '',
      idempotencyKey: null,
      reversesId: null,
      lines: depositPostings({ memberId, amountCents, transferType: 'Cash' }),
    }),
  );
}

/** An intro bought earlier, straight into the table (the sale's money is not the point of these tests). */
export async function createIntro(
  db: Kysely<DB>,
  clubId: string,
  values: {
    sn: string;
    purchaseDate?: string;
    staleDate?: string;
    refunded?: boolean;
    cancelled?: boolean;
    first?: string;
    last?: string;
    email?: string;
  },
): Promise<string> {
  const row = await db
    .insertInto('intro')
    .values({
      club_id: clubId,
      sn: values.sn,
      recipient_first: values.first ?? 'Ivy',
      recipient_last: values.last ?? 'Intro',
      buyer_email: values.email ?? '',
      launch_type: 'Intro flight',
      price_cents: 15000,
      purchase_date: values.purchaseDate ?? '2025-01-10',
      stale_date: values.staleDate ?? '2026-01-10',
      refunded_at: values.refunded ? new Date() : null,
      cancelled_at: values.cancelled ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A tow pilot checked in on a tug (the tugs' log), so launches default to them. */
/**
 * A flight row straight into the table (for what the line or billing would have left): `row` under a new id; that
 * id.
 */
export async function insertFlight(db: Kysely<DB>, row: Omit<Insertable<DB['flight']>, 'id'>): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('flight')
    .values({ id, ...row })
    .execute();
  return id;
}

export async function checkInTowPilot(
  db: Kysely<DB>,
  clubId: string,
  tug: string,
  pilot: string,
  at: number,
): Promise<void> {
  await db
    .insertInto('tow_event')
    .values({
      club_id: clubId,
      tug,
      happened_at: new Date(at),
      by: pilot,
      kind: 'checkIn',
      hobbs_hundredths: 123450,
      pilot,
    })
    .execute();
}

/**
 * update-item FLIGHT body: an Alone flight in ASK-21 on '2000 ft' unless `data` says otherwise (data any shape: the
 * refusal tests send wrong ones).
 */
export function flightBody(
  userId: string,
  data: Record<string, unknown> = {},
  envelope: Partial<Pick<UpdateItemInput, 'id' | 'club' | 'date' | 'by'>> = {},
) {
  return {
    type: 'FLIGHT',
    id: randomUUID(),
    data: { user: userId, flyWith: 'Alone', glider: 'ASK-21', launchType: '2000 ft', weight: 80, towSpeed: 0, ...data },
    ...envelope,
  };
}

/**
 * update-item's answer to a flight request as this server gives it (the flight placed), checked against its
 * declared schema.
 */
export function flightPlaced(response: CallResponse<'POST /api/update-item/'>) {
  return answerAs(response, flightCreatedAnswer);
}

/**
 * update-item's answer to a flight request sent again: the first answer as stored, whatever record an older server
 * stored in it.
 */
export function flightReplayed(response: CallResponse<'POST /api/update-item/'>) {
  return answerAs(response, flightReplayedAnswer);
}

/** What a refused call must leave as it was: flights, line actions, intros, ledger entries, each glider's status. */
export async function lineSnapshot(db: Kysely<DB>, clubId: string) {
  const counts = await sql<{ flights: number; actions: number; intros: number; transactions: number; linked: number }>`
    select (select count(*) from flight where club_id = ${clubId})::bigint as flights,
           (select count(*) from flight_action where club_id = ${clubId})::bigint as actions,
           (select count(*) from intro where club_id = ${clubId})::bigint as intros,
           (select count(*) from intro where club_id = ${clubId} and flight_ref is not null)::bigint as linked,
           (select count(*) from ledger_transaction where club_id = ${clubId})::bigint as transactions`.execute(db);
  const gliders = await db
    .selectFrom('glider')
    .select(['id', 'status'])
    .where('club_id', '=', clubId)
    .orderBy('id')
    .execute();
  const flights = await db
    .selectFrom('flight')
    .select(['id', 'launched_at', 'landed_at', 'cancelled_at', 'release_height', 'tug', 'tow_pilot'])
    .where('club_id', '=', clubId)
    .orderBy('id')
    .execute();
  return { ...counts.rows[0]!, gliders, flights };
}

export async function gliderStatus(db: Kysely<DB>, clubId: string, glider: string): Promise<string> {
  const row = await db
    .selectFrom('glider')
    .select('status')
    .where('club_id', '=', clubId)
    .where('id', '=', glider)
    .executeTakeFirstOrThrow();
  return row.status;
}

/** A member's balance straight from the ledger: −(sum of their 2100 postings). */
export async function balanceOf(db: Kysely<DB>, clubId: string, memberId: string): Promise<number> {
  const row = await sql<{ total: number }>`
    select coalesce(sum(amount_cents), 0)::bigint as total from posting
     where club_id = ${clubId} and account = 2100 and member_id = ${memberId}`.execute(db);
  return 0 - row.rows[0]!.total;
}

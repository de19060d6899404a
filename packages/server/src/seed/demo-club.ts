import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import type { Kysely, Transaction } from 'kysely';
import type { HeightRange } from '@flightline/domain/money/height-ranges';
import type { DB } from '../db/schema.ts';
import { existingDemoPassword, randomDemoPassword, storeDemoPassword, type DemoPassword } from './demo-password.ts';

export const DEMO_CLUB_NAME = 'Demo Soaring Club';
export const DEMO_ADMIN_EMAIL = 'admin@demo.flightline.local';
/** The demo's variable tow: $30.00 for the first 1000 ft, then $2.50 per 100 ft up to 5000 ft. */
export const DEMO_VARIABLE_RANGES: HeightRange[] = [
  { start: 0, end: 1000, per: 1000, costCents: 3000 },
  { start: 1000, end: 5000, per: 100, costCents: 250 },
];

/** The demo club's people: email, names and their flags in the club. */
export const DEMO_MEMBERS = [
  { email: DEMO_ADMIN_EMAIL, first: 'Alex', last: 'Admin', flags: { is_admin: true, is_instructor: true } },
  { email: 'instructor@demo.flightline.local', first: 'Irene', last: 'Instructor', flags: { is_instructor: true } },
  { email: 'towpilot@demo.flightline.local', first: 'Tom', last: 'Towpilot', flags: { is_tow_pilot: true } },
  { email: 'ground@demo.flightline.local', first: 'Gary', last: 'Ground', flags: { ground_only: true } },
  { email: 'member@demo.flightline.local', first: 'Mary', last: 'Member', flags: {} },
] as const;

export interface DemoSeedResult {
  created: boolean;
  clubId: string;
  clubName: string;
  adminEmail: string;
  /** The demo people's password, when this start knows it still works (seed/demo-password.ts). */
  password: DemoPassword;
}

/** Create a person who can log in with email and password (a confirmed better-auth user). */
export async function createPasswordUser(
  trx: Kysely<DB> | Transaction<DB>,
  person: { email: string; first: string; last: string; password: string },
): Promise<string> {
  const id = randomUUID();
  const now = new Date();
  await trx
    .insertInto('user')
    .values({
      id,
      name: `${person.first} ${person.last}`,
      email: person.email.toLowerCase(),
      emailVerified: true,
      image: null,
      createdAt: now,
      updatedAt: now,
      firstName: person.first,
      lastName: person.last,
    })
    .execute();
  await trx
    .insertInto('account')
    .values({
      id: randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: await hashPassword(person.password),
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return id;
}

/**
 * Seed "Demo Soaring Club" on a database that does not have it yet, in
 * `timeZone` (default America/Toronto). Its people get `password`, or by
 * default a fresh random one (never a known one: `npm start` listens on every
 * address), kept in app_setting so that a later start can print it again.
 * Running it again changes nothing (it finds the club by name) and says what
 * it knows of the password.
 */
export async function seedDemoClub(
  db: Kysely<DB>,
  options: { timeZone?: string; password?: string } = {},
): Promise<DemoSeedResult> {
  const result = (created: boolean, clubId: string, password: DemoPassword): DemoSeedResult => ({
    created,
    clubId,
    clubName: DEMO_CLUB_NAME,
    adminEmail: DEMO_ADMIN_EMAIL,
    password,
  });
  const existing = await db.selectFrom('club').select('id').where('name', '=', DEMO_CLUB_NAME).executeTakeFirst();
  if (existing) return result(false, existing.id, await existingDemoPassword(db, DEMO_ADMIN_EMAIL));

  const password = options.password ?? randomDemoPassword();

  return db.transaction().execute(async (trx) => {
    const club = await trx
      .insertInto('club')
      .values({
        name: DEMO_CLUB_NAME,
        short_name: 'DSC',
        time_zone: options.timeZone ?? 'America/Toronto',
        currency: 'CAD',
        height_unit: 'ft',
        tax_rates: JSON.stringify({ HST: 0.13 }),
        membership_year_end: '12-31',
        warning_level_cents: 5000,
        minimum_level_cents: 0,
        intro_stale_days: 365,
        fee_list: ['Membership', 'Hangar', 'Tie-down'],
        payment_methods: ['Cash', 'Cheque', 'Credit Card', 'E-Transfer'],
        message:
          '<p><strong>Welcome to the Demo Soaring Club!</strong> The field opens at 9:00 on weekends. ' +
          'Check the glider is <em>Ready</em> before you request a launch.</p>',
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    for (const member of DEMO_MEMBERS) {
      const userId = await createPasswordUser(trx, { ...member, password });
      await trx.insertInto('profile').values({ user_id: userId, active_club_id: club.id }).execute();
      await trx
        .insertInto('pilot')
        .values({ club_id: club.id, user_id: userId, is_active: true, activated_at: new Date(), ...member.flags })
        .execute();
    }

    await trx
      .insertInto('glider')
      .values([
        {
          club_id: club.id,
          id: 'C-GDSA',
          aircraft_type: 'ASK 21',
          places: 2,
          weight_kg: 390,
          rate_cents_per_minute: 60,
          launch_speed_kn: 60,
          status: 'Ready',
          tax_status: 'exclusive',
          tax_names: ['HST'],
        },
        {
          club_id: club.id,
          id: 'C-GDSB',
          aircraft_type: 'Grob 103',
          places: 2,
          weight_kg: 360,
          rate_cents_per_minute: 50,
          launch_speed_kn: 55,
          status: 'Ready',
          tax_status: 'exclusive',
          tax_names: ['HST'],
        },
        {
          club_id: club.id,
          id: 'C-FDSC',
          aircraft_type: 'Schweizer 1-26',
          places: 1,
          weight_kg: 250,
          rate_cents_per_minute: 40,
          launch_speed_kn: 55,
          status: 'Ready',
          tax_status: 'exclusive',
          tax_names: ['HST'],
        },
      ])
      .execute();
    await trx
      .insertInto('tug')
      .values({ club_id: club.id, id: 'C-FTOW', aircraft_type: 'Piper Pawnee', places: 1, status: 'Ready' })
      .execute();
    await trx
      .insertInto('launch_type')
      .values([
        {
          club_id: club.id,
          id: '2000 ft',
          kind: 'fixed',
          price_cents: 4000,
          height: 2000,
          tax_status: 'exclusive',
          tax_names: ['HST'],
        },
        {
          club_id: club.id,
          id: 'Variable',
          kind: 'variable',
          price_cents: 0,
          height_ranges: JSON.stringify(DEMO_VARIABLE_RANGES),
          tax_status: 'exclusive',
          tax_names: ['HST'],
        },
      ])
      .execute();
    await trx
      .insertInto('intro_launch')
      .values([
        {
          club_id: club.id,
          id: 'Intro flight',
          launch_type_id: '2000 ft',
          price_cents: 15000,
          tax_status: 'inclusive',
          tax_names: ['HST'],
        },
        {
          club_id: club.id,
          id: 'Intro soaring flight',
          launch_type_id: 'Variable',
          price_cents: 22500,
          tax_status: 'inclusive',
          tax_names: ['HST'],
        },
      ])
      .execute();
    await trx
      .insertInto('block_rule')
      .values({
        club_id: club.id,
        name: 'Season rental 600 min',
        units: 'minutes',
        amount: 600,
        price_cents: 30000,
        tax_status: 'exclusive',
        tax_names: ['HST'],
        max_flight_units: 120,
      })
      .execute();
    await storeDemoPassword(trx, password);
    return result(true, club.id, { kind: 'known', password });
  });
}

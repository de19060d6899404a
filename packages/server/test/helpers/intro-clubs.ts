import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { DB } from '../../src/db/schema.ts';
import { refusal } from './api.ts';
import { createFleet } from './flights.ts';
import { ledgerCounts, setClubAccounting } from './ledger.ts';
import { createClub, createPerson } from './test-app.ts';

export type IntroPerson = Awaited<ReturnType<typeof createPerson>>;

export interface IntroClubs {
  /** Sells intros: a 13 % HST, and the 'Taxed intro' launch at $150.00 with the tax included. */
  alpha: string;
  bravo: string;
  admin: IntroPerson;
  /** Can add intros. */
  seller: IntroPerson;
  /** Can add funds. */
  treasurer: IntroPerson;
  member: IntroPerson;
  /** An admin of bravo. */
  outsider: IntroPerson;
}

/** The two clubs and the people of the intro sale, refund, cancel and write-down tests. */
export async function createIntroClubs(db: Kysely<DB>): Promise<IntroClubs> {
  const alpha = await createClub(db, { name: 'Alpha Soaring', time_zone: 'America/Toronto' });
  const bravo = await createClub(db, { name: 'Bravo Gliding', time_zone: 'America/Toronto' });
  await createFleet(db, alpha);
  await createFleet(db, bravo);
  await setClubAccounting(db, alpha, { taxRates: { HST: 0.13 } });
  // $150.00 with 13 % HST included.
  await db.insertInto('intro_launch').values({ club_id: alpha, id: 'Taxed intro', launch_type_id: '2000 ft', price_cents: 15_000, tax_status: 'inclusive', tax_names: ['HST'] }).execute();
  return {
    alpha,
    bravo,
    admin: await createPerson(db, { club: alpha, first: 'Ada', last: 'Admin', flags: { is_admin: true } }),
    seller: await createPerson(db, { club: alpha, first: 'Sid', last: 'Seller', flags: { can_add_intros: true } }),
    treasurer: await createPerson(db, { club: alpha, first: 'Tess', last: 'Treasurer', flags: { can_add_funds: true } }),
    member: await createPerson(db, { club: alpha, first: 'Mo', last: 'Member' }),
    outsider: await createPerson(db, { club: bravo, first: 'Otto', last: 'Outsider', flags: { is_admin: true } }),
  };
}

/** A refusal answers exactly `status` and `message`, and changes neither the club's ledger nor its intros. */
export async function expectRefusedUnchanged(db: Kysely<DB>, club: string, response: Promise<{ json(): unknown }>, status: number, message: string): Promise<void> {
  const intros = () => db.selectFrom('intro').selectAll().where('club_id', '=', club).orderBy('id').execute();
  const ledger = await ledgerCounts(db, club);
  const before = await intros();
  expect((await response).json()).toEqual(refusal(status, message));
  expect(await ledgerCounts(db, club)).toEqual(ledger);
  expect(await intros()).toEqual(before);
}

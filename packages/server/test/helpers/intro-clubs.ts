import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { DB } from '../../src/db/schema.ts';
import { refusal } from './api.ts';
import { openTwoClubs, type TwoClubs } from './clubs.ts';
import { ledgerCounts, setClubAccounting } from './ledger.ts';
import { createPerson, type Person, type TestAppOptions } from './test-app.ts';

export interface IntroClubs extends TwoClubs {
  /** Sells intros: a 13 % HST, and the 'Taxed intro' launch at $150.00 with the tax included. */
  alpha: string;
  admin: Person;
  /** Can add intros. */
  seller: Person;
  /** Can add funds. */
  treasurer: Person;
  member: Person;
  /** An admin of bravo. */
  outsider: Person;
  /** A refusal in alpha answers exactly `status` and `message`, and changes neither alpha's ledger nor its intros. */
  refused(response: Promise<{ json(): unknown }>, status: number, message: string): Promise<void>;
}

/** A test app with the two clubs and the people of the intro refund, cancel and write-down tests. */
export async function openIntroClubs(options: TestAppOptions = {}): Promise<IntroClubs> {
  const { t, api, alpha, bravo } = await openTwoClubs(options, { fleet: true });
  await setClubAccounting(t.db, alpha, { taxRates: { HST: 0.13 } });
  // $150.00 with 13 % HST included.
  await t.db
    .insertInto('intro_launch')
    .values({
      club_id: alpha,
      id: 'Taxed intro',
      launch_type_id: '2000 ft',
      price_cents: 15_000,
      tax_status: 'inclusive',
      tax_names: ['HST'],
    })
    .execute();
  return {
    t,
    api,
    alpha,
    bravo,
    admin: await createPerson(t.db, { club: alpha, first: 'Ada', last: 'Admin', flags: { is_admin: true } }),
    seller: await createPerson(t.db, { club: alpha, first: 'Sid', last: 'Seller', flags: { can_add_intros: true } }),
    treasurer: await createPerson(t.db, {
      club: alpha,
      first: 'Tess',
      last: 'Treasurer',
      flags: { can_add_funds: true },
    }),
    member: await createPerson(t.db, { club: alpha, first: 'Mo', last: 'Member' }),
    outsider: await createPerson(t.db, { club: bravo, first: 'Otto', last: 'Outsider', flags: { is_admin: true } }),
    refused: (response, status, message) => expectRefusedUnchanged(t.db, alpha, response, status, message),
  };
}

/** A refusal answers exactly `status` and `message`, and changes neither the club's ledger nor its intros. */
async function expectRefusedUnchanged(
  db: Kysely<DB>,
  club: string,
  response: Promise<{ json(): unknown }>,
  status: number,
  message: string,
): Promise<void> {
  const intros = () => db.selectFrom('intro').selectAll().where('club_id', '=', club).orderBy('id').execute();
  const ledger = await ledgerCounts(db, club);
  const before = await intros();
  expect((await response).json()).toEqual(refusal(status, message));
  expect(await ledgerCounts(db, club)).toEqual(ledger);
  expect(await intros()).toEqual(before);
}

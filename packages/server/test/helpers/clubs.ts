import type { Insertable, Kysely } from 'kysely';
import { clubSettings } from '@flightline/domain/fixtures/club';
import type { DB } from '../../src/db/schema.ts';
import { apiClient, type ApiClient } from './api.ts';
import { createFleet, type FleetOptions } from './flights.ts';
import {
  createClub,
  createPerson,
  createTestApp,
  type Person,
  type PersonValues,
  type TestApp,
  type TestAppOptions,
} from './test-app.ts';

/** The app of an API test and the two clubs most of them run in. */
export interface TwoClubs {
  t: TestApp;
  api: ApiClient;
  /** Alpha Soaring, the club under test (Toronto time). */
  alpha: string;
  /** Bravo Gliding (Toronto time): the other club, whose people and items a test proves out of reach. */
  bravo: string;
}

/** The people a test signs in, by the name it calls them, given the two clubs' ids. */
export type PeopleOf = (clubs: { alpha: string; bravo: string }) => Record<string, PersonValues>;

/** Two clubs and the people signed in there: who they are, their user ids and session cookies, by name. */
export interface TwoClubsAndPeople extends TwoClubs {
  people: Record<string, Person>;
  ids: Record<string, string>;
  cookies: Record<string, string>;
}

/**
 * A test app with Alpha Soaring and Bravo Gliding; with `fleet`, each club
 * flies the flight-line fleet of createFleet; with `people`, those are created
 * and signed in, in the order given (signInPeople).
 */
export async function openTwoClubs(options?: TestAppOptions, clubs?: { fleet?: boolean }): Promise<TwoClubs>;
export async function openTwoClubs(
  options: TestAppOptions,
  clubs: { fleet?: boolean; people: PeopleOf },
): Promise<TwoClubsAndPeople>;
export async function openTwoClubs(
  options: TestAppOptions = {},
  clubs: { fleet?: boolean; people?: PeopleOf } = {},
): Promise<TwoClubs> {
  const t = await createTestApp(options);
  const alpha = await createClub(t.db, { name: 'Alpha Soaring' });
  const bravo = await createClub(t.db, { name: 'Bravo Gliding' });
  if (clubs.fleet) {
    await createFleet(t.db, alpha);
    await createFleet(t.db, bravo);
  }
  const opened = { t, api: apiClient(t), alpha, bravo };
  return clubs.people ? { ...opened, ...(await signInPeople(t, clubs.people({ alpha, bravo }))) } : opened;
}

export type AlphaClub = Omit<TwoClubs, 'bravo'>;

/**
 * A test app with Alpha Soaring alone (Toronto time); with `fleet`, the club flies the flight-line fleet of
 * createFleet.
 */
export async function openAlpha(
  options: TestAppOptions = {},
  club: { fleet?: true | FleetOptions } = {},
): Promise<AlphaClub> {
  const t = await createTestApp(options);
  const alpha = await createClub(t.db, { name: 'Alpha Soaring' });
  if (club.fleet) await createFleet(t.db, alpha, club.fleet === true ? {} : club.fleet);
  return { t, api: apiClient(t), alpha };
}

/**
 * Each person of `people` created and signed in, in the order given: who they are, their user ids and session
 * cookies, by the name the test calls them.
 */
export async function signInPeople<Name extends string>(
  t: TestApp,
  people: Record<Name, PersonValues>,
): Promise<{ people: Record<Name, Person>; ids: Record<Name, string>; cookies: Record<Name, string> }> {
  const created = {} as Record<Name, Person>;
  const ids = {} as Record<Name, string>;
  const cookies = {} as Record<Name, string>;
  for (const [name, values] of Object.entries(people) as [Name, PersonValues][]) {
    created[name] = await createPerson(t.db, values);
    ids[name] = created[name].userId;
    cookies[name] = await t.signIn(created[name].email);
  }
  return { people: created, ids, cookies };
}

/** What get-club-settings answers for a new club named Alpha Soaring: the defaults. */
export const NEW_ALPHA_SETTINGS = clubSettings('Alpha Soaring');

type ItemTable = 'glider' | 'tug' | 'launch_type' | 'intro_launch';

/**
 * Gliders, tugs, launch types and intro launches straight into their tables, in that order (an intro launch names
 * its launch type).
 */
export async function insertItems(db: Kysely<DB>, items: { [T in ItemTable]?: Insertable<DB[T]>[] }): Promise<void> {
  for (const table of ['glider', 'tug', 'launch_type', 'intro_launch'] as const) {
    const rows = items[table];
    if (rows?.length)
      await db
        .insertInto(table)
        .values(rows as never)
        .execute();
  }
}

/** Block rules straight into their table, one at a time in the order given: their ids, in that order. */
export async function insertBlockRules<const Rules extends readonly Insertable<DB['block_rule']>[]>(
  db: Kysely<DB>,
  rules: Rules,
): Promise<{ -readonly [K in keyof Rules]: string }> {
  const ids: string[] = [];
  for (const rule of rules)
    ids.push((await db.insertInto('block_rule').values(rule).returning('id').executeTakeFirstOrThrow()).id);
  return ids as { -readonly [K in keyof Rules]: string };
}

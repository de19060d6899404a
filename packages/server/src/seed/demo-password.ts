import { randomInt } from 'node:crypto';
import { verifyPassword } from 'better-auth/crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * The demo people's password in older versions, printed in their README:
 * anyone on the airfield's Wi-Fi could sign in as the demo admin. A demo club
 * made then still has it.
 */
export const OLD_PUBLISHED_DEMO_PASSWORD = 'flightline-demo';

/**
 * Where the password the demo club was made with is kept: the app_setting
 * table, beside the auth secret, so that every later start can print it
 * again on PGlite and on PostgreSQL alike.
 */
const SETTING_KEY = 'demo_password';

/** No 0/o, 1/l/i: read off a console, typed on a phone. 31 symbols, 20 of them: about 99 bits. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUPS = 4;
const GROUP_LENGTH = 5;

/** What a start can say about the demo people's password. */
export type DemoPassword =
  /** The password the club was made with, still the demo admin's. */
  | { kind: 'known'; password: string }
  /** A club made by an older version: its people still have OLD_PUBLISHED_DEMO_PASSWORD. */
  | { kind: 'old-published' }
  /** The demo admin has changed it since: nothing to print. */
  | { kind: 'changed' };

/** A fresh random password such as "k7m2p-x9qrt-4hnwc-e8vza" (crypto-random, four groups of five). */
export function randomDemoPassword(): string {
  const group = () => Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return Array.from({ length: GROUPS }, group).join('-');
}

/** Keeps `password` as the one the demo club was made with (in the transaction that makes the club). */
export async function storeDemoPassword(trx: Kysely<DB> | Transaction<DB>, password: string): Promise<void> {
  await trx
    .insertInto('app_setting')
    .values({ key: SETTING_KEY, value: password })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: password }))
    .execute();
}

/** The password the demo club was made with, unless an older version made it. */
export async function storedDemoPassword(db: Kysely<DB>): Promise<string | null> {
  const row = await db.selectFrom('app_setting').select('value').where('key', '=', SETTING_KEY).executeTakeFirst();
  return row?.value ?? null;
}

/**
 * What to say about an existing demo club's password: the stored one if the
 * demo admin still signs in with it; the old published one (a club an older
 * version made, never changed), to warn about; or that it has been changed.
 * Nobody's password is changed here.
 */
export async function existingDemoPassword(db: Kysely<DB>, adminEmail: string): Promise<DemoPassword> {
  const credential = await db
    .selectFrom('account')
    .innerJoin('user', 'user.id', 'account.userId')
    .select('account.password')
    .where('user.email', '=', adminEmail)
    .where('account.providerId', '=', 'credential')
    .executeTakeFirst();
  const hash = credential?.password;
  if (!hash) return { kind: 'changed' };
  const stored = await storedDemoPassword(db);
  if (stored !== null && (await verifyPassword({ hash, password: stored }))) return { kind: 'known', password: stored };
  if (stored === null && (await verifyPassword({ hash, password: OLD_PUBLISHED_DEMO_PASSWORD })))
    return { kind: 'old-published' };
  return { kind: 'changed' };
}

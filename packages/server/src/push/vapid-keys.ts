import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { DB } from '../db/schema.ts';

/** The installation's VAPID key pair (RFC 8292), base64url: the public key is what browsers subscribe with. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const SETTING_KEY = 'vapid_keys';

/**
 * The installation's VAPID keys: made once and kept in app_setting, like the
 * auth secret, so every process signs with the same key and the browsers'
 * subscriptions (made with its public half) stay valid across restarts. Two
 * processes starting at once both offer a pair; the first insert wins and
 * both read it back.
 */
export async function loadVapidKeys(db: Kysely<DB>): Promise<VapidKeys> {
  const made = webpush.generateVAPIDKeys();
  await db
    .insertInto('app_setting')
    .values({ key: SETTING_KEY, value: JSON.stringify({ publicKey: made.publicKey, privateKey: made.privateKey }) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_setting')
    .select('value')
    .where('key', '=', SETTING_KEY)
    .executeTakeFirstOrThrow();
  const keys = JSON.parse(row.value) as VapidKeys;
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

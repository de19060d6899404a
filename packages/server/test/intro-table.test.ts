import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import type { IntroTable } from '../src/db/schema.ts';
import { insertItems, openTwoClubs, type TwoClubs } from './helpers/clubs.ts';

/** The intro table keeps its own invariants (migration 0005), whatever code writes to it. */
describe('intro table constraints', () => {
  let { t, alpha, bravo } = {} as TwoClubs;

  beforeAll(async () => {
    ({ t, alpha, bravo } = await openTwoClubs());
    await insertItems(t.db, {
      launch_type: [{ club_id: alpha, id: '2000 ft', kind: 'fixed', price_cents: 4000, height: 2000 }],
      intro_launch: [{ club_id: alpha, id: 'Intro flight', launch_type_id: '2000 ft', price_cents: 15000 }],
    });
  });
  afterAll(() => t.close());

  const intro = (values: Partial<Insertable<IntroTable>> = {}): Insertable<IntroTable> => ({
    club_id: alpha,
    sn: 'ABC234',
    recipient_first: 'Rita',
    recipient_last: 'Recipient',
    launch_type: 'Intro flight',
    price_cents: 15000,
    purchase_date: '2025-07-01',
    stale_date: '2026-07-01',
    ...values,
  });
  const insert = (values: Partial<Insertable<IntroTable>>) => t.db.insertInto('intro').values(intro(values)).execute();

  it('stores an intro with its defaults (no flight, not written down, exempt)', async () => {
    const row = await t.db.insertInto('intro').values(intro()).returningAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      sn: 'ABC234',
      flight_ref: null,
      written_down: false,
      tax_status: 'exempt',
      tax_names: [],
      refunded_at: null,
      cancelled_at: null,
      purchase_date: '2025-07-01',
      stale_date: '2026-07-01',
    });
    expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a serial number is unique in its club whatever its case, and free in another club', async () => {
    await expect(insert({ sn: 'abc234' })).rejects.toThrow(/intro_sn_key/);
    await t.db.insertInto('launch_type').values({ club_id: bravo, id: '2000 ft', kind: 'fixed' }).execute();
    await t.db
      .insertInto('intro_launch')
      .values({ club_id: bravo, id: 'Intro flight', launch_type_id: '2000 ft', price_cents: 1 })
      .execute();
    await expect(insert({ club_id: bravo, sn: 'ABC234' })).resolves.toBeDefined();
  });

  it(
    "refuses an intro launch the club doesn't have, a negative " + 'price, an empty or long serial, no recipient name',
    async () => {
      await expect(insert({ sn: 'X1', launch_type: 'Winch' })).rejects.toThrow(/foreign key/);
      await expect(insert({ sn: 'X2', price_cents: -1 })).rejects.toThrow(/check constraint/);
      await expect(insert({ sn: '' })).rejects.toThrow(/check constraint/);
      await expect(insert({ sn: 'S'.repeat(21) })).rejects.toThrow(/check constraint/);
      await expect(insert({ sn: 'X3', recipient_first: '' })).rejects.toThrow(/check constraint/);
      await expect(insert({ sn: 'X4', tax_status: 'exclusive' as 'inclusive' })).rejects.toThrow(/check constraint/);
    },
  );

  it('refuses an expiry before the purchase, and an intro both refunded and cancelled', async () => {
    await expect(insert({ sn: 'X5', stale_date: '2025-06-30' })).rejects.toThrow(/check constraint/);
    await expect(insert({ sn: 'X6', refunded_at: new Date(), cancelled_at: new Date() })).rejects.toThrow(
      /check constraint/,
    );
    await expect(insert({ sn: 'X7', stale_date: '2025-07-01' })).resolves.toBeDefined();
  });
});

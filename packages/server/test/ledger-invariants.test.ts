import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import type { Database } from '../src/db/engine.ts';
import { asOwner, createClub, createPerson, openTestDatabase } from './helpers/test-app.ts';
import { insertBlockWithEntry, insertRawEntry } from './helpers/ledger.ts';

/** The database refuses every bypass of the ledger's rules, whatever the code does. */
describe('ledger invariants enforced by the database', () => {
  let database: Database;
  let db: Kysely<DB>;
  let club: string;
  let member: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    club = await createClub(db, { time_zone: 'America/Toronto' });
    member = (await createPerson(db, { club })).userId;
  });
  afterAll(() => database.close());

  const count = async (table: 'posting' | 'ledger_transaction') =>
    Number((await sql<{ n: number }>`select count(*)::bigint as n from ${sql.table(table)}`.execute(db)).rows[0]!.n);

  /** One raw SQL transaction: a journal entry with the given postings (`member`: the club's member's). */
  const post = (
    postings: { account: number; amount: number; member?: boolean }[],
    effectiveAt = '2026-06-01T12:00:00Z',
  ) =>
    insertRawEntry(
      db,
      club,
      postings.map((p) => ({ account: p.account, amount: p.amount, member: p.member ? member : undefined })),
      effectiveAt,
    );

  it('accepts a balanced transaction: Dr 1000 10000 / Cr 2100 -10000', async () => {
    const before = await count('posting');
    await post([
      { account: 1000, amount: 10000 },
      { account: 2100, amount: -10000, member: true },
    ]);
    expect(await count('posting')).toBe(before + 2);
  });

  it('refuses at commit a transaction whose postings do not sum to 0, and keeps nothing of it', async () => {
    const [postings, transactions] = [await count('posting'), await count('ledger_transaction')];
    await expect(
      post([
        { account: 1000, amount: 10000 },
        { account: 2100, amount: -9999, member: true },
      ]),
    ).rejects.toThrow(/does not balance: its postings sum to 1 cents/);
    expect(await count('posting')).toBe(postings);
    expect(await count('ledger_transaction')).toBe(transactions);
  });

  it('refuses a transaction with a single posting', async () => {
    await expect(post([{ account: 1000, amount: 0 + 500 }])).rejects.toThrow(/needs at least two/);
  });

  it('refuses a transaction with no postings at all', async () => {
    await expect(post([])).rejects.toThrow(/has 0 posting\(s\)/);
  });

  it('refuses a posting of 0 cents', async () => {
    await expect(
      post([
        { account: 1000, amount: 0 },
        { account: 2100, amount: 0, member: true },
      ]),
    ).rejects.toThrow(/posting_amount_cents_check/);
  });

  it('refuses a member posting without a member, and an account outside the chart', async () => {
    await expect(
      post([
        { account: 1000, amount: 100 },
        { account: 2100, amount: -100 },
      ]),
    ).rejects.toThrow(/posting_check/);
    await expect(
      post([
        { account: 1000, amount: 100 },
        { account: 3999, amount: -100 },
      ]),
    ).rejects.toThrow(/posting_account_check/);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of posted rows', async () => {
    await post([
      { account: 1000, amount: 2500 },
      { account: 2100, amount: -2500, member: true },
    ]);
    await expect(sql`update posting set amount_cents = amount_cents * 2`.execute(db)).rejects.toThrow(
      /cannot be changed or deleted/,
    );
    await expect(sql`delete from posting`.execute(db)).rejects.toThrow(/cannot be changed or deleted/);
    await expect(sql`update ledger_transaction set note = 'edited'`.execute(db)).rejects.toThrow(
      /cannot be changed or deleted/,
    );
    await expect(sql`delete from ledger_transaction`.execute(db)).rejects.toThrow(/cannot be changed or deleted/);
    // TRUNCATE is not granted to the server's role (PostgreSQL); the trigger refuses even the owner.
    await asOwner(db, (owner) =>
      expect(sql`truncate posting cascade`.execute(owner)).rejects.toThrow(/cannot be changed or deleted/),
    );
  });

  it(
    'refuses more postings to an entry already committed, even ' + 'a balanced pair (0010_ledger_hardening.sql)',
    async () => {
      await post([
        { account: 1000, amount: 500 },
        { account: 4900, amount: -500 },
      ]);
      const id = Number(
        (await sql<{ id: number }>`select max(id)::bigint as id from ledger_transaction`.execute(db)).rows[0]!.id,
      );
      const postings = await count('posting');
      await expect(
        db.transaction().execute(async (trx) => {
          await sql`insert into posting (transaction_id, account, amount_cents, transfer_type) values (${id},
              1000, 99900, 'Cash')`.execute(trx);
          await sql`insert into posting (transaction_id, account, amount_cents) values (${id}, 4900, -99900)`.execute(
            trx,
          );
        }),
      ).rejects.toThrow(
        `Transaction ${id} is already posted: it cannot take more postings; post a new transaction instead`,
      );
      expect(await count('posting')).toBe(postings);
      // Its creator can't be rewritten either: entries are immutable.
      await expect(sql`update ledger_transaction set note = 'x' where id = ${id}`.execute(db)).rejects.toThrow(
        /cannot be changed or deleted/,
      );
    },
  );

  it('a posting takes club and time from its transaction, whatever the insert says', async () => {
    const other = await createClub(db);
    await db.transaction().execute(async (trx) => {
      const tx = await sql<{ id: number }>`insert into ledger_transaction (club_id, effective_at, transaction_type)
                                            values (${club}, '2026-06-02T12:00:00Z', 'Deposit') returning id`.execute(
        trx,
      );
      const id = tx.rows[0]!.id;
      await sql`insert into posting (transaction_id, club_id, effective_at, account, amount_cents, transfer_type)
                values (${id}, ${other}, '1999-01-01T00:00:00Z', 1000, 700, 'Cash')`.execute(trx);
      await sql`insert into posting (transaction_id, account, amount_cents, member_id) values (${id}, 2100,
            -700, ${member})`.execute(trx);
    });
    const row = await sql<{ club_id: string; effective_at: Date }>`
      select club_id, effective_at from posting where amount_cents = 700`.execute(db);
    expect(row.rows[0]!.club_id).toBe(club);
    expect(row.rows[0]!.effective_at.toISOString()).toBe('2026-06-02T12:00:00.000Z');
  });

  describe('Intro A/P (0006_ledger_admin.sql)', () => {
    async function postRaw(lines: { account: number; amount: number; intro?: string }[]) {
      await db.transaction().execute(async (trx) => {
        const tx = await sql<{ id: number }>`insert into ledger_transaction (club_id, effective_at, transaction_type)
                                              values (${club}, '2026-06-03T12:00:00Z', 'Write Down') returning
                                              id`.execute(trx);
        for (const line of lines) {
          await sql`insert into posting (transaction_id, account, amount_cents, intro_id)
                    values (${tx.rows[0]!.id}, ${line.account}, ${line.amount}, ${line.intro ?? null})`.execute(trx);
        }
      });
    }

    it('accepts a Write Down of Intro A/P as a whole: Dr 2120 with no intro / Cr 4300', async () => {
      const before = await count('posting');
      await postRaw([
        { account: 2120, amount: 800 },
        { account: 4300, amount: -800 },
      ]);
      expect(await count('posting')).toBe(before + 2);
    });

    it('still names an intro only on Intro A/P', async () => {
      await expect(
        postRaw([
          { account: 4300, amount: -800, intro: 'intro-1' },
          { account: 2120, amount: 800 },
        ]),
      ).rejects.toThrow(/posting_intro_only_on_intro_ap/);
    });
  });

  describe('voided blocks (0006_ledger_admin.sql)', () => {
    it('a void mark can be neither changed nor removed, and nothing draws from the voided block', async () => {
      await db
        .insertInto('block_rule')
        .values({ club_id: club, id: 'r1', name: 'Minutes', units: 'minutes', amount: 60 })
        .execute();
      const block = {
        id: await insertBlockWithEntry(db, {
          club_id: club,
          member_id: member,
          block_rule_id: 'r1',
          name: 'Minutes',
          units: 'minutes',
          amount: 60,
          starts_on: '2026-01-01',
          ends_on: '2026-12-31',
        }),
      };
      await post([
        { account: 1000, amount: 1 },
        { account: 2100, amount: -1, member: true },
      ]);
      const tx = await sql<{ id: number }>`select max(id)::bigint as id from ledger_transaction`.execute(db);
      await db
        .insertInto('member_block_void')
        .values({ member_block_id: block.id, transaction_id: tx.rows[0]!.id })
        .execute();
      await expect(sql`delete from member_block_void`.execute(db)).rejects.toThrow(/cannot be changed or deleted/);
      await expect(sql`update member_block_void set transaction_id = transaction_id`.execute(db)).rejects.toThrow(
        /cannot be changed or deleted/,
      );
      await expect(
        db
          .insertInto('block_usage')
          .values({ member_block_id: block.id, units_used: 5, flown_on: '2026-06-03' })
          .execute(),
      ).rejects.toThrow(/was voided by transaction \d+ and cannot be used/);
    });
  });

  describe("a member's block changes only through the ledger (0011_member_block_guard.sql)", () => {
    const values = () => ({
      club_id: club,
      member_id: member,
      block_rule_id: 'r2',
      name: 'Season',
      units: 'minutes' as const,
      amount: 600,
      starts_on: '2026-01-01',
      ends_on: '2026-12-31',
    });
    const blocks = async () =>
      Number((await sql<{ n: number }>`select count(*)::bigint as n from member_block`.execute(db)).rows[0]!.n);
    let blockId: string;

    beforeAll(async () => {
      await db
        .insertInto('block_rule')
        .values({ club_id: club, id: 'r2', name: 'Season', units: 'minutes', amount: 600 })
        .execute();
      blockId = await insertBlockWithEntry(db, values());
    });

    it('refuses a block with no sale, or with a sale that is not a Block entry of its club', async () => {
      const before = await blocks();
      await expect(db.insertInto('member_block').values(values()).execute()).rejects.toThrow(
        'A block is created only by the Block transaction that sells it',
      );
      await db
        .transaction()
        .execute(async (trx) => {
          const tx = await sql<{ id: number }>`
          insert into ledger_transaction (club_id, effective_at, transaction_type) values (${club},
          '2026-06-01T12:00:00Z', 'Deposit') returning id`.execute(trx);
          const id = tx.rows[0]!.id;
          await sql`insert into posting (transaction_id, account, amount_cents, member_id, transfer_type)
                  values (${id}, 1000, 500, null, 'Cash'), (${id}, 2100, -500, ${member}, null)`.execute(trx);
          await expect(
            trx
              .insertInto('member_block')
              .values({ ...values(), transaction_id: id })
              .execute(),
          ).rejects.toThrow(`Transaction ${id} is not a Block sale of this club`);
        })
        .catch(() => undefined);
      expect(await blocks()).toBe(before);
    });

    it('refuses a block added later to a committed Block sale', async () => {
      const sale = await sql<{
        id: number;
      }>`select transaction_id as id from member_block where id = ${blockId}`.execute(db);
      const id = sale.rows[0]!.id;
      await expect(
        db
          .insertInto('member_block')
          .values({ ...values(), transaction_id: id })
          .execute(),
      ).rejects.toThrow(`Transaction ${id} is already posted: a block is created only with its sale`);
    });

    it("refuses changing a block's units or dates, deleting it, or truncating blocks and their usage", async () => {
      await expect(sql`update member_block set amount = 6000 where id = ${blockId}`.execute(db)).rejects.toThrow(
        /cannot be changed or deleted/,
      );
      await expect(
        sql`update member_block set ends_on = '2030-12-31' where id = ${blockId}`.execute(db),
      ).rejects.toThrow(/cannot be changed or deleted/);
      await expect(sql`delete from member_block where id = ${blockId}`.execute(db)).rejects.toThrow(
        /cannot be changed or deleted/,
      );
      await asOwner(db, async (owner) => {
        await expect(sql`truncate member_block cascade`.execute(owner)).rejects.toThrow(/cannot be changed or deleted/);
        await expect(sql`truncate block_usage`.execute(owner)).rejects.toThrow(/cannot be changed or deleted/);
      });
      const row = await db
        .selectFrom('member_block')
        .select(['amount', 'ends_on'])
        .where('id', '=', blockId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ amount: 600, ends_on: '2026-12-31' });
    });
  });

  describe('lock date (end of the lock day in the club zone)', () => {
    beforeAll(async () => {
      await sql`update club set lock_date = '2026-06-30', lock_until = '2026-07-01T04:00:00Z' where id =
            ${club}`.execute(db);
    });

    it('refuses a posting at 23:59 on the lock date in Toronto (03:59 UTC the next day)', async () => {
      await expect(
        post(
          [
            { account: 1000, amount: 100 },
            { account: 2100, amount: -100, member: true },
          ],
          '2026-07-01T03:59:00Z',
        ),
      ).rejects.toThrow(/on or before the lock date 2026-06-30/);
    });

    it('accepts a posting at 00:00 the day after the lock date in Toronto', async () => {
      await post(
        [
          { account: 1000, amount: 100 },
          { account: 2100, amount: -100, member: true },
        ],
        '2026-07-01T04:00:00Z',
      );
    });

    it('keeps the lock where it was when the club changes its time zone', async () => {
      await sql`update club set time_zone = 'Pacific/Kiritimati' where id = ${club}`.execute(db);
      try {
        // 07:00 on the lock date in Toronto is already 2026-07-01 on Kiritimati (UTC+14): still locked.
        await expect(
          post(
            [
              { account: 1000, amount: 100 },
              { account: 2100, amount: -100, member: true },
            ],
            '2026-06-30T11:00:00Z',
          ),
        ).rejects.toThrow(/on or before the lock date 2026-06-30/);
      } finally {
        await sql`update club set time_zone = 'America/Toronto' where id = ${club}`.execute(db);
      }
    });

    it('refuses moving the lock date back or clearing it with SQL, and a lock_until written by hand', async () => {
      await expect(sql`update club set lock_date = null where id = ${club}`.execute(db)).rejects.toThrow(
        'The lock date can only move forward (it is 2026-06-30)',
      );
      await expect(sql`update club set lock_date = '2026-06-01' where id = ${club}`.execute(db)).rejects.toThrow(
        /can only move forward/,
      );
      // The app writes the lock's end with the lock date; without it, or far from the end of that day in any zone, it
      // is refused.
      await expect(sql`update club set lock_date = '2026-07-31' where id = ${club}`.execute(db)).rejects.toThrow(
        /lock_until must be the end of the lock date 2026-07-31/,
      );
      await expect(
        sql`update club set lock_date = '2026-07-31', lock_until = '2026-08-02T00:00:00Z' where id = ${club}`.execute(
          db,
        ),
      ).rejects.toThrow(/lock_until must be/);
      await sql`update club set lock_until = '2000-01-01T00:00:00Z' where id = ${club}`.execute(db);
      const row = await sql<{
        lock_date: string;
        lock_until: Date;
      }>`select lock_date::text as lock_date, lock_until from club where id = ${club}`.execute(db);
      expect(row.rows[0]!.lock_date).toBe('2026-06-30');
      expect(new Date(row.rows[0]!.lock_until).toISOString()).toBe('2026-07-01T04:00:00.000Z');
    });
  });
});

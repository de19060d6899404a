import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/db/engine.ts';
import type { DB } from '../src/db/schema.ts';
import { DATABASE_UNAVAILABLE, type Write } from '../src/http/database-errors.ts';
import { conflict, HttpError } from '../src/http/errors.ts';
import { KEY_NOT_YOURS, once } from '../src/modules/once.ts';
import { APP_ROLE } from './helpers/global-setup.ts';
import { asOwner, openTestDatabase } from './helpers/test-app.ts';

/**
 * modules/once.ts, the one way a retriable write happens once, on a table of
 * its own: `once_probe` keeps each key (unique) with the request it came with
 * and the answer given. Every retriable write of the app goes through it; the
 * writes' own tests (ledger-postings, intro-*, line-actions, flight-request,
 * tugs, outbox-exactly-once) check each one's notion of "the same request"
 * and its messages.
 */
describe('once(): a retriable write runs once', () => {
  let database: Database;
  let db: Kysely<DB>;
  /** How many times a write ran (committed or not). */
  let runs = 0;

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    await asOwner(db, async (owner) => {
      await sql`create table once_probe (key text primary key, request text not null, answer text not null)`.execute(
        owner,
      );
      if (database.kind === 'postgres')
        await sql`grant select, insert on once_probe to ${sql.id(APP_ROLE)}`.execute(owner);
    });
  });
  afterAll(() => database.close());

  type Row = { key: string; request: string; answer: string };
  const stored = async (key: string) =>
    (await sql<Row>`select key, request, answer from once_probe where key = ${key}`.execute(db)).rows;
  const keyUsed = (row: Row) =>
    `This idempotency key was already used for ${row.request}; send a new key for a new request`;

  /** A write of `request` under `key`: it stores the key, the request and its answer ("<request> #<run>"). */
  function probe(
    key: string | undefined,
    request: string,
    options: {
      write?: Write;
      work?: () => Promise<void>;
      recorded?: (key: string) => Promise<Row | undefined>;
      sender?: string;
    } = {},
  ) {
    return once(db, {
      write: options.write ?? { name: 'ledger-entry' },
      key,
      // The probe's rows are all Pat's.
      sender: { id: options.sender ?? 'pat', of: () => 'pat' },
      recorded: async (reader, used) =>
        options.recorded
          ? options.recorded(used)
          : (await sql<Row>`select key, request, answer from once_probe where key = ${used}`.execute(reader)).rows[0],
      replay: (_, row) => (row.request === request ? row.answer : undefined),
      keyUsed,
      run: async (trx) => {
        runs++;
        const answer = `${request} #${runs}`;
        if (options.work) await options.work();
        await sql`insert into once_probe (key, request, answer) values (${key ?? `keyless-${runs}`}, ${request},
              ${answer})`.execute(trx);
        return answer;
      },
    });
  }

  it('the first call runs, in one transaction, and answers what the write gave', async () => {
    const before = runs;
    expect(await probe('key-first-0001', 'deposit 10')).toBe(`deposit 10 #${before + 1}`);
    expect(runs).toBe(before + 1);
    expect(await stored('key-first-0001')).toEqual([
      { key: 'key-first-0001', request: 'deposit 10', answer: `deposit 10 #${before + 1}` },
    ]);
  });

  it('the same key with the same request answers the first answer and does not run again', async () => {
    const first = await probe('key-again-0002', 'deposit 20');
    const before = runs;
    expect(await probe('key-again-0002', 'deposit 20')).toBe(first);
    expect(await probe('key-again-0002', 'deposit 20')).toBe(first);
    expect(runs).toBe(before);
    expect(await stored('key-again-0002')).toHaveLength(1);
  });

  it("the same key with another request is refused (409) with the write's message, and nothing runs", async () => {
    await probe('key-other-0003', 'deposit 30');
    const before = runs;
    const refused = probe('key-other-0003', 'deposit 31');
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toMatchObject({
      statusCode: 409,
      message: 'This idempotency key was already used for deposit 30; send a new key for a new request',
    });
    expect(runs).toBe(before);
    expect(await stored('key-other-0003')).toEqual([expect.objectContaining({ request: 'deposit 30' })]);
  });

  it('without a key the write runs every time', async () => {
    const before = runs;
    expect(await probe(undefined, 'oil change')).toBe(`oil change #${before + 1}`);
    expect(await probe(undefined, 'oil change')).toBe(`oil change #${before + 2}`);
    expect(runs).toBe(before + 2);
  });

  it('a refused write stores nothing, so its key stays free for the request sent again', async () => {
    const refused = probe('key-refused-0004', 'launch', {
      work: async () => {
        throw conflict('Flight not launched yet');
      },
    });
    await expect(refused).rejects.toMatchObject({ statusCode: 409, message: 'Flight not launched yet' });
    expect(await stored('key-refused-0004')).toEqual([]);
    const before = runs;
    expect(await probe('key-refused-0004', 'launch')).toBe(`launch #${before + 1}`);
  });

  it(
    'another delivery committed while this one ran: the unique key ' +
      "stops this one, which answers that delivery's answer",
    async () => {
      await sql`insert into once_probe (key, request, answer) values ('key-twin-0005', 'refuel',
            'refuel #twin')`.execute(db);
      // The first look-up ran before the twin committed: it found nothing.
      let lookups = 0;
      const answer = await probe('key-twin-0005', 'refuel', {
        recorded: async (key) => (++lookups === 1 ? undefined : (await stored(key))[0]),
      });
      expect(answer).toBe('refuel #twin');
      expect(lookups).toBe(2);
      expect(await stored('key-twin-0005')).toEqual([
        { key: 'key-twin-0005', request: 'refuel', answer: 'refuel #twin' },
      ]);
    },
  );

  it(
    "another delivery committed while this one ran: the write's own " +
      "check refuses it, and it answers that delivery's answer",
    async () => {
      await sql`insert into once_probe (key, request, answer) values ('key-twin-0006', 'check in',
          'check in #twin')`.execute(db);
      let lookups = 0;
      const answer = await probe('key-twin-0006', 'check in', {
        recorded: async (key) => (++lookups === 1 ? undefined : (await stored(key))[0]),
        work: async () => {
          throw conflict('Zoe Tow is already checked in on C-GTUG');
        },
      });
      expect(answer).toBe('check in #twin');
    },
  );

  it('a twin committed for another request under the key: refused (409) as a reused key', async () => {
    await sql`insert into once_probe (key, request, answer) values ('key-twin-0007', 'refuel', 'refuel #twin')`.execute(
      db,
    );
    let lookups = 0;
    const refused = probe('key-twin-0007', 'oil change', {
      recorded: async (key) => (++lookups === 1 ? undefined : (await stored(key))[0]),
    });
    await expect(refused).rejects.toMatchObject({
      statusCode: 409,
      message: 'This idempotency key was already used for refuel; send a new key for a new request',
    });
  });

  it('two deliveries at once: one row, both answered alike', async () => {
    const [a, b] = await Promise.all([probe('key-race-0008', 'landing'), probe('key-race-0008', 'landing')]);
    expect(a).toBe(b);
    expect(await stored('key-race-0008')).toEqual([expect.objectContaining({ answer: a })]);
  });

  it(
    'a key first sent by someone else is refused (409), even for the ' +
      'same request, and nothing of its write is answered',
    async () => {
      const first = await probe('key-owner-0011', 'launch');
      await expect(probe('key-owner-0011', 'launch', { sender: 'mo' })).rejects.toMatchObject({
        statusCode: 409,
        message: KEY_NOT_YOURS,
      });
      await expect(probe('key-owner-0011', 'refuel', { sender: 'mo' })).rejects.toMatchObject({
        statusCode: 409,
        message: KEY_NOT_YOURS,
      });
      expect(await probe('key-owner-0011', 'launch')).toBe(first);
      expect(await stored('key-owner-0011')).toHaveLength(1);
    },
  );

  it(
    'a refusal by the database answers as http/database-errors.ts ' +
      'says for the write; any other error is thrown on',
    async () => {
      const locked = () =>
        sql`do $$ begin raise exception 'Transactions on or before the lock date 2025-10-31 cannot be posted'
            using errcode = 'P0001', hint = 'ledger_locked'; end $$`
          .execute(db)
          .then(() => undefined);
      const lockedIn = (write: Write) =>
        once(db, {
          write,
          key: undefined,
          recorded: async () => undefined,
          sender: { id: 'pat', of: () => 'pat' },
          replay: () => undefined,
          keyUsed: () => '',
          run: async (trx) => {
            await sql`do $$ begin raise exception
                'Transactions on or before the lock date 2025-10-31 cannot be posted' using errcode = 'P0001',
                hint = 'ledger_locked'; end $$`.execute(trx);
            return 'posted';
          },
        });
      // Both engines report the trigger's hint, which the table reads.
      await expect(locked()).rejects.toMatchObject({ hint: 'ledger_locked' });
      await expect(lockedIn({ name: 'ledger-entry' })).rejects.toMatchObject({
        statusCode: 409,
        message: 'Transactions on or before the lock date 2025-10-31 cannot be posted',
      });
      await expect(lockedIn({ name: 'line-action' })).rejects.toMatchObject({
        statusCode: 409,
        message: 'Charges on or before the lock date cannot be posted: the flight is locked',
      });
      await expect(lockedIn({ name: 'flight-request', glider: 'C-GDSA' })).rejects.toMatchObject({
        statusCode: 409,
        message: "The intro sale can't be posted on or before the club's lock date",
      });
      const bug = new Error('not a refusal');
      await expect(probe('key-bug-0009', 'expense', { work: async () => Promise.reject(bug) })).rejects.toBe(bug);
    },
  );

  it('with the database away it does not look the key up again: 503, the phone sends it again', async () => {
    let lookups = 0;
    const lost = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    const refused = probe('key-lost-0010', 'launch', {
      recorded: async () => {
        lookups++;
        return undefined;
      },
      work: async () => Promise.reject(lost),
    });
    await expect(refused).rejects.toMatchObject({
      statusCode: 503,
      message: DATABASE_UNAVAILABLE,
      headers: { 'retry-after': '2' },
    });
    expect(lookups).toBe(1);
  });
});

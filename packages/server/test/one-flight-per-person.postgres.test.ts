import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../src/db/engine.ts';
import { refusal } from './helpers/api.ts';
import { depositFor, flightBody } from './helpers/flights.ts';
import { createPerson } from './helpers/test-app.ts';
import { openAlpha, type AlphaClub } from './helpers/clubs.ts';

/** 12:00 on 2025-07-12 in Toronto (EDT, UTC−4). */
const NOW = Date.parse('2025-07-12T16:00:00Z');
const TODAY = '2025-07-12';
const GLIDERS = ['G-1', 'G-2', 'G-3', 'G-4', 'G-5', 'G-6'];

const onLine = (name: string, glider: string) =>
  `${name} is already on the flight line in ${glider}: land or remove that flight first`;

/**
 * One unfinished flight per person under concurrency, on a real PostgreSQL
 * (several connections): requests for one pilot sent at once in different
 * gliders place one flight, and a second transaction that writes a flight for
 * a person another transaction is placing waits for it and is then refused.
 */
describe('one person, one unfinished flight: concurrent requests (PostgreSQL)', () => {
  let { t, api, alpha } = {} as AlphaClub;
  let pat: { userId: string; email: string };
  let mo: { userId: string; email: string };

  beforeAll(async () => {
    ({ t, api, alpha } = await openAlpha({ now: NOW }, { fleet: true }));
    await t.db
      .insertInto('glider')
      .values(
        GLIDERS.map((id) => ({
          club_id: alpha,
          id,
          places: 2,
          status: 'Ready' as const,
          rate_cents_per_minute: 50,
          launch_speed_kn: 60,
        })),
      )
      .execute();
    pat = await createPerson(t.db, { club: alpha, first: 'Pat', last: 'Pilot' });
    mo = await createPerson(t.db, { club: alpha, first: 'Mo', last: 'Member' });
    for (const person of [pat, mo]) await depositFor(t.db, alpha, person.userId, 50_000, NOW - 86_400_000);
  });
  afterAll(() => t.close());

  it('runs on PostgreSQL with a pool, not on PGlite', async () => {
    const version = await sql<{ v: string }>`select version() as v`.execute(t.db);
    expect(version.rows[0]!.v).toMatch(/^PostgreSQL/);
    expect(process.env.TEST_DATABASE_URL).toBeTruthy();
  });

  it(
    'six requests for one pilot at once, each in its own glider: one flight, five ' +
      '409s naming the glider it took; retries answer as the first time',
    async () => {
      const c = await t.cookieFor(pat.email);
      const bodies = GLIDERS.map((glider) => flightBody(pat.userId, { glider }, { date: TODAY }));
      const answers = await Promise.all(bodies.map((body) => api.post('/api/update-item/', body, c)));
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((code) => code === 200)).toHaveLength(1);
      expect(codes.filter((code) => code === 409)).toHaveLength(5);
      const winner = codes.indexOf(200);
      const glider = GLIDERS[winner]!;
      for (const [i, answer] of answers.entries())
        if (i !== winner) expect(answer.json()).toEqual(refusal(409, onLine('Pat Pilot', glider)));

      const unfinished = await t.db
        .selectFrom('flight')
        .select(['id', 'glider'])
        .where('club_id', '=', alpha)
        .where('user_id', '=', pat.userId)
        .where('landed_at', 'is', null)
        .where('cancelled_at', 'is', null)
        .execute();
      expect(unfinished).toEqual([{ id: bodies[winner]!.id, glider }]);
      // Only the winner's glider went Flying.
      const flying = await t.db
        .selectFrom('glider')
        .select('id')
        .where('club_id', '=', alpha)
        .where('status', '=', 'Flying')
        .execute();
      expect(flying.map((g) => g.id)).toEqual([glider]);

      // The outbox sends them all again: the winner's answer is replayed, the others are refused as before.
      const retried = await Promise.all(bodies.map((body) => api.post('/api/update-item/', body, c)));
      expect(retried.map((a) => a.statusCode)).toEqual(codes);
      expect(retried[winner]!.json()).toEqual(answers[winner]!.json());

      expect(
        (await api.post('/api/update-flight/', { id: bodies[winner]!.id, action: 'CancelRequest' }, c)).statusCode,
      ).toBe(200);
    },
  );

  it(
    'a transaction writing a flight for a person another transaction is ' +
      'placing waits for it, then is refused by the database',
    async () => {
      // A second connection of the same app role: two phones' requests on two connections of the pool.
      const url = new URL(process.env.TEST_DATABASE_URL!);
      const current = await sql<{
        db: string;
        role: string;
      }>`select current_database() as db, current_user as role`.execute(t.db);
      url.pathname = `/${current.rows[0]!.db}`;
      url.username = current.rows[0]!.role;
      url.password = '';
      const other: Database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
      const flight = (glider: string) => ({
        club_id: alpha,
        id: randomUUID(),
        day: TODAY,
        user_id: mo.userId,
        fly_with: 'Alone' as const,
        glider,
        launch_type: '2000 ft',
        submitted_at: new Date(NOW),
      });
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let inserted!: () => void;
      const firstInserted = new Promise<void>((resolve) => (inserted = resolve));
      try {
        const first = t.db.transaction().execute(async (trx) => {
          await trx.insertInto('flight').values(flight('G-1')).execute();
          inserted();
          await held;
        });
        await firstInserted;
        const second = other.db.insertInto('flight').values(flight('G-2')).execute();
        const secondResult = second.then(
          () => 'inserted',
          (error: unknown) => error,
        );
        // Wait until the second write is blocked on the first one's lock (not sleeping a guessed time).
        await expect
          .poll(
            async () => {
              const waiting = await sql<{ n: number }>`
              select count(*)::int as n from pg_stat_activity
               where datname = current_database() and wait_event_type = 'Lock' and query like
               'insert into "flight"%'`.execute(t.db);
              return waiting.rows[0]!.n;
            },
            { timeout: 10_000, interval: 50 },
          )
          .toBe(1);
        release();
        await first;
        expect(await secondResult).toMatchObject({ hint: 'person_on_line', message: onLine('Mo Member', 'G-1') });
      } finally {
        release();
        await other.close();
      }
      await t.db
        .updateTable('flight')
        .set({ cancelled_at: new Date(NOW) })
        .where('user_id', '=', mo.userId)
        .where('cancelled_at', 'is', null)
        .execute();
    },
  );
});

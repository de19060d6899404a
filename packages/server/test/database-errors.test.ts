import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  CLUB_NAME_TAKEN,
  DATABASE_ERRORS,
  DATABASE_UNAVAILABLE,
  databaseAnswer,
  type Write,
} from '../src/http/database-errors.ts';
import { refusal } from './helpers/api.ts';
import { asOwner, createPerson } from './helpers/test-app.ts';
import { NEW_ALPHA_SETTINGS, openAlpha, type AlphaClub } from './helpers/clubs.ts';

/**
 * http/database-errors.ts, the one table from the database's refusals to
 * answers: each row, with the write that tripped it, answers the status and
 * message a client has always read; an error no row answers is left to the
 * error handler's logged 500. The errors are the engine's own where a test
 * can cause them (a unique index, a trigger's raise, a data exception), and
 * built as both drivers report them otherwise.
 */
describe('the database errors table', () => {
  let { t, api, alpha } = {} as AlphaClub;
  let adminCookie: string;

  beforeAll(async () => {
    ({ t, api, alpha } = await openAlpha());
    adminCookie = await t.signIn((await createPerson(t.db, { club: alpha, flags: { is_admin: true } })).email);
  });
  afterAll(() => t.close());

  const saveGlider = async (id: string, data: Record<string, unknown>) =>
    api.post('/api/update-item/', { type: 'GLIDER', id, data }, adminCookie);
  const FLARM_ID_RACED =
    'That FLARM ID was just given to another aircraft of the club: clear it there first, or enter another';

  /** The error the database raises for `statement`. */
  async function errorOf(statement: Promise<unknown>): Promise<Error> {
    try {
      await statement;
    } catch (error) {
      return error as Error;
    }
    throw new Error('the statement did not fail');
  }
  /** What a trigger raises: `raise exception … using errcode, hint`. */
  const raised = (message: string, errcode: string, hint: string) =>
    errorOf(
      sql`do $$ begin raise exception '${sql.raw(message.replaceAll("'", "''"))}' using errcode =
            '${sql.raw(errcode)}', hint = '${sql.raw(hint)}'; end $$`.execute(t.db),
    );
  /** A unique violation as node-postgres and PGlite report it. */
  const unique = (constraint: string) =>
    Object.assign(new Error(`duplicate key value violates unique constraint "${constraint}"`), {
      code: '23505',
      constraint,
    });

  const WRITES: Record<string, Write> = {
    entry: { name: 'ledger-entry' },
    reversal: { name: 'reversal', of: 42 },
    sale: { name: 'intro-sale', serial: 'Gift01' },
    freshSale: { name: 'intro-sale', serial: undefined },
    request: { name: 'flight-request', glider: 'DG-1000' },
    line: { name: 'line-action' },
    tow: { name: 'tow-event' },
    flarm: { name: 'flarm-id', flarmId: 'DDA5BA', holder: { kind: 'tug', id: 'C-GTOW' } },
    flarmHolderGone: { name: 'flarm-id', flarmId: 'DDA5BA', holder: undefined },
  };

  it('answers each row as clients have always read it, by the write that tripped it', async () => {
    const nameTaken = await errorOf(
      t.db.insertInto('club').values({ name: 'ALPHA SOARING', time_zone: 'America/Toronto' }).execute(),
    );
    const badDate = await errorOf(t.db.selectNoFrom((eb) => eb.cast(eb.val('2025-02-30'), 'date').as('d')).execute());
    const onLine = await raised(
      'Pat Pilot is already on the flight line in DG-1000: land or remove that flight first',
      '23P01',
      'person_on_line',
    );
    const locked = await raised(
      'Transactions on or before the lock date 2025-10-31 cannot be posted',
      'P0001',
      'ledger_locked',
    );
    const lockedNoDate = Object.assign(new Error('Transactions on or before the lock date <NULL> cannot be posted'), {
      code: 'P0001',
      hint: 'ledger_locked',
    });
    const lost = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const wrapped = new Error('Failed to get session', {
      cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    });

    const cases: [Error, Write | undefined, number, string][] = [
      [lost, undefined, 503, DATABASE_UNAVAILABLE],
      [wrapped, WRITES.line, 503, DATABASE_UNAVAILABLE],
      [badDate, undefined, 400, `Invalid input: ${badDate.message}`],
      [nameTaken, undefined, 409, CLUB_NAME_TAKEN],
      [
        unique('intro_sn_key'),
        WRITES.sale,
        409,
        'Serial number Gift01 is already used: enter another or leave it empty',
      ],
      [
        unique('intro_sn_key'),
        WRITES.freshSale,
        409,
        'Serial number undefined is already used: enter another or leave it empty',
      ],
      [
        unique('intro_sn_key'),
        WRITES.request,
        409,
        'That serial number is already used: enter another or leave it empty',
      ],
      [unique('flight_glider_unfinished_key'), WRITES.request, 409, 'Glider DG-1000 is already flying'],
      [
        unique('flight_glider_unfinished_key'),
        WRITES.line,
        409,
        'The glider is on another flight now: land or remove that flight first',
      ],
      [unique('flight_intro_key'), WRITES.request, 409, 'This intro is already on a flight'],
      [unique('flight_intro_key'), WRITES.line, 409, 'This intro is already on a flight'],
      [unique('ledger_transaction_reverses_id_key'), WRITES.reversal, 409, 'Transaction #42 was already reversed'],
      [unique('tug_flarm_id_key'), WRITES.flarm, 409, "FLARM ID DDA5BA is already tug C-GTOW's"],
      [unique('glider_flarm_id_key'), WRITES.flarmHolderGone, 409, FLARM_ID_RACED],
      [unique('glider_flarm_id_key'), undefined, 409, FLARM_ID_RACED],
      [
        onLine,
        WRITES.request,
        409,
        'Pat Pilot is already on the flight line in DG-1000: land or remove that flight first',
      ],
      [
        onLine,
        WRITES.line,
        409,
        'Pat Pilot is already on the flight line in DG-1000: land or remove that flight first',
      ],
      [locked, WRITES.entry, 409, 'Transactions on or before the lock date 2025-10-31 cannot be posted'],
      [locked, WRITES.reversal, 409, 'Transactions on or before the lock date 2025-10-31 cannot be posted'],
      [locked, WRITES.sale, 409, 'Transactions on or before the lock date 2025-10-31 cannot be posted'],
      [lockedNoDate, WRITES.entry, 409, 'Transactions on or before the lock date cannot be posted'],
      [locked, WRITES.line, 409, 'Charges on or before the lock date cannot be posted: the flight is locked'],
      [locked, WRITES.request, 409, "The intro sale can't be posted on or before the club's lock date"],
    ];
    for (const [error, write, status, message] of cases) {
      const answer = databaseAnswer(error, write);
      expect(
        { status: answer?.statusCode, message: answer?.message },
        `${error.message} (${write?.name ?? 'no write'})`,
      ).toEqual({ status, message });
    }
    expect(databaseAnswer(lost)?.headers).toEqual({ 'retry-after': '2' });

    // Every row of the table is answered by a case above.
    const answered = new Set(cases.map(([error]) => DATABASE_ERRORS.find((row) => row.when(error))?.what));
    expect([...answered].sort()).toEqual(DATABASE_ERRORS.map((row) => row.what).sort());
  });

  it("the engines report what the table reads: a unique index's name, a trigger's hint, a SQLSTATE", async () => {
    const nameTaken = await errorOf(
      t.db.insertInto('club').values({ name: 'alpha soaring', time_zone: 'America/Toronto' }).execute(),
    );
    expect(nameTaken).toMatchObject({ code: '23505', constraint: 'club_name_key' });
    for (const id of ['C-FLR1', 'C-FLR2']) expect((await saveGlider(id, {})).statusCode).toBe(200);
    await t.db
      .updateTable('glider')
      .set({ flarm_id: 'ABC001' })
      .where('club_id', '=', alpha)
      .where('id', '=', 'C-FLR1')
      .execute();
    const flarmTaken = await errorOf(
      t.db
        .updateTable('glider')
        .set({ flarm_id: 'ABC001' })
        .where('club_id', '=', alpha)
        .where('id', '=', 'C-FLR2')
        .execute(),
    );
    expect(flarmTaken).toMatchObject({ code: '23505', constraint: 'glider_flarm_id_key' });
    expect(await raised('x', '23P01', 'person_on_line')).toMatchObject({ code: '23P01', hint: 'person_on_line' });
  });

  it(
    'anything else is not the database refusing a request: no ' +
      'answer, and the error handler answers its logged 500',
    async () => {
      const unknown: unknown[] = [
        new Error('Cannot read properties of undefined'),
        'a thrown string',
        null,
        unique('tow_event_club_id_idempotency_key_key'),
        // A second reversal is only a reversal's refusal.
        unique('ledger_transaction_reverses_id_key'),
        await raised('Transaction 7 does not balance: its postings sum to 1 cents', '23514', 'ledger_unbalanced'),
        await raised(
          'Posted ledger rows cannot be changed or deleted; post a reversing transaction instead',
          '55000',
          'ledger_immutable',
        ),
        await errorOf(
          t.db.insertInto('club').values({ name: '', time_zone: 'America/Toronto', currency: 'CADX' }).execute(),
        ),
      ];
      for (const error of unknown) {
        for (const write of [undefined, WRITES.entry, WRITES.line, WRITES.tow])
          expect(databaseAnswer(error, write)).toBeUndefined();
      }
    },
  );

  it(
    'two saves racing on one FLARM ID: the one the unique index ' +
      "refuses answers the check's own 409, naming the winner",
    async () => {
      for (const id of ['C-FAST', 'C-LATE']) expect((await saveGlider(id, {})).statusCode).toBe(200);
      // The winner's save, held open after its write: the loser's check cannot see it.
      let commit!: () => void;
      const held = new Promise<void>((resolve) => (commit = resolve));
      let written!: () => void;
      const winnerWrote = new Promise<void>((resolve) => (written = resolve));
      const winner = t.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('glider')
          .set({ flarm_id: 'ABC123' })
          .where('club_id', '=', alpha)
          .where('id', '=', 'C-FAST')
          .execute();
        written();
        await held;
      });
      await winnerWrote;
      const loser = saveGlider('C-LATE', { flarmId: 'abc123' });
      if (process.env.TEST_DATABASE_URL) {
        // PostgreSQL: the loser passed its check and waits on the unique index for the winner's commit.
        const waiting = async () =>
          (
            await sql<{
              n: number;
            }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and
                wait_event_type = 'Lock'`.execute(t.db)
          ).rows[0]!.n > 0;
        const deadline = Date.now() + 20_000;
        while (!(await waiting())) {
          if (Date.now() > deadline) throw new Error('the second save never waited on the unique index');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      } else {
        // PGlite is one connection: the loser waits for it, then its check sees the winner.
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      commit();
      await winner;
      const refused = await loser;
      expect(refused.json()).toEqual(refusal(409, "FLARM ID ABC123 is already glider C-FAST's"));
      const rows = await t.db
        .selectFrom('glider')
        .select(['id', 'flarm_id'])
        .where('club_id', '=', alpha)
        .where('id', 'in', ['C-FAST', 'C-LATE'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { id: 'C-FAST', flarm_id: 'ABC123' },
        { id: 'C-LATE', flarm_id: null },
      ]);
    },
  );

  describe('read by the error handler', () => {
    const settings = { ...NEW_ALPHA_SETTINGS, shortName: 'ASC', paymentMethods: ['Cash'] };
    const save = (shortName: string) => api.post('/api/update-club-settings', { ...settings, shortName }, adminCookie);

    beforeAll(async () => {
      // A trigger of this test's own on the club row, raising what a short name asks for.
      await asOwner(t.db, async (owner) => {
        await sql`
          create function test_refuse_club_update() returns trigger language plpgsql as $$
          begin
            if new.short_name = 'ONLINE' then
              raise exception 'Pat Pilot is already on the flight line in DG-1000: land or remove that flight first'
                using errcode = '23P01', hint = 'person_on_line';
            elsif new.short_name = 'NAME' then
              raise exception 'duplicate key value violates unique constraint "club_name_key"'
                using errcode = '23505', constraint = 'club_name_key';
            elsif new.short_name = 'BUG' then
              raise exception 'something no row answers' using errcode = 'P0001', hint = 'not_in_the_table';
            end if;
            return new;
          end $$`.execute(owner);
        await sql`create trigger test_refuse_club_update before update on club for each row execute function
              test_refuse_club_update()`.execute(owner);
      });
    });

    it('a refusal no write named answers by its row', async () => {
      expect((await save('ONLINE')).json()).toEqual(
        refusal(409, 'Pat Pilot is already on the flight line in DG-1000: land or remove that flight first'),
      );
      const taken = await save('NAME');
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual(refusal(409, CLUB_NAME_TAKEN));
    });

    it('an error no row answers is the 500 it always was', async () => {
      const response = await save('BUG');
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Something went wrong on the server',
      });
      expect((await save('ASC')).statusCode).toBe(200);
    });
  });
});

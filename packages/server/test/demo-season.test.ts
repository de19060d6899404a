import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { AccountingSummary } from '@flightline/domain/api/types';
import { clubDayBounds } from '@flightline/domain/time/club-time';
import type { Database } from '../src/db/engine.ts';
import { getBalances } from '../src/modules/ledger/summary-service.ts';
import { getBalance } from '../src/modules/ledger/service.ts';
import { DEMO_ADMIN_EMAIL } from '../src/seed/demo-club.ts';
import { verifyPassword } from 'better-auth/crypto';
import { storedDemoPassword } from '../src/seed/demo-password.ts';
import { seedDemo, type SeasonCounts, type SeasonProgress } from '../src/seed/demo-season.ts';
import { balanceOf } from './helpers/flights.ts';
import { memberContext } from './helpers/ledger.ts';
import { openTestDatabase } from './helpers/test-app.ts';

/** Noon on 2026-11-24 in Toronto: the season runs 2026-04-17 to 2026-11-17. */
const NOW = Date.parse('2026-11-24T17:00:00Z');
const TODAY = '2026-11-24';
const SEEDING_MS = 240_000;

/**
 * The demo club's last season (README "What the demo club has"): seeded
 * through the services real use goes through, it must leave what real use
 * leaves — a balanced ledger, every flight landed and billed with its
 * breakdown, nothing today or later — and be the same season every time.
 */
describe('the demo club with its last season', () => {
  let first: Database;
  let second: Database;
  let clubId: string;
  let season: SeasonCounts;
  let secondSeason: SeasonCounts;
  const progress: SeasonProgress[] = [];

  beforeAll(async () => {
    first = await openTestDatabase();
    second = await openTestDatabase();
    const seeded = await seedDemo(first.db, { history: true, now: NOW, onProgress: (p) => progress.push(p) });
    clubId = seeded.demo.clubId;
    season = seeded.season!;
    secondSeason = (await seedDemo(second.db, { history: true, now: NOW })).season!;
  }, SEEDING_MS);
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  const count = async (db: Database['db'], query: ReturnType<typeof sql<{ n: number }>>) =>
    Number((await query.execute(db)).rows[0]!.n);
  const admin = async () => {
    const user = await first.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', DEMO_ADMIN_EMAIL)
      .executeTakeFirstOrThrow();
    return memberContext(first.db, clubId, user.id, NOW);
  };

  it(
    'spans the seven months ending a week before today, with several ' +
      'hundred flights, deposits, blocks, fees and tug sessions',
    () => {
      expect(season.firstDay).toBe('2026-04-17');
      expect(season.lastDay).toBe('2026-11-17');
      expect(season.flights).toBeGreaterThanOrEqual(350);
      expect(season.flights).toBeLessThanOrEqual(500);
      expect(season.deposits).toBeGreaterThan(50);
      expect(season.blocks).toBe(2);
      expect(season.fees).toBeGreaterThanOrEqual(10);
      expect(season.expenses).toBe(2);
      expect(season.tugSessions).toBe(season.flyingDays);
    },
  );

  it('sold intros, flew most of them on flights, refunded two and cancelled one', async () => {
    expect(season.introsSold).toBeGreaterThanOrEqual(25);
    expect(season.introsFlown).toBeGreaterThanOrEqual(20);
    expect(season.introsRefunded).toBe(2);
    expect(season.introsCancelled).toBe(1);
    const intros = await sql<{ sold: number; flown: number; refunded: number; cancelled: number }>`
      select count(*)::int as sold, count(flight_ref)::int as flown, count(refunded_at)::int as refunded,
      count(cancelled_at)::int as cancelled
        from intro where club_id = ${clubId}`.execute(first.db);
    expect(intros.rows[0]).toEqual({ sold: season.introsSold, flown: season.introsFlown, refunded: 2, cancelled: 1 });
  });

  it('landed every flight it placed: none cancelled, none left on the line, every glider Ready', async () => {
    const flights = await sql<{ total: number; landed: number }>`
      select count(*)::int as total, count(landed_at)::int as landed from flight where club_id = ${clubId} and
      cancelled_at is null`.execute(first.db);
    expect(flights.rows[0]).toEqual({ total: season.flights, landed: season.flights });
    const gliders = await first.db.selectFrom('glider').select('status').where('club_id', '=', clubId).execute();
    expect(gliders.map((g) => g.status)).toEqual(['Ready', 'Ready', 'Ready']);
  });

  it(
    'dates nothing today or later: flights, line actions, ' + 'entries, tug events and intros are all before today',
    async () => {
      const todayStart = new Date(clubDayBounds(TODAY, 'America/Toronto').startMs);
      const seasonEnd = new Date(clubDayBounds(season.lastDay, 'America/Toronto').endMs);
      expect(
        await count(
          first.db,
          sql`select count(*)::int as n from flight where club_id = ${clubId} and (day >= ${season.lastDay}::date
              + 1 or submitted_at >= ${seasonEnd} or landed_at >= ${seasonEnd})`,
        ),
      ).toBe(0);
      expect(
        await count(
          first.db,
          sql`select count(*)::int as n from flight_action where club_id = ${clubId} and happened_at >= ${todayStart}`,
        ),
      ).toBe(0);
      expect(
        await count(
          first.db,
          sql`select count(*)::int as n from ledger_transaction where club_id = ${clubId} and effective_at >=
              ${todayStart}`,
        ),
      ).toBe(0);
      expect(
        await count(
          first.db,
          sql`select count(*)::int as n from tow_event where club_id = ${clubId} and happened_at >= ${todayStart}`,
        ),
      ).toBe(0);
      expect(
        await count(
          first.db,
          sql`select count(*)::int as n from intro where club_id = ${clubId} and purchased_at >= ${todayStart}`,
        ),
      ).toBe(0);
    },
  );

  it(
    'waits between request and launch as a line does: from 4 ' + 'minutes to under an hour behind the one tug',
    async () => {
      const waits = await sql<{ shortest: number; longest: number }>`
      select min(extract(epoch from launched_at - submitted_at) / 60)::float as shortest, max(extract(epoch from
      launched_at - submitted_at) / 60)::float as longest
        from flight where club_id = ${clubId}`.execute(first.db);
      expect(waits.rows[0]!.shortest).toBeGreaterThanOrEqual(4);
      expect(waits.rows[0]!.longest).toBeLessThan(60);
    },
  );

  it(
    'balances: the trial balance sums to zero and each member’s balance is the sum of ' +
      'their postings; most are in credit, some below the warning level',
    async () => {
      const ctx = await admin();
      const summary = (await getBalances(first.db, ctx, {
        balance: 'AccountingSummary',
        startDate: '2026-01-01',
        endDate: TODAY,
      })) as AccountingSummary;
      const debits = summary.cashIn.endCents + summary.expenses.reduce((sum, e) => sum + e.endCents, 0);
      const credits = [
        summary.membersPayable,
        summary.introsPayable,
        summary.taxesPayable,
        summary.towRevenue,
        summary.rentalRevenue,
        summary.introRevenue,
        summary.otherRevenue,
      ].reduce((sum, totals) => sum + totals.endCents, 0);
      expect(debits - credits).toBe(0);
      expect(summary.towRevenue.endCents).toBeGreaterThan(0);
      expect(summary.rentalRevenue.endCents).toBeGreaterThan(0);
      expect(summary.introRevenue.endCents).toBeGreaterThan(0);

      const pilots = await first.db.selectFrom('pilot').select('user_id').where('club_id', '=', clubId).execute();
      const balances: number[] = [];
      for (const { user_id } of pilots) {
        const { balanceCents } = await getBalance(first.db, ctx, user_id);
        expect(balanceCents).toBe(await balanceOf(first.db, clubId, user_id));
        balances.push(balanceCents);
      }
      expect(balances.reduce((sum, b) => sum + b, 0)).toBe(summary.membersPayable.endCents);
      const flying = balances.filter((b) => b !== 0);
      expect(flying.filter((b) => b >= 0).length).toBeGreaterThan(flying.length / 2);
      expect(flying.filter((b) => b < 5000).length).toBeGreaterThanOrEqual(1);
    },
  );

  it('froze a breakdown with every flight charge', async () => {
    const charges = await sql<{ total: number; explained: number }>`
      select count(*)::int as total, count(breakdown)::int as explained from ledger_transaction
       where club_id = ${clubId} and transaction_type in ('Launch', 'Rental')`.execute(first.db);
    expect(charges.rows[0]!.total).toBeGreaterThan(season.flights);
    expect(charges.rows[0]!.explained).toBe(charges.rows[0]!.total);
  });

  it(
    'tells how far it has got: before the first day, then before each ' +
      'next one, with the flying days and flights so far',
    () => {
      const days = 215;
      expect(progress[0]).toEqual({
        firstDay: '2026-04-17',
        lastDay: '2026-11-17',
        daysDone: 0,
        days,
        flyingDays: 0,
        flights: 0,
      });
      expect(progress.map((p) => p.daysDone)).toEqual(Array.from({ length: days }, (_, d) => d));
      const last = progress.at(-1)!;
      expect(last.flyingDays).toBeLessThanOrEqual(season.flyingDays);
      expect(last.flights).toBeLessThanOrEqual(season.flights);
      expect(last.flights).toBeGreaterThan(season.flights * 0.9);
    },
  );

  it("gives the season's members the club's password", async () => {
    const { password } = await first.db
      .selectFrom('account')
      .innerJoin('user', 'user.id', 'account.userId')
      .select('account.password')
      .where('user.email', '=', 'pat@demo.flightline.local')
      .executeTakeFirstOrThrow();
    expect(await verifyPassword({ hash: password!, password: (await storedDemoPassword(first.db))! })).toBe(true);
  });

  it('is the same season on another database for the same day: the same counts and the same revenue', async () => {
    expect(secondSeason).toEqual(season);
    const revenue = (db: Database['db']) =>
      count(
        db,
        sql`select coalesce(sum(amount_cents), 0)::bigint as n from posting where account in (4100, 4200, 4300, 4900)`,
      );
    expect(await revenue(second.db)).toBe(await revenue(first.db));
  });

  it('adds nothing when the server starts again', async () => {
    const entries = () => count(first.db, sql`select count(*)::int as n from ledger_transaction`);
    const before = {
      flights: await count(first.db, sql`select count(*)::int as n from flight`),
      entries: await entries(),
    };
    const again = await seedDemo(first.db, { history: true, now: NOW + 86_400_000 });
    expect(again.demo.created).toBe(false);
    expect(again.season).toBeNull();
    expect({
      flights: await count(first.db, sql`select count(*)::int as n from flight`),
      entries: await entries(),
    }).toEqual(before);
  });
});

describe('the demo club without its past (SEED_DEMO_HISTORY=false)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it('creates the club, its people and fleet, and no flight, entry or intro', async () => {
    const { demo, season } = await seedDemo(database.db, { history: false, now: NOW });
    expect(demo.created).toBe(true);
    expect(season).toBeNull();
    const n = async (table: 'flight' | 'ledger_transaction' | 'intro' | 'pilot') =>
      Number(
        (
          await database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect({
      flights: await n('flight'),
      entries: await n('ledger_transaction'),
      intros: await n('intro'),
      pilots: await n('pilot'),
    }).toEqual({ flights: 0, entries: 0, intros: 0, pilots: 5 });
  });
});

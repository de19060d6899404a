import type { Kysely } from 'kysely';
import { DateTime } from 'luxon';
import { shippedLuxonZone } from './shipped-luxon-zone.ts';
import { clubToday } from '@flightline/domain/time/club-time';
import { generateSerial } from '@flightline/domain/money/intro-serial';
import { ACCOUNT } from '@flightline/domain/money/ledger';
import { towEventSchema, updateFlightSchema } from '@flightline/domain/schemas/flights';
import {
  introCancelSchema,
  introRefundSchema,
  introSaleSchema,
  introWriteDownSchema,
} from '@flightline/domain/schemas/intros';
import { addTransactionSchema } from '@flightline/domain/schemas/ledger';
import type { DB } from '../db/schema.ts';
import type { MemberContext } from '../http/context.ts';
import { saveGlider } from '../modules/fleet/glider-service.ts';
import { updateFlight } from '../modules/flights/line-service.ts';
import { requestFlight } from '../modules/flights/request-service.ts';
import { cancelIntro } from '../modules/intros/cancel-service.ts';
import { createIntro } from '../modules/intros/create-service.ts';
import { refundIntro } from '../modules/intros/refund-service.ts';
import { writeDownIntro } from '../modules/intros/write-down-service.ts';
import { addTransaction } from '../modules/ledger/add-transaction-service.ts';
import { owedCents } from '../modules/ledger/adjustment-repo.ts';
import { introOwedCents } from '../modules/ledger/intro-ap-repo.ts';
import { getBalance } from '../modules/ledger/service.ts';
import { createTowEvent } from '../modules/tugs/service.ts';
import {
  MINUTE,
  TWO_SEATERS,
  SINGLE_SEATER,
  PAYMENT_METHODS,
  FIRST_NAMES,
  LAST_NAMES,
  Random,
  planDay,
  scheduleDay,
  requestData,
  type Habit,
  type Person,
  type SoldIntro,
} from './demo-season-plan.ts';
import { createPasswordUser, DEMO_ADMIN_EMAIL, seedDemoClub, type DemoSeedResult } from './demo-club.ts';

/**
 * The demo club's last season (README "What the demo club has"): about seven
 * months of a club's life ending a week before today, so the charts, metrics,
 * logbooks and statements have something to show and today's line starts
 * empty. Every flight, payment and intro goes through the services the app's
 * calls use, with the context's clock set to when it happened, so the ledger,
 * its triggers and the charge breakdowns are exactly what real use writes.
 * A fixed seed makes the season the same for a given start day.
 */

const SEED = 0x5ea5_0017;
/** The season ends this many days before today, and spans this many months. */
const END_DAYS_AGO = 7;
const SEASON_MONTHS = 7;
const TUG = 'C-FTOW';

/** Members who join for the season: they fly, pay and owe like the demo's own people. */
const SEASON_MEMBERS = [
  { email: 'pat@demo.flightline.local', first: 'Pat', last: 'Pilot' },
  { email: 'dana@demo.flightline.local', first: 'Dana', last: 'Dune' },
  { email: 'lee@demo.flightline.local', first: 'Lee', last: 'Lift' },
  { email: 'robin@demo.flightline.local', first: 'Robin', last: 'Ridge' },
  { email: 'sam@demo.flightline.local', first: 'Sam', last: 'Student' },
  { email: 'chris@demo.flightline.local', first: 'Chris', last: 'Cadet' },
] as const;

export interface SeasonCounts {
  firstDay: string;
  lastDay: string;
  flyingDays: number;
  flights: number;
  deposits: number;
  blocks: number;
  introsSold: number;
  introsFlown: number;
  introsRefunded: number;
  introsCancelled: number;
  fees: number;
  expenses: number;
  tugSessions: number;
}

/** How far the season's seeding has got: before its first day (`daysDone` 0), then before each next day. */
export interface SeasonProgress {
  firstDay: string;
  lastDay: string;
  /** Days of the season seeded so far, of `days`. */
  daysDone: number;
  days: number;
  flyingDays: number;
  flights: number;
}

interface LineEvent {
  at: number;
  order: number;
  run: () => Promise<unknown>;
}

/** Runs a service call, naming what the seed was doing when it was refused: a refusal means the seed is wrong. */
async function step<T>(what: string, at: number, timeZone: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const when = DateTime.fromMillis(at, { zone: shippedLuxonZone(timeZone) }).toFormat('yyyy-MM-dd HH:mm');
    throw new Error(`Demo season: ${what} at ${when} was refused: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * The demo club as `npm start` makes it: created when the database does not
 * have it, with its last season when `history` is on. The season is seeded
 * only with a club just created, so starting again adds nothing. `password`
 * (tests and benches only) replaces the random one its people get.
 */
export async function seedDemo(
  db: Kysely<DB>,
  options: {
    timeZone?: string;
    history: boolean;
    now?: number;
    password?: string;
    onProgress?: (progress: SeasonProgress) => void;
  },
): Promise<{ demo: DemoSeedResult; season: SeasonCounts | null }> {
  const demo = await seedDemoClub(db, { timeZone: options.timeZone, password: options.password });
  const season =
    demo.created && demo.password.kind === 'known' && options.history
      ? await seedDemoSeason(db, demo.clubId, {
          now: options.now,
          password: demo.password.password,
          onProgress: options.onProgress,
        })
      : null;
  return { demo, season };
}

/**
 * Seed the last season of the demo club `clubId` (just created by
 * seedDemoClub): members (with the club's `password`), money, blocks, intros,
 * flights and tug sessions, from seven months before `now` minus a week to
 * `now` minus a week, telling `onProgress` how far it has got.
 */
export async function seedDemoSeason(
  db: Kysely<DB>,
  clubId: string,
  options: { now?: number; password: string; onProgress?: (progress: SeasonProgress) => void },
): Promise<SeasonCounts> {
  const now = options.now ?? Date.now();
  const random = new Random(SEED);
  const club = await db.selectFrom('club').selectAll().where('id', '=', clubId).executeTakeFirstOrThrow();
  const zone = club.time_zone;
  const luxonZone = shippedLuxonZone(zone);
  const lastDay = DateTime.fromISO(clubToday(zone, now), { zone: luxonZone }).minus({ days: END_DAYS_AGO });
  const firstDay = lastDay.minus({ months: SEASON_MONTHS });
  const firstMs = firstDay.set({ hour: 8 }).toMillis();
  const seasonDays = Math.round(lastDay.diff(firstDay, 'days').days);
  const progress = (daysDone: number, seeded: { flyingDays: number; flights: number }) =>
    options.onProgress?.({
      firstDay: firstDay.toISODate()!,
      lastDay: lastDay.toISODate()!,
      daysDone,
      days: seasonDays + 1,
      flyingDays: seeded.flyingDays,
      flights: seeded.flights,
    });
  progress(0, { flyingDays: 0, flights: 0 });

  // The season's members joined before it started.
  await db.transaction().execute(async (trx) => {
    for (const member of SEASON_MEMBERS) {
      const userId = await createPasswordUser(trx, { ...member, password: options.password });
      await trx.insertInto('profile').values({ user_id: userId, active_club_id: clubId }).execute();
      await trx
        .insertInto('pilot')
        .values({
          club_id: clubId,
          user_id: userId,
          is_active: true,
          requested_at: new Date(firstMs),
          activated_at: new Date(firstMs),
        })
        .execute();
    }
  });

  const pilots = await db.selectFrom('pilot').selectAll().where('club_id', '=', clubId).execute();
  const users = await db
    .selectFrom('user')
    .select(['id', 'email', 'firstName', 'lastName'])
    .where(
      'id',
      'in',
      pilots.map((p) => p.user_id),
    )
    .execute();
  const byEmail = new Map(users.map((user) => [user.email, user]));
  const contextOf = (userId: string) => {
    const user = users.find((u) => u.id === userId)!;
    const pilot = pilots.find((p) => p.user_id === userId)!;
    return (at: number): MemberContext => ({ user, club, pilot, isActive: true, clubVersion: 0, now: at });
  };
  const contextAt = (email: string) => contextOf(byEmail.get(email)!.id);
  const person = (email: string, role: Person['role'], habit: Habit): Person => {
    const user = byEmail.get(email)!;
    return { userId: user.id, first: user.firstName, last: user.lastName, role, habit };
  };
  const admin = contextAt(DEMO_ADMIN_EMAIL);
  const duty = contextAt('ground@demo.flightline.local');
  const towing = contextAt('towpilot@demo.flightline.local');
  const tom = byEmail.get('towpilot@demo.flightline.local')!.id;

  const alex = person(DEMO_ADMIN_EMAIL, 'instructor', 'prompt');
  const irene = person('instructor@demo.flightline.local', 'instructor', 'prompt');
  const mary = person('member@demo.flightline.local', 'student', 'prompt');
  const [pat, dana, lee, robin, sam, chris] = SEASON_MEMBERS.map((m, i) =>
    person(m.email, i >= 4 ? 'student' : 'pilot', i === 2 || i === 3 || i === 5 ? 'late' : 'prompt'),
  ) as [Person, Person, Person, Person, Person, Person];
  const instructors = [irene, irene, alex];
  const students = [mary, sam, chris];
  const licensed = [pat, dana, lee, robin, alex, irene];
  const flyers = [alex, irene, mary, pat, dana, lee, robin, sam, chris];
  const ctxOf = (p: Person) => contextOf(p.userId);

  const counts: SeasonCounts = {
    firstDay: firstDay.toISODate()!,
    lastDay: lastDay.toISODate()!,
    flyingDays: 0,
    flights: 0,
    deposits: 0,
    blocks: 0,
    introsSold: 0,
    introsFlown: 0,
    introsRefunded: 0,
    introsCancelled: 0,
    fees: 0,
    expenses: 0,
    tugSessions: 0,
  };

  const post = (what: string, at: number, input: unknown) =>
    step(what, at, zone, () => addTransaction(db, admin(at), addTransactionSchema.parse(input)));
  const deposit = async (who: Person, amountCents: number, at: number) => {
    await post(`a deposit for ${who.first}`, at, {
      transactionType: 'Deposit',
      pilot: who.userId,
      amountCents,
      transferType: random.pick(['E-Transfer', 'E-Transfer', 'Cheque', 'Cash']),
    });
    counts.deposits++;
  };
  const balanceOf = async (who: Person, at: number) => (await getBalance(db, admin(at), who.userId)).balanceCents;
  /**
   * Before a flight: prompt payers keep $150 or more on account, late payers top up only when below the club's
   * minimum.
   */
  const topUp = async (who: Person, at: number) => {
    const balance = await balanceOf(who, at);
    if (who.habit === 'prompt' && balance < 15_000)
      await deposit(who, random.pick([40_000, 50_000, 60_000, 80_000]), at);
    if (who.habit === 'late' && balance < club.minimum_level_cents)
      await deposit(who, random.pick([10_000, 15_000, 20_000]) - balance, at);
  };

  // Opening day: the blocks apply to the club's gliders, dues and hangar fees are charged, two members buy the season
  // block.
  const opening = firstDay.set({ hour: 9 }).toMillis();
  const rule = await db
    .selectFrom('block_rule')
    .select(['id', 'name'])
    .where('club_id', '=', clubId)
    .orderBy('name')
    .executeTakeFirstOrThrow();
  for (const glider of [...TWO_SEATERS, SINGLE_SEATER]) {
    await step(`listing ${rule.name} on ${glider}`, opening, zone, () =>
      saveGlider(db, admin(opening), { id: glider, data: { blocks: [rule.id] } }),
    );
  }
  for (const [i, who] of flyers.entries()) {
    const at = opening + i * MINUTE;
    await post(`${who.first}'s membership`, at, {
      transactionType: 'Expense',
      pilot: who.userId,
      amountCents: 35_000,
      feeType: 'Membership',
      taxStatus: 'exempt',
    });
    counts.fees++;
    if (who.habit === 'prompt') await deposit(who, random.pick([60_000, 80_000, 100_000]), at + 30_000);
  }
  for (const who of [pat, robin]) {
    await post(`${who.first}'s hangar fee`, opening + 20 * MINUTE, {
      transactionType: 'Expense',
      pilot: who.userId,
      amountCents: 45_000,
      feeType: 'Hangar',
      taxStatus: 'exclusive',
      taxRates: ['HST'],
    });
    counts.fees++;
  }
  const blockEnds = `${lastDay.year}-12-31`;
  for (const who of [pat, dana]) {
    await post(`${who.first}'s block`, opening + 30 * MINUTE, {
      transactionType: 'Block',
      pilot: who.userId,
      block: { id: rule.id, startDate: counts.firstDay, endDate: blockEnds },
    });
    counts.blocks++;
  }

  const intros: SoldIntro[] = [];
  const name = () => ({ first: random.pick(FIRST_NAMES), last: random.pick(LAST_NAMES) });
  const sellIntro = async (at: number, day: string) => {
    const recipient = name();
    const buyer = random.chance(0.6) ? name() : recipient;
    const launchType = random.chance(0.7) ? 'Intro flight' : 'Intro soaring flight';
    const sale = introSaleSchema.parse({
      launchType,
      payment: random.pick(PAYMENT_METHODS),
      SN: generateSerial((n) => random.bytes(n)),
      buyerFirst: buyer.first,
      buyerLast: buyer.last,
      recipientFirst: recipient.first,
      recipientLast: recipient.last,
      staleDate: DateTime.fromISO(day).plus({ days: club.intro_stale_days }).toISODate(),
      taxStatus: 'inclusive',
      taxRates: ['HST'],
    });
    const sold = await step(`selling intro ${sale.SN}`, at, zone, () => createIntro(db, admin(at), sale));
    counts.introsSold++;
    const index = intros.length;
    // The 5th is refunded, the 12th refunded in part and written down, the 18th cancelled: they never fly.
    intros.push({
      id: sold.intro.id,
      sn: sold.intro.SN,
      priceCents: sold.intro.priceCents,
      soaring: launchType === 'Intro soaring flight',
      soldOn: day,
      reserved: index === 4 || index === 11 || index === 17,
      flown: false,
    });
  };

  /** What the treasurer does with the reserved intros, some weeks after each was sold. */
  const treasurerDesk = async (day: DateTime, at: number) => {
    const iso = day.toISODate()!;
    const weeksAfter = (intro: SoldIntro | undefined, weeks: number) =>
      intro !== undefined && DateTime.fromISO(intro.soldOn, { zone: luxonZone }).plus({ weeks }).toISODate() === iso;
    const full = intros[4];
    if (weeksAfter(full, 3)) {
      await step(`refunding intro ${full!.sn}`, at, zone, () =>
        refundIntro(
          db,
          admin(at),
          full!.id,
          introRefundSchema.parse({
            action: 'Refund',
            id: full!.id,
            payment: 'Credit Card',
            priceCents: full!.priceCents,
          }),
        ),
      );
      counts.introsRefunded++;
    }
    const part = intros[11];
    if (weeksAfter(part, 2)) {
      await step(`refunding part of intro ${part!.sn}`, at, zone, () =>
        refundIntro(
          db,
          admin(at),
          part!.id,
          introRefundSchema.parse({
            action: 'Refund',
            id: part!.id,
            payment: 'E-Transfer',
            priceCents: 10_000,
            refundRef: 'Weather: half back',
          }),
        ),
      );
      counts.introsRefunded++;
    }
    if (weeksAfter(part, 3)) {
      const holds = await introOwedCents(db, clubId, part!.id);
      await step(`writing down intro ${part!.sn}`, at, zone, () =>
        writeDownIntro(
          db,
          admin(at),
          part!.id,
          introWriteDownSchema.parse({
            action: 'WriteDown',
            id: part!.id,
            priceCents: holds,
            note: 'Rest of a part refund kept',
          }),
        ),
      );
    }
    const cancelled = intros[17];
    if (weeksAfter(cancelled, 6)) {
      await step(`cancelling intro ${cancelled!.sn}`, at, zone, () =>
        cancelIntro(
          db,
          admin(at),
          cancelled!.id,
          introCancelSchema.parse({ action: 'Cancel', id: cancelled!.id, priceCents: cancelled!.priceCents }),
        ),
      );
      counts.introsCancelled++;
    }
  };

  let hobbsHundredths = 123_456;
  for (let d = 0; d <= seasonDays; d++) {
    if (d > 0) progress(d, counts);
    const day = firstDay.plus({ days: d });
    const iso = day.toISODate()!;
    const at = (hour: number, minute = 0) => day.set({ hour, minute, second: 0, millisecond: 0 }).toMillis();
    const weekend = day.weekday >= 6;

    await treasurerDesk(day, at(9, 15));
    if (d === Math.round(seasonDays * 0.3)) {
      await post("Robin's tail dolly repair", at(9, 30), {
        transactionType: 'Expense',
        pilot: robin.userId,
        amountCents: 8_500,
        feeType: '60530',
        taxStatus: 'exclusive',
        taxRates: ['HST'],
        note: 'Tail dolly wheel',
      });
      counts.expenses++;
    }
    if (d === Math.round(seasonDays * 0.55)) {
      await post("Lee's barbecue supplies", at(9, 30), {
        transactionType: 'Expense',
        pilot: lee.userId,
        amountCents: 4_000,
        feeType: '60520',
        taxStatus: 'exempt',
        note: 'Club barbecue',
      });
      counts.expenses++;
      // The quarter's sales tax, remitted.
      const owed = await db.transaction().execute((trx) => owedCents(trx, clubId, ACCOUNT.salesTaxPayable, 'HST'));
      if (owed > 0)
        await post('the HST remittance', at(9, 40), {
          transactionType: 'BankPayment',
          account: 2510,
          amountCents: owed,
          taxType: 'HST',
        });
    }
    if (random.chance(weekend ? 0.3 : 0.12)) await sellIntro(at(random.int(10, 17), random.int(0, 59)), iso);

    if (!random.chance(weekend ? 0.8 : 0.14)) continue;
    const planned = planDay(random, {
      weekend,
      late: d > seasonDays * 0.5,
      intros: intros.filter((i) => !i.reserved && !i.flown && i.soldOn < iso),
      instructors,
      students,
      pilots: licensed,
      at,
    });
    const events = scheduleDay(random, planned, at);
    if (events.flights.length === 0) continue;
    counts.flyingDays++;

    const line: LineEvent[] = [];
    let order = 0;
    const add = (when: number, run: () => Promise<unknown>) => line.push({ at: when, order: order++, run });
    const tugEvent = (when: number, what: string, data: Record<string, unknown>) =>
      add(when, () =>
        step(`${what} on ${TUG}`, when, zone, () =>
          createTowEvent(
            db,
            towing(when),
            towEventSchema.parse({ data: { tug: TUG, hobbs: hobbsHundredths / 100, ...data } }),
          ),
        ),
      );
    const firstRequest = Math.min(...events.flights.map((f) => f.requestAt));
    tugEvent(firstRequest - 15 * MINUTE, 'checking in', { pilot: tom });
    const refuelAfter = Math.ceil(events.flights.length / 2);
    for (const [i, flight] of events.flights.entries()) {
      const plan = flight.plan;
      const id = random.uuid();
      const payers =
        plan.flyWith === 'Member' ? [plan.pilot, plan.second!] : plan.flyWith === 'Intro' ? [] : [plan.pilot];
      add(flight.requestAt, async () => {
        for (const payer of payers) await topUp(payer, flight.requestAt - 2 * MINUTE);
        const data = requestData(random, plan, flight.requestAt);
        const placed = await step(`requesting ${plan.glider} for ${plan.pilot.first}`, flight.requestAt, zone, () =>
          requestFlight(db, ctxOf(plan.pilot)(flight.requestAt), { club: undefined, id, date: undefined, data }),
        );
        if (plan.intro) plan.intro.flown = true;
        // A sale on the spot answers with its intro.
        if (placed.intro) counts.introsSold++;
        if (plan.flyWith === 'Intro') counts.introsFlown++;
      });
      const action = (when: number, body: Record<string, unknown>, then?: () => void) =>
        add(when, async () => {
          await step(`${String(body.action)} of ${plan.glider}`, when, zone, () =>
            updateFlight(db, duty(when), updateFlightSchema.parse({ id, time: when, ...body })),
          );
          then?.();
        });
      action(flight.launchAt, { action: 'Launch', tug: TUG }, () => {
        // Each tow is about a quarter of an hour on the tug's Hobbs meter.
        hobbsHundredths += random.int(18, 30);
      });
      if (i + 1 === refuelAfter)
        tugEvent(flight.launchAt + 20 * MINUTE, 'refuelling', { fuel: random.int(300, 700) / 10 });
      action(flight.releaseAt, { action: 'ReleaseHeight', releaseHeight: plan.releaseHeightFt });
      action(flight.landAt, { action: 'Landing' }, () => {
        counts.flights++;
      });
    }
    const lastLaunch = Math.max(...events.flights.map((f) => f.launchAt));
    tugEvent(lastLaunch + 25 * MINUTE, 'checking out', { pilotLogOut: true });
    counts.tugSessions++;

    line.sort((a, b) => a.at - b.at || a.order - b.order);
    for (const event of line) await event.run();
  }
  return counts;
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import type { AccountingSummary, AccountTotals, TransactionPosted } from '@flightline/domain/api/types';
import { clubDayBounds, clubDayOf } from '@flightline/domain/time/club-time';
import {
  addTransactionSchema,
  adminParameterSchema,
  reverseTransactionSchema,
} from '@flightline/domain/schemas/ledger';
import type { Database } from '../src/db/engine.ts';
import type { DB } from '../src/db/schema.ts';
import type { MemberContext } from '../src/http/context.ts';
import { formatMoney } from '@flightline/domain/money/money';
import { HttpError } from '../src/http/errors.ts';
import { addTransaction } from '../src/modules/ledger/add-transaction-service.ts';
import { updateAdminParameter } from '../src/modules/ledger/admin-parameter-service.ts';
import { getMemberHistory } from '../src/modules/ledger/history-service.ts';
import { reverseTransaction } from '../src/modules/ledger/reverse-service.ts';
import { getBalance, getBlockBalances } from '../src/modules/ledger/service.ts';
import { getBalances } from '../src/modules/ledger/summary-service.ts';
import { insertEntry } from '../src/modules/ledger/posting-repo.ts';
import { createBlockRule, memberContext, setClubAccounting } from './helpers/ledger.ts';
import { createClub, createPerson, openTestDatabase } from './helpers/test-app.ts';

/**
 * Invariants under stress: long random sequences of deposits, expenses
 * (taxed, several rates), block purchases, adjustments, reversals of earlier
 * entries, retries and lock-date moves, through the real services on the real
 * database. After every step the books are checked against the database and
 * against a model this file keeps on its own (its own tax arithmetic).
 */

const STEPS = 200;
/** Runs per test run; LEDGER_PROPERTY_RUNS=50 for a longer hunt. About 4 s per run on PGlite. */
const RUNS = Number(process.env.LEDGER_PROPERTY_RUNS ?? 5);

const ZONE = 'America/Toronto';
/** Noon on 2026-03-20 in Toronto; entries fall in 2025-01-01 … 2026-03-19. */
const NOW = Date.parse('2026-03-20T16:00:00Z');
const WINDOW_START = Date.parse('2025-01-01T05:00:00Z');
const WINDOW_END = Date.parse('2026-03-20T04:00:00Z');
/** Where DST starts and ends in Toronto within the window: entries cluster around them. */
const DST_EDGES = [
  '2025-03-09T07:00:00Z',
  '2025-11-02T06:00:00Z',
  '2025-03-09T05:00:00Z',
  '2025-11-02T04:00:00Z',
  '2025-11-03T05:00:00Z',
].map(Date.parse);

/** Whole percent, so the test's tax arithmetic is exact integer arithmetic. */
const RATE_PERCENT: Record<string, number> = { GST: 5, PST: 7, HST: 13 };
const FEE_CLASSES = ['Hangar fee', 'Tie-down', 'Trailer'];
const EXPENSE_CODES = ['60510', '60520', '60530', '60900'];
const FEE_TYPES = [...FEE_CLASSES, ...EXPENSE_CODES];
const TRANSFER_TYPES = ['Cash', 'Cheque', 'Credit Card', 'E-Transfer'];
type TaxStatus = 'exempt' | 'inclusive' | 'exclusive';
const RULES: {
  id: string;
  units: 'minutes' | '$' | 'unlimited';
  amount: number;
  priceCents: number;
  taxStatus: TaxStatus;
  taxNames: string[];
}[] = [
  { id: 'minutes', units: 'minutes', amount: 600, priceCents: 30000, taxStatus: 'inclusive', taxNames: ['HST'] },
  { id: 'dollars', units: '$', amount: 25000, priceCents: 19999, taxStatus: 'exclusive', taxNames: ['GST', 'PST'] },
  { id: 'unlimited', units: 'unlimited', amount: 0, priceCents: 45050, taxStatus: 'exempt', taxNames: [] },
];
const MEMBERS = 4;
/** What an intro sold before the window leaves on Intro A/P: Write Downs post until they have taken it. */
const INTRO_SALE_CENTS = 100_000;
const INTRO_SALE_AT = Date.parse('2024-12-15T17:00:00Z');

// ── The model's own arithmetic ────────────────────────────────────────────────

/** n / d rounded half away from zero, for n ≥ 0, d > 0 (the amounts here are positive). */
const roundDiv = (n: number, d: number) => Math.floor((2 * n + d) / (2 * d));

/**
 * Net, each tax and total of a positive amount, as the domain rules describe
 * them: exclusive, each tax = round(net × rate); inclusive, net = round(total /
 * (1 + Σ rates)) and each tax = round(net × rate), the last taking the rest.
 */
function taxed(
  amount: number,
  status: TaxStatus,
  names: readonly string[],
): { net: number; taxes: number[]; taxNames: string[]; total: number } {
  const taxNames = status === 'exempt' ? [] : [...new Set(names)];
  const percents = taxNames.map((name) => RATE_PERCENT[name]!);
  if (percents.length === 0) return { net: amount, taxes: [], taxNames, total: amount };
  if (status === 'exclusive') {
    const taxes = percents.map((p) => roundDiv(amount * p, 100));
    return { net: amount, taxes, taxNames, total: amount + taxes.reduce((a, b) => a + b, 0) };
  }
  const net = roundDiv(amount * 100, 100 + percents.reduce((a, b) => a + b, 0));
  const taxes = percents.map((p) => roundDiv(net * p, 100));
  taxes[taxes.length - 1]! += amount - net - taxes.reduce((a, b) => a + b, 0);
  return { net, taxes, taxNames, total: amount };
}

/** A charge's postings: Dr 2100 total / Cr `credit` net / Cr 2510 [tax] each tax (zero lines dropped). */
function chargeLines(
  credit: number,
  split: { net: number; taxes: number[]; taxNames: string[]; total: number },
): Line[] {
  const taxLines = split.taxes.map((tax, i): Line => [2510, -tax, split.taxNames[i]]);
  return ([[2100, split.total], [credit, -split.net], ...taxLines] as Line[]).filter(([, amount]) => amount !== 0);
}

/** [account, amount, tax name (2510)] of one posting. */
type Line = [account: number, amount: number, taxName?: string];

interface ModelEntry {
  id: number;
  at: number;
  lines: Line[];
  reverses?: number;
  memberId: string | undefined;
  reversible: boolean;
  reversed: boolean;
  reversal: boolean;
  blockOf?: string;
  request?: unknown;
  answer?: TransactionPosted;
}

// ── Steps ─────────────────────────────────────────────────────────────────────

const instant = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: WINDOW_START, max: WINDOW_END - 1 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...DST_EDGES), fc.integer({ min: -2 * 3600_000, max: 2 * 3600_000 }))
      .map(([edge, d]) => edge + d),
  },
);
const member = fc.integer({ min: 0, max: MEMBERS - 1 });
const taxNames = fc.subarray(Object.keys(RATE_PERCENT));
const taxStatus = fc.constantFrom<TaxStatus>('exempt', 'inclusive', 'exclusive');

type Step =
  | { kind: 'deposit'; member: number; amount: number; transfer: number; at: number }
  | { kind: 'expense'; member: number; amount: number; fee: number; status: TaxStatus; taxes: string[]; at: number }
  | { kind: 'block'; member: number; rule: number; override: number | null; at: number }
  | { kind: 'bankPayment'; tax: string; amount: number; at: number }
  | { kind: 'writeDown'; amount: number; at: number }
  | { kind: 'reverse'; pick: number }
  | { kind: 'retry'; pick: number }
  | { kind: 'lock'; days: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('deposit' as const),
      member,
      amount: fc.integer({ min: -50000, max: 200000 }).filter((n) => n !== 0),
      transfer: fc.nat(TRANSFER_TYPES.length - 1),
      at: instant,
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('expense' as const),
      member,
      amount: fc.integer({ min: 1, max: 100000 }),
      fee: fc.nat(FEE_TYPES.length - 1),
      status: taxStatus,
      taxes: taxNames,
      at: instant,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('block' as const),
      member,
      rule: fc.nat(RULES.length - 1),
      override: fc.option(fc.integer({ min: 1, max: 80000 })),
      at: instant,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('bankPayment' as const),
      tax: fc.constantFrom(...Object.keys(RATE_PERCENT)),
      amount: fc.integer({ min: 1, max: 20000 }),
      at: instant,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('writeDown' as const),
      amount: fc.integer({ min: 1, max: 20000 }),
      at: instant,
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('retry' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('lock' as const), days: fc.integer({ min: 0, max: 40 }) }) },
);
const dayRange = fc
  .tuple(fc.integer({ min: WINDOW_START - 30 * 86400_000, max: WINDOW_END }), fc.integer({ min: 0, max: 200 }))
  .map(([start, days]) => ({
    startDate: clubDayOf(start, ZONE),
    endDate: clubDayOf(Math.min(start + days * 86400_000, NOW), ZONE),
  }));

// ── The test ──────────────────────────────────────────────────────────────────

describe('ledger invariants under stress (fast-check, real services, real database)', () => {
  let database: Database;
  let db: Kysely<DB>;
  let people: { userId: string }[];

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    const scratch = await createClub(db, { name: 'People pool' });
    people = [];
    for (let i = 0; i <= MEMBERS; i += 1) people.push(await createPerson(db, { club: scratch, first: `P${i}` }));
  });
  afterAll(() => database.close());

  /**
   * A fresh club per run (the ledger can't be emptied): an admin, four members, tax rates, fee classes, block
   * rules, an intro sold.
   */
  async function newClub(): Promise<{ clubId: string; ctx: MemberContext; members: string[]; introSale: ModelEntry }> {
    const clubId = await createClub(db, { name: `Stress ${Math.random().toString(36).slice(2, 10)}`, time_zone: ZONE });
    const rates = Object.fromEntries(Object.entries(RATE_PERCENT).map(([name, p]) => [name, p / 100]));
    await setClubAccounting(db, clubId, { taxRates: rates, feeList: FEE_CLASSES, paymentMethods: TRANSFER_TYPES });
    for (const rule of RULES) await createBlockRule(db, clubId, { ...rule, name: `Block ${rule.id}` });
    const [admin, ...members] = people.map((p) => p.userId);
    await db
      .insertInto('pilot')
      .values({ club_id: clubId, user_id: admin!, is_active: true, is_admin: true })
      .execute();
    for (const m of members)
      await db.insertInto('pilot').values({ club_id: clubId, user_id: m, is_active: true }).execute();
    await db
      .insertInto('launch_type')
      .values({ club_id: clubId, id: 'Tow', kind: 'fixed', price_cents: 4000, height: 2000 })
      .execute();
    await db
      .insertInto('intro_launch')
      .values({ club_id: clubId, id: 'Intro', launch_type_id: 'Tow', price_cents: INTRO_SALE_CENTS })
      .execute();
    const intro = await db
      .insertInto('intro')
      .values({
        club_id: clubId,
        sn: 'SEED01',
        recipient_first: 'Ivy',
        recipient_last: 'Intro',
        launch_type: 'Intro',
        price_cents: INTRO_SALE_CENTS,
        purchase_date: '2024-12-15',
        stale_date: '2025-12-15',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // As the intros module posts a sale: Dr 1000 [Cash] / Cr 2120 [intro].
    const saleId = await db.transaction().execute((trx) =>
      insertEntry(trx, {
        clubId,
        effectiveAt: new Date(INTRO_SALE_AT),
        enteredAt: new Date(INTRO_SALE_AT),
        enteredBy: admin!,
        transactionType: 'Intro Sale',
        description: 'Intro SEED01',
        note: '',
        reference: '',
        idempotencyKey: null,
        reversesId: null,
        lines: [
          { account: 1000, amountCents: INTRO_SALE_CENTS, transferType: 'Cash' },
          { account: 2120, amountCents: -INTRO_SALE_CENTS, introId: intro.id },
        ],
      }),
    );
    const introSale: ModelEntry = {
      id: saleId,
      at: INTRO_SALE_AT,
      lines: [
        [1000, INTRO_SALE_CENTS],
        [2120, -INTRO_SALE_CENTS],
      ],
      memberId: undefined,
      reversible: false,
      reversed: false,
      reversal: false,
    };
    return { clubId, ctx: await memberContext(db, clubId, admin!, NOW), members, introSale };
  }

  async function refusalOf(promise: Promise<unknown>): Promise<HttpError | undefined> {
    try {
      await promise;
      return undefined;
    } catch (error) {
      if (error instanceof HttpError) return error;
      throw error;
    }
  }

  it(`${RUNS} runs of ${STEPS} steps keep every invariant`, { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(step, dayRange), { minLength: STEPS, maxLength: STEPS }), async (steps) => {
        const { clubId, ctx, members, introSale } = await newClub();
        const entries: ModelEntry[] = [introSale];
        let lockDate: string | null = null;
        let keyNumber = 0;

        const lockEnd = () => (lockDate === null ? -Infinity : clubDayBounds(lockDate, ZONE).endMs);

        /**
         * The refusal of an adjustment larger than what its account holds
         * (Intro A/P, or Sales Tax A/P of its tax) over all entries so far; undefined within it.
         */
        function overLimit(
          adjustment: 'Bank Payment' | 'Write Down',
          amount: number,
          tax?: string,
        ): string | undefined {
          const account = tax === undefined ? 2120 : 2510;
          const owed = -entries.reduce(
            (sum, e) =>
              sum +
              e.lines.reduce((inner, [a, value, name]) => (a === account && name === tax ? inner + value : inner), 0),
            0,
          );
          if (amount <= owed) return undefined;
          const held =
            `${formatMoney(Math.max(0, owed))} ` +
            `${account === 2120 ? 'Intro A/P' : 'Sales Tax A/P'} holds${tax === undefined ? '' : ` for ${tax}`}`;
          return `The ${adjustment.toLowerCase()} of ${formatMoney(amount)} is more than the ${held}`;
        }

        /**
         * Post an add-transaction body; the model says whether it must be refused for the lock date, or (`refusal`)
         * for what an account holds.
         */
        async function post(
          body: Record<string, unknown>,
          at: number,
          lines: Line[],
          memberId: string | undefined,
          blockOf?: string,
          refusal?: string,
        ) {
          const request = addTransactionSchema.parse({
            ...body,
            time: at,
            idempotencyKey: `stress-${(keyNumber += 1)}`,
          });
          if (at < lockEnd() || refusal !== undefined) {
            const refused = await refusalOf(addTransaction(db, ctx, request));
            expect(refused?.statusCode).toBe(409);
            expect(refused?.message).toBe(
              at < lockEnd() ? `Transactions on or before the lock date ${lockDate} cannot be posted` : refusal,
            );
            return;
          }
          const answer = await addTransaction(db, ctx, request);
          entries.push({
            id: answer.transactionId,
            at,
            lines,
            memberId,
            reversible: true,
            reversed: false,
            reversal: false,
            request,
            answer,
            ...(blockOf ? { blockOf } : {}),
          });
        }

        for (const [s, range] of steps) {
          switch (s.kind) {
            case 'deposit': {
              const memberId = members[s.member]!;
              const transferType = TRANSFER_TYPES[s.transfer]!;
              await post(
                { transactionType: 'Deposit', pilot: memberId, amountCents: s.amount, transferType },
                s.at,
                [
                  [1000, s.amount],
                  [2100, -s.amount],
                ],
                memberId,
              );
              break;
            }
            case 'expense': {
              const memberId = members[s.member]!;
              const feeType = FEE_TYPES[s.fee]!;
              const credit = EXPENSE_CODES.includes(feeType) ? Number(feeType) : 4900;
              const lines = chargeLines(credit, taxed(s.amount, s.status, s.taxes));
              await post(
                {
                  transactionType: 'Expense',
                  pilot: memberId,
                  amountCents: s.amount,
                  feeType,
                  taxStatus: s.status,
                  taxRates: s.taxes,
                },
                s.at,
                lines,
                memberId,
              );
              break;
            }
            case 'block': {
              const memberId = members[s.member]!;
              const rule = RULES[s.rule]!;
              const price = s.override ?? rule.priceCents;
              const lines = chargeLines(4200, taxed(price, rule.taxStatus, rule.taxNames));
              const block = {
                id: rule.id,
                startDate: '2025-01-01',
                endDate: '2026-12-31',
                ...(s.override !== null ? { override: true } : {}),
              };
              await post(
                {
                  transactionType: 'Block',
                  pilot: memberId,
                  block,
                  ...(s.override !== null ? { amountCents: s.override } : {}),
                },
                s.at,
                lines,
                memberId,
                rule.id,
              );
              break;
            }
            case 'bankPayment': {
              const lines: Line[] = [
                [2510, s.amount, s.tax],
                [1000, -s.amount],
              ];
              await post(
                { transactionType: 'BankPayment', account: 2510, amountCents: s.amount, taxType: s.tax },
                s.at,
                lines,
                undefined,
                undefined,
                overLimit('Bank Payment', s.amount, s.tax),
              );
              break;
            }
            case 'writeDown':
              await post(
                { transactionType: 'WriteDown', account: 2120, amountCents: s.amount },
                s.at,
                [
                  [2120, s.amount],
                  [4300, -s.amount],
                ],
                undefined,
                undefined,
                overLimit('Write Down', s.amount),
              );
              break;
            case 'reverse': {
              if (entries.length === 0) break;
              const original = entries[s.pick % entries.length]!;
              const input = reverseTransactionSchema.parse({ id: original.id });
              if (!original.reversible && !original.reversal) {
                const refused = await refusalOf(reverseTransaction(db, ctx, input));
                expect(refused?.message).toBe(
                  `Transaction #${original.id} (Intro Sale) is corrected where it was made, not reversed here`,
                );
                break;
              }
              if (original.reversal || original.reversed) {
                const refused = await refusalOf(reverseTransaction(db, ctx, input));
                expect(refused?.statusCode).toBe(409);
                expect(refused?.message).toBe(
                  original.reversal
                    ? `Transaction #${original.id} is itself the reversal of #${original.reverses}: ` +
                        `post the entry again instead`
                    : `Transaction #${original.id} was already reversed`,
                );
                break;
              }
              const answer = await reverseTransaction(db, ctx, input);
              original.reversed = true;
              const lines = original.lines.map(([account, amount, taxName]): Line => [account, -amount, taxName]);
              entries.push({
                id: answer.transactionId,
                at: NOW,
                lines,
                reverses: original.id,
                memberId: original.memberId,
                reversible: false,
                reversed: false,
                reversal: true,
                answer,
                ...(original.blockOf ? { blockOf: `void:${original.id}` } : {}),
              });
              break;
            }
            case 'retry': {
              const keyed = entries.filter((e) => e.request !== undefined);
              if (keyed.length === 0) break;
              const original = keyed[s.pick % keyed.length]!;
              const before = await counts(clubId);
              expect(await addTransaction(db, ctx, original.request as never)).toEqual(original.answer);
              expect(await counts(clubId)).toEqual(before);
              break;
            }
            case 'lock': {
              // Forward by 0–40 days from the current lock date (0: refused), so the window is locked bit by bit.
              const from =
                lockDate === null
                  ? WINDOW_START - 12 * 3600_000
                  : clubDayBounds(lockDate, ZONE).startMs + 12 * 3600_000;
              const day = clubDayOf(from + s.days * 86400_000, ZONE);
              const input = adminParameterSchema.parse({ parameter: 'lockDate', lockDate: day });
              if (lockDate !== null && day <= lockDate) {
                const refused = await refusalOf(updateAdminParameter(db, ctx, input));
                expect(refused?.message).toBe('The new lock date must be after the current lock date');
              } else if (day >= clubDayOf(NOW, ZONE)) {
                const refused = await refusalOf(updateAdminParameter(db, ctx, input));
                expect(refused?.message).toBe('The lock date must be before today');
              } else {
                expect(await updateAdminParameter(db, ctx, input)).toEqual({ status: 'ok', lockDate: day });
                lockDate = day;
              }
              break;
            }
          }
          await checkInvariants(clubId, ctx, members, entries, range);
        }
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  });

  const sumOf = (entry: ModelEntry, account: number) =>
    entry.lines.reduce((sum, [a, amount]) => (a === account ? sum + amount : sum), 0);

  async function counts(clubId: string) {
    const row = await sql<{ transactions: number; postings: number; blocks: number }>`
      select (select count(*) from ledger_transaction where club_id = ${clubId})::bigint as transactions,
             (select count(*) from posting where club_id = ${clubId})::bigint as postings,
             (select count(*) from member_block where club_id = ${clubId})::bigint as blocks`.execute(db);
    return row.rows[0]!;
  }

  async function checkInvariants(
    clubId: string,
    ctx: MemberContext,
    members: string[],
    entries: ModelEntry[],
    range: { startDate: string; endDate: string },
  ) {
    // Every entry balances, with two or more non-zero postings; the entries are the model's, no more.
    const unbalanced = await sql<{ transaction_id: number }>`
      select t.id as transaction_id from ledger_transaction t left join posting p on p.transaction_id = t.id
      where t.club_id = ${clubId} group by t.id
      having coalesce(sum(p.amount_cents), 0) <> 0 or count(p.id) < 2 or bool_or(p.amount_cents = 0)`.execute(db);
    expect(unbalanced.rows).toEqual([]);
    expect((await counts(clubId)).transactions).toBe(entries.length);

    // The trial balance: all postings sum to 0.
    const trial = await sql<{
      total: number;
    }>`select coalesce(sum(amount_cents), 0)::bigint as total from posting where club_id = ${clubId}`.execute(db);
    expect(trial.rows[0]!.total).toBe(0);

    // Each member's balance = −(sum of their 2100 postings) = the model's.
    for (const memberId of members) {
      const modelBalance =
        0 - entries.filter((e) => e.memberId === memberId).reduce((sum, e) => sum + sumOf(e, 2100), 0);
      const raw = await sql<{ total: number }>`select coalesce(sum(amount_cents), 0)::bigint as total from posting
        where club_id = ${clubId} and account = 2100 and member_id = ${memberId}`.execute(db);
      expect(0 - raw.rows[0]!.total).toBe(modelBalance);
      expect((await getBalance(db, ctx, memberId)).balanceCents).toBe(modelBalance);
    }

    // A member's history over the random range: opening + rows = closing, row by row; closing = the model's balance at
    // the range end.
    const { startMs, endMs } = {
      startMs: clubDayBounds(range.startDate, ZONE).startMs,
      endMs: clubDayBounds(range.endDate, ZONE).endMs,
    };
    const someone = members[entries.length % members.length]!;
    const history = await getMemberHistory(db, ctx, someone, range);
    const memberSum = (until: number) =>
      entries.filter((e) => e.memberId === someone && e.at < until).reduce((sum, e) => sum + sumOf(e, 2100), 0);
    expect(history.openingBalanceCents).toBe(0 - memberSum(startMs));
    expect(history.balanceCents).toBe(0 - memberSum(endMs));
    let running = history.openingBalanceCents;
    for (const row of history.transactions) {
      running += row.amountCents;
      expect(row.balanceCents).toBe(running);
    }

    // The member's blocks: bought and not voided by a reversal.
    const blocks = await getBlockBalances(db, ctx, someone, true);
    const voided = new Set(
      entries.filter((e) => e.blockOf?.startsWith('void:')).map((e) => Number(e.blockOf!.slice(5))),
    );
    expect(blocks.length).toBe(
      entries.filter((e) => e.memberId === someone && e.blockOf && !e.blockOf.startsWith('void:') && !voided.has(e.id))
        .length,
    );

    // The summary over the random range: start + debit + credit = end for every account, each equal to the model's.
    const summary = (await getBalances(db, ctx, { ...range, balance: 'AccountingSummary' })) as AccountingSummary;
    const all: AccountTotals[] = [
      summary.cashIn,
      summary.membersPayable,
      summary.introsPayable,
      summary.taxesPayable,
      summary.towRevenue,
      summary.rentalRevenue,
      summary.introRevenue,
      summary.otherRevenue,
      ...summary.expenses,
      ...summary.taxes.map((x) => x.totals),
      ...summary.transferTypes.map((x) => x.totals),
      ...summary.feeClasses.map((x) => x.totals),
    ];
    for (const totals of all) expect(totals.startCents + totals.debitCents + totals.creditCents).toBe(totals.endCents);
    const credit = (account: number) => account >= 2000 && account < 5000;
    for (const totals of [
      summary.cashIn,
      summary.membersPayable,
      summary.introsPayable,
      summary.taxesPayable,
      summary.rentalRevenue,
      summary.introRevenue,
      summary.otherRevenue,
      ...summary.expenses,
    ]) {
      const sign = credit(totals.account) ? -1 : 1;
      let start = 0;
      let debit = 0;
      let creditSum = 0;
      for (const e of entries) {
        for (const [account, amount] of e.lines) {
          if (account !== totals.account) continue;
          if (e.at < startMs) start += amount;
          else if (e.at < endMs) {
            if (amount > 0) debit += amount;
            else creditSum += amount;
          }
        }
      }
      expect({
        account: totals.account,
        start: totals.startCents,
        debit: totals.debitCents,
        credit: totals.creditCents,
      }).toEqual({
        account: totals.account,
        start: sign * start || 0,
        debit: sign * debit || 0,
        credit: sign * creditSum || 0,
      });
    }
  }
});

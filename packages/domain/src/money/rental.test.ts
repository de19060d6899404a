import { describe, expect, it } from 'vitest';
import {
  blockUsableThrough,
  chooseBlock,
  minutesFlown,
  rentalCharge,
  rentalShares,
  splitShared,
  type BlockTerms,
} from './rental.ts';

const minutesBlock = (over: Partial<BlockTerms> = {}): BlockTerms => ({
  units: 'minutes',
  balance: 600,
  minFlightUnits: 0,
  maxFlightUnits: null,
  minFlightChargeCents: 0,
  maxFlightChargeCents: null,
  excessMultiplier: 1,
  ...over,
});

describe('rental at the normal rate', () => {
  it('minutes flown round up: 42 min 1 s is 43 minutes', () => {
    expect(minutesFlown(0, (42 * 60 + 1) * 1000)).toBe(43);
    expect(minutesFlown(0, 42 * 60 * 1000)).toBe(42);
  });
  it('refuses a landing before the launch', () => {
    expect(() => minutesFlown(1000, 999)).toThrow('cannot land before it launches');
  });
  it('43 minutes at 60 ¢/min is $25.80 with no block', () => {
    expect(rentalCharge({ minutes: 43, rateCentsPerMinute: 60 })).toEqual({
      cashCents: 2580,
      blockUnitsUsed: 0,
      listCents: 2580,
    });
  });
});

describe('minutes blocks', () => {
  it('cover the whole flight when the balance allows', () => {
    expect(rentalCharge({ minutes: 43, rateCentsPerMinute: 60, block: minutesBlock() })).toEqual({
      cashCents: 0,
      blockUnitsUsed: 43,
      listCents: 2580,
    });
  });
  it('draw at least the minimum: a 10-minute flight on a 30-minute minimum uses 30', () => {
    expect(
      rentalCharge({ minutes: 10, rateCentsPerMinute: 60, block: minutesBlock({ minFlightUnits: 30 }) }).blockUnitsUsed,
    ).toBe(30);
  });
  it('a flight crossing the maximum: 150 min on a 120-min maximum with ×1.5 pays 30 min at 90 ¢', () => {
    expect(
      rentalCharge({
        minutes: 150,
        rateCentsPerMinute: 60,
        block: minutesBlock({ maxFlightUnits: 120, excessMultiplier: 1.5 }),
      }),
    ).toEqual({
      cashCents: 2700,
      blockUnitsUsed: 120,
      listCents: 9000,
    });
  });
  it('what the block cannot cover is charged at the normal rate: 20 minutes left for a 50-minute flight', () => {
    expect(rentalCharge({ minutes: 50, rateCentsPerMinute: 60, block: minutesBlock({ balance: 20 }) })).toEqual({
      cashCents: 1800,
      blockUnitsUsed: 20,
      listCents: 3000,
    });
  });
});

describe('$ and unlimited blocks', () => {
  const dollars = (over: Partial<BlockTerms> = {}) => minutesBlock({ units: '$', balance: 10000, ...over });
  it('a $ block pays the rental in cents', () => {
    expect(rentalCharge({ minutes: 43, rateCentsPerMinute: 60, block: dollars() })).toEqual({
      cashCents: 0,
      blockUnitsUsed: 2580,
      listCents: 2580,
    });
  });
  it('a $ block draws at least its minimum charge', () => {
    expect(
      rentalCharge({ minutes: 10, rateCentsPerMinute: 60, block: dollars({ minFlightChargeCents: 1500 }) })
        .blockUnitsUsed,
    ).toBe(1500);
  });
  it('a $ block stops at its maximum charge; the rest at the multiplied rate', () => {
    // list 9000, cap 6000 → 3000 excess × 2 = 6000 cash
    expect(
      rentalCharge({
        minutes: 150,
        rateCentsPerMinute: 60,
        block: dollars({ maxFlightChargeCents: 6000, excessMultiplier: 2 }),
      }),
    ).toEqual({
      cashCents: 6000,
      blockUnitsUsed: 6000,
      listCents: 9000,
    });
  });
  it('an unlimited block covers the rental outright, up to its maximum', () => {
    const unlimited = minutesBlock({ units: 'unlimited', balance: 0, maxFlightUnits: 120, excessMultiplier: 1 });
    expect(rentalCharge({ minutes: 100, rateCentsPerMinute: 60, block: unlimited })).toEqual({
      cashCents: 0,
      blockUnitsUsed: 0,
      listCents: 6000,
    });
    expect(rentalCharge({ minutes: 130, rateCentsPerMinute: 60, block: unlimited }).cashCents).toBe(600);
  });
});

describe('choosing the block', () => {
  const blocks = [
    { id: 'late', ruleId: 'r1', startsOn: '2026-01-01', endsOn: '2026-12-31', units: 'minutes' as const, balance: 100 },
    { id: 'soon', ruleId: 'r1', startsOn: '2026-01-01', endsOn: '2026-07-31', units: 'minutes' as const, balance: 100 },
    { id: 'empty', ruleId: 'r1', startsOn: '2026-01-01', endsOn: '2026-06-30', units: 'minutes' as const, balance: 0 },
    {
      id: 'other-glider',
      ruleId: 'r2',
      startsOn: '2026-01-01',
      endsOn: '2026-05-31',
      units: 'minutes' as const,
      balance: 100,
    },
  ];
  it('uses the applicable block that expires first, skipping exhausted ones and other gliders', () => {
    expect(chooseBlock(blocks, { day: '2026-06-15', gliderBlockRuleIds: ['r1'] })?.id).toBe('soon');
  });
  it('skips blocks whose dates do not include the flight day', () => {
    expect(chooseBlock(blocks, { day: '2026-08-01', gliderBlockRuleIds: ['r1'] })?.id).toBe('late');
    expect(chooseBlock(blocks, { day: '2027-01-01', gliderBlockRuleIds: ['r1'] })).toBeUndefined();
  });
});

describe('shared cost', () => {
  it('splits evenly, the odd cent to the pilot, and reverses symmetrically', () => {
    expect(splitShared(2580)).toEqual({ pilotCents: 1290, otherCents: 1290 });
    expect(splitShared(2581)).toEqual({ pilotCents: 1291, otherCents: 1290 });
    expect(splitShared(-2581)).toEqual({ pilotCents: -1291, otherCents: -1290 });
  });
});

describe("a payer's share of the list price", () => {
  it('with no block the payer pays the share given, not minutes × rate', () => {
    expect(rentalCharge({ minutes: 22, rateCentsPerMinute: 60, listCents: 1290 })).toEqual({
      cashCents: 1290,
      blockUnitsUsed: 0,
      listCents: 1290,
    });
  });
  it('a $ block draws the share in cents', () => {
    const dollars = minutesBlock({ units: '$', balance: 10000 });
    expect(rentalCharge({ minutes: 22, rateCentsPerMinute: 60, listCents: 1290, block: dollars })).toEqual({
      cashCents: 0,
      blockUnitsUsed: 1290,
      listCents: 1290,
    });
  });
  it('refuses a list price that is not whole cents ≥ 0', () => {
    expect(() => rentalCharge({ minutes: 1, rateCentsPerMinute: 60, listCents: -1 })).toThrow(RangeError);
    expect(() => rentalCharge({ minutes: 1, rateCentsPerMinute: 60, listCents: 0.5 })).toThrow(RangeError);
  });
});

describe('rental shares', () => {
  const dollars = minutesBlock({ units: '$', balance: 10000 });
  it('alone: the pilot flies every minute, their block applies', () => {
    expect(
      rentalShares({
        minutes: 43,
        rateCentsPerMinute: 60,
        payers: [{ memberId: 'p', block: minutesBlock({ balance: 30 }) }],
      }),
    ).toEqual([
      {
        memberId: 'p',
        minutes: 43,
        listCents: 2580,
        cashCents: 780,
        blockUnits: 30,
        block: minutesBlock({ balance: 30 }),
      },
    ]);
  });
  it('shared with no blocks: 43 min at 61 ¢ = $26.23 → pilot $13.12, other $13.11', () => {
    const shares = rentalShares({
      minutes: 43,
      rateCentsPerMinute: 61,
      payers: [
        { memberId: 'p', block: null },
        { memberId: 'o', block: null },
      ],
    });
    expect(shares.map((s) => [s.memberId, s.minutes, s.listCents, s.cashCents, s.blockUnits])).toEqual([
      ['p', 22, 1312, 1312, 0],
      ['o', 21, 1311, 1311, 0],
    ]);
  });
  it("shared: each half against its holder's own block (odd minute to the pilot)", () => {
    const shares = rentalShares({
      minutes: 43,
      rateCentsPerMinute: 60,
      payers: [
        { memberId: 'p', block: minutesBlock({ balance: 10 }) },
        { memberId: 'o', block: dollars },
      ],
    });
    // pilot: 22 min, 10 on the block, 12 × 60 = 720 cash; other: half of 2580 = 1290 from the $ block.
    expect(shares.map((s) => [s.minutes, s.listCents, s.cashCents, s.blockUnits])).toEqual([
      [22, 1290, 720, 10],
      [21, 1290, 0, 1290],
    ]);
  });
  it('an unlimited block records the minutes it covered (up to its maximum)', () => {
    const unlimited = minutesBlock({ units: 'unlimited', balance: 0, maxFlightUnits: 120, excessMultiplier: 1.5 });
    const [share] = rentalShares({
      minutes: 130,
      rateCentsPerMinute: 60,
      payers: [{ memberId: 'p', block: unlimited }],
    });
    expect([share!.cashCents, share!.blockUnits]).toEqual([900, 120]);
  });
  it("a 1-minute shared flight: the other member's 0 minutes are covered by their block", () => {
    const shares = rentalShares({
      minutes: 1,
      rateCentsPerMinute: 60,
      payers: [
        { memberId: 'p', block: null },
        { memberId: 'o', block: minutesBlock() },
      ],
    });
    expect(shares.map((s) => [s.minutes, s.cashCents, s.blockUnits])).toEqual([
      [1, 30, 0],
      [0, 0, 0],
    ]);
  });
  it('refuses no payer or three', () => {
    expect(() => rentalShares({ minutes: 1, rateCentsPerMinute: 60, payers: [] })).toThrow(RangeError);
    const three = [
      { memberId: 'a', block: null },
      { memberId: 'b', block: null },
      { memberId: 'c', block: null },
    ];
    expect(() => rentalShares({ minutes: 1, rateCentsPerMinute: 60, payers: three })).toThrow(RangeError);
  });
});

describe('block limits in days', () => {
  it('ends after N days: day N counted from the start day, never past the end date', () => {
    const block = { startsOn: '2026-05-01', endsOn: '2026-12-31' };
    expect(blockUsableThrough(block, { endsAfterDays: true, daysCount: 30 })).toBe('2026-05-30');
    expect(blockUsableThrough(block, { endsAfterDays: true, daysCount: 1 })).toBe('2026-05-01');
    expect(blockUsableThrough(block, { endsAfterDays: true, daysCount: 400 })).toBe('2026-12-31');
    expect(blockUsableThrough(block, { endsAfterDays: false, daysCount: 30 })).toBe('2026-12-31');
    expect(blockUsableThrough(block, { endsAfterDays: true, daysCount: 0 })).toBe('2026-12-31');
  });
  it('chooseBlock skips a block past its usable day and orders by it', () => {
    const blocks = [
      {
        id: 'long',
        ruleId: 'r1',
        startsOn: '2026-01-01',
        endsOn: '2026-12-31',
        units: 'minutes' as const,
        balance: 100,
        usableThrough: '2026-06-30',
      },
      {
        id: 'short',
        ruleId: 'r1',
        startsOn: '2026-01-01',
        endsOn: '2026-09-30',
        units: 'minutes' as const,
        balance: 100,
      },
    ];
    expect(chooseBlock(blocks, { day: '2026-06-15', gliderBlockRuleIds: ['r1'] })?.id).toBe('long');
    expect(chooseBlock(blocks, { day: '2026-07-01', gliderBlockRuleIds: ['r1'] })?.id).toBe('short');
  });
  it('ends after N flying days: distinct days flown count; a day already flown stays open', () => {
    const block = (flown: string[]) => ({
      id: 'b',
      ruleId: 'r1',
      startsOn: '2026-01-01',
      endsOn: '2026-12-31',
      units: 'unlimited' as const,
      balance: 0,
      flyingDays: { limit: 2, flown },
    });
    const on = (day: string, flown: string[]) => chooseBlock([block(flown)], { day, gliderBlockRuleIds: ['r1'] })?.id;
    expect(on('2026-06-02', ['2026-06-01', '2026-06-01'])).toBe('b');
    expect(on('2026-06-03', ['2026-06-01', '2026-06-02'])).toBeUndefined();
    expect(on('2026-06-02', ['2026-06-01', '2026-06-02'])).toBe('b');
    expect(
      chooseBlock([{ ...block(['2026-06-01']), flyingDays: { limit: 0, flown: ['2026-06-01'] } }], {
        day: '2026-06-09',
        gliderBlockRuleIds: ['r1'],
      })?.id,
    ).toBe('b');
  });
});

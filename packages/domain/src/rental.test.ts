import { describe, expect, it } from 'vitest';
import { chooseBlock, minutesFlown, rentalCharge, splitShared, type BlockTerms } from './rental.ts';

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
    expect(rentalCharge({ minutes: 43, rateCentsPerMinute: 60 })).toEqual({ cashCents: 2580, blockUnitsUsed: 0, listCents: 2580 });
  });
});

describe('minutes blocks', () => {
  it('cover the whole flight when the balance allows', () => {
    expect(rentalCharge({ minutes: 43, rateCentsPerMinute: 60, block: minutesBlock() })).toEqual({ cashCents: 0, blockUnitsUsed: 43, listCents: 2580 });
  });
  it('draw at least the minimum: a 10-minute flight on a 30-minute minimum uses 30', () => {
    expect(rentalCharge({ minutes: 10, rateCentsPerMinute: 60, block: minutesBlock({ minFlightUnits: 30 }) }).blockUnitsUsed).toBe(30);
  });
  it('a flight crossing the maximum: 150 min on a 120-min maximum with ×1.5 pays 30 min at 90 ¢', () => {
    expect(rentalCharge({ minutes: 150, rateCentsPerMinute: 60, block: minutesBlock({ maxFlightUnits: 120, excessMultiplier: 1.5 }) })).toEqual({
      cashCents: 2700,
      blockUnitsUsed: 120,
      listCents: 9000,
    });
  });
  it('what the block cannot cover is charged at the normal rate: 20 minutes left for a 50-minute flight', () => {
    expect(rentalCharge({ minutes: 50, rateCentsPerMinute: 60, block: minutesBlock({ balance: 20 }) })).toEqual({ cashCents: 1800, blockUnitsUsed: 20, listCents: 3000 });
  });
});

describe('$ and unlimited blocks', () => {
  const dollars = (over: Partial<BlockTerms> = {}) => minutesBlock({ units: '$', balance: 10000, ...over });
  it('a $ block pays the rental in cents', () => {
    expect(rentalCharge({ minutes: 43, rateCentsPerMinute: 60, block: dollars() })).toEqual({ cashCents: 0, blockUnitsUsed: 2580, listCents: 2580 });
  });
  it('a $ block draws at least its minimum charge', () => {
    expect(rentalCharge({ minutes: 10, rateCentsPerMinute: 60, block: dollars({ minFlightChargeCents: 1500 }) }).blockUnitsUsed).toBe(1500);
  });
  it('a $ block stops at its maximum charge; the rest at the multiplied rate', () => {
    // list 9000, cap 6000 → 3000 excess × 2 = 6000 cash
    expect(rentalCharge({ minutes: 150, rateCentsPerMinute: 60, block: dollars({ maxFlightChargeCents: 6000, excessMultiplier: 2 }) })).toEqual({
      cashCents: 6000,
      blockUnitsUsed: 6000,
      listCents: 9000,
    });
  });
  it('an unlimited block covers the rental outright, up to its maximum', () => {
    const unlimited = minutesBlock({ units: 'unlimited', balance: 0, maxFlightUnits: 120, excessMultiplier: 1 });
    expect(rentalCharge({ minutes: 100, rateCentsPerMinute: 60, block: unlimited })).toEqual({ cashCents: 0, blockUnitsUsed: 0, listCents: 6000 });
    expect(rentalCharge({ minutes: 130, rateCentsPerMinute: 60, block: unlimited }).cashCents).toBe(600);
  });
});

describe('choosing the block', () => {
  const blocks = [
    { id: 'late', ruleId: 'r1', startsOn: '2026-01-01', endsOn: '2026-12-31', units: 'minutes' as const, balance: 100 },
    { id: 'soon', ruleId: 'r1', startsOn: '2026-01-01', endsOn: '2026-07-31', units: 'minutes' as const, balance: 100 },
    { id: 'empty', ruleId: 'r1', startsOn: '2026-01-01', endsOn: '2026-06-30', units: 'minutes' as const, balance: 0 },
    { id: 'other-glider', ruleId: 'r2', startsOn: '2026-01-01', endsOn: '2026-05-31', units: 'minutes' as const, balance: 100 },
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

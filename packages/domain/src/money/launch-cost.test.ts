import { describe, expect, it } from 'vitest';
import type { HeightRange } from './height-ranges.ts';
import { launchCostCents, type LaunchPricing } from './launch-cost.ts';

// A variable launch: its base price plus the cost of each started segment of its height ranges.
const variableLaunch = (priceCents: number, heightRanges: HeightRange[]): LaunchPricing => ({
  kind: 'variable',
  priceCents,
  heightRanges,
});

const variable = variableLaunch(0, [
  { start: 0, end: 1000, per: 1000, costCents: 3000 },
  { start: 1000, end: 5000, per: 100, costCents: 250 },
]);

describe('launch cost', () => {
  it('a fixed launch costs its price whatever the height', () => {
    expect(launchCostCents({ kind: 'fixed', priceCents: 4000 }, 3000)).toBe(4000);
  });
  it.each([
    ['the domain rules example: release at 2,350 ft costs 30 + 14 × 2.50 = $65.00', 2350, 6500],
    ['a started segment counts whole: 1,001 ft costs 30 + 2.50', 1001, 3250],
    ['exactly at a boundary: 1,000 ft costs only the first range', 1000, 3000],
    ['above the last range stops at its end: 6,000 ft costs 30 + 40 × 2.50', 6000, 13000],
  ])('%s', (_rule, releaseHeight, cents) => {
    expect(launchCostCents(variable, releaseHeight)).toBe(cents);
  });
  it('adds the base price and spans three ranges', () => {
    const three = variableLaunch(1000, [
      { start: 0, end: 1000, per: 500, costCents: 1000 },
      { start: 1000, end: 2000, per: 100, costCents: 200 },
      { start: 2000, end: 4000, per: 250, costCents: 300 },
    ]);
    // 10 + 2 × 10 + 10 × 2 + ceil(600 / 250) = 3 × 3 → 10 + 20 + 20 + 9 = $59.00
    expect(launchCostCents(three, 2600)).toBe(5900);
  });
  it('refuses a release height that is not a whole number', () => {
    expect(() => launchCostCents(variable, 12.5)).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';
import {
  defaultRange,
  firstRangeError,
  nextRange,
  normaliseHeight,
  RANGE_MESSAGES,
  validateRanges,
} from './height-ranges.ts';

const r = (start: number, end: number, per: number, costCents = 100) => ({ start, end, per, costCents });

describe('height range messages', () => {
  it('"To" must exceed "From"', () => {
    expect(validateRanges([r(1000, 1000, 100)], 'ft')).toEqual(['"To" height must be greater than "From" height']);
    expect(validateRanges([r(2000, 1000, 100)], 'ft')).toEqual([RANGE_MESSAGES.toAboveFrom]);
  });
  it('the per segment must fit in the range at least once', () => {
    expect(validateRanges([r(0, 1000, 1001)], 'ft')).toEqual(['"Per" segment cannot be larger than the range']);
    expect(validateRanges([r(0, 1000, 1000)], 'ft')).toEqual([null]);
  });
  it('per is at least 1 in the club height unit', () => {
    expect(validateRanges([r(0, 1000, 0)], 'ft')).toEqual(['Cost must be "per" at least 1 ft']);
    expect(validateRanges([r(0, 300, 0)], 'm')).toEqual(['Cost must be "per" at least 1 m']);
  });
  it('ranges may share a boundary point but not overlap more', () => {
    expect(validateRanges([r(0, 1000, 100), r(1000, 5000, 100)], 'ft')).toEqual([null, null]);
    expect(validateRanges([r(0, 1000, 100), r(999, 5000, 100)], 'ft')).toEqual([
      null,
      'Height ranges can only overlap by one',
    ]);
    expect(validateRanges([r(1000, 5000, 100), r(0, 2000, 100)], 'ft')).toEqual([null, RANGE_MESSAGES.overlap]);
  });
  it('firstRangeError gives the first message, null when all rows are valid', () => {
    expect(firstRangeError([r(0, 1000, 100), r(1000, 900, 100)], 'ft')).toBe(RANGE_MESSAGES.toAboveFrom);
    expect(firstRangeError([r(0, 1000, 100)], 'ft')).toBeNull();
  });
});

describe('height range defaults', () => {
  it('start at 0–1000 per 100 in feet and 0–300 per 30 in metres', () => {
    expect(defaultRange('ft')).toEqual({ start: 0, end: 1000, per: 100, costCents: 0 });
    expect(defaultRange('m')).toEqual({ start: 0, end: 300, per: 30, costCents: 0 });
  });
  it('a new row begins at the previous end with the same size', () => {
    expect(nextRange([r(0, 1000, 100, 3000), r(1000, 3000, 200, 250)], 'ft')).toEqual({
      start: 3000,
      end: 5000,
      per: 200,
      costCents: 250,
    });
  });
  it('negative values become absolute whole numbers', () => {
    expect(normaliseHeight(-1500)).toBe(1500);
    expect(normaliseHeight(12.7)).toBe(12);
  });
});

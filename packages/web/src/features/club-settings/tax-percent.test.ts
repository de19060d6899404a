import { describe, expect, it } from 'vitest';
import { fractionToPercent, percentToFraction } from './tax-percent.ts';

describe('a typed percent becomes the stored fraction exactly, without float drift', () => {
  it.each([
    ['13', 0.13],
    ['14.975', 0.14975],
    ['7', 0.07],
    ['5.5', 0.055],
    ['0.0001', 0.000001],
    ['.5', 0.005],
    ['12.', 0.12],
    ['0', 0],
    ['100', 1],
    ['100.0000', 1],
    [' 13 ', 0.13],
    ['13%', 0.13],
    ['9.975 %', 0.09975],
  ])('%j → %d', (text, fraction) => {
    expect(percentToFraction(text)).toBe(fraction);
  });

  it('dividing the typed float by 100 drifts; dividing integer millionths does not', () => {
    // The reason for integer millionths: dividing the float percent drifts.
    expect(9.975 / 100).toBe(0.09974999999999999);
    expect(percentToFraction('9.975')).toBe(0.09975);
    expect(1.1 / 100).toBe(0.011000000000000001);
    expect(percentToFraction('1.1')).toBe(0.011);
  });

  it.each(['', ' ', '.', 'abc', '13a', '1e1', '0x10', '1,5', '13%%', '+5'])(
    'refuses text that is not a number: %j',
    (text) => {
      expect(percentToFraction(text)).toBeNull();
    },
  );

  it('refuses more than 4 decimals of a percent', () => {
    expect(percentToFraction('14.97501')).toBeNull();
    expect(percentToFraction('0.00001')).toBeNull();
    expect(percentToFraction('14.9750')).toBe(0.14975);
  });

  it('refuses a negative percent', () => {
    expect(percentToFraction('-5')).toBeNull();
    expect(percentToFraction('-0')).toBeNull();
  });

  it('refuses a percent above 100', () => {
    expect(percentToFraction('100.0001')).toBeNull();
    expect(percentToFraction('101')).toBeNull();
    expect(percentToFraction('1000')).toBeNull();
  });
});

describe('a stored fraction is shown as percent text', () => {
  it.each([
    [0.13, '13'],
    [0.14975, '14.975'],
    [0.07, '7'],
    [0.055, '5.5'],
    [0.000001, '0.0001'],
    [0, '0'],
    [1, '100'],
    [0.5, '50'],
  ])('%d → %j', (fraction, text) => {
    expect(fractionToPercent(fraction)).toBe(text);
  });

  it('round-trips every percent with up to 4 decimals on a grid of values', () => {
    for (let millionths = 0; millionths <= 1_000_000; millionths += 37) {
      const text = fractionToPercent(millionths / 1_000_000);
      expect(percentToFraction(text)).toBe(millionths / 1_000_000);
    }
  });

  it('rounds a fraction finer than 4 decimals of a percent to the nearest', () => {
    expect(fractionToPercent(0.1234567)).toBe('12.3457');
  });

  it.each([-0.01, 1.01, Number.NaN, Number.POSITIVE_INFINITY])('throws for %d, which is no tax rate', (fraction) => {
    expect(() => fractionToPercent(fraction)).toThrow(RangeError);
  });
});

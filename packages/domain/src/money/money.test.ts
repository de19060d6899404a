import { describe, expect, it } from 'vitest';
import { centsToDecimal, formatMoney, parseCents } from './money.ts';

describe('parseCents reads decimal text straight to cents', () => {
  it.each([
    ['12.5', 1250],
    ['12.50', 1250],
    ['0.07', 7],
    ['-3', -300],
    ['$1,234.56', 123456],
    ['1,234,567', 123456700],
    ['  42  ', 4200],
    ['0.1', 10],
    ['19.99', 1999],
    ['-0', 0],
  ])('%s → %d cents', (text, cents) => {
    expect(parseCents(text)).toBe(cents);
  });

  it.each(['', 'abc', '1.234', '1e3', '12.3.4', '--5', 'NaN', '1,00', '1,5', '12,34.00', ',100'])(
    'refuses %j (a decimal comma too)',
    (text) => {
      expect(parseCents(text)).toBeNull();
    },
  );

  it('never goes through a float: 0.29 is 29 cents, not 28', () => {
    expect(parseCents('0.29')).toBe(29);
    expect(parseCents('1.15')).toBe(115);
  });
});

describe('formatting cents', () => {
  it('centsToDecimal keeps two decimals and the sign', () => {
    expect(centsToDecimal(123456)).toBe('1234.56');
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(centsToDecimal(0)).toBe('0.00');
  });
  it('formatMoney groups thousands and puts the sign before the dollar', () => {
    expect(formatMoney(123456)).toBe('$1,234.56');
    expect(formatMoney(-1250)).toBe('-$12.50');
    expect(formatMoney(0)).toBe('$0.00');
  });
  it('refuses a fractional number of cents', () => {
    expect(() => centsToDecimal(1.5)).toThrow(RangeError);
  });
});

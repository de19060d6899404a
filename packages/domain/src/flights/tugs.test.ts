import { describe, expect, it } from 'vitest';
import { formatHundredths, hobbsBelowMessage, hundredthsOfNumber, parseHundredths } from './tugs.ts';

describe('tug readings', () => {
  it('parses decimals up to 2 places exactly', () => {
    expect(parseHundredths('1234.5')).toBe(123450);
    expect(parseHundredths('1234.56')).toBe(123456);
    expect(parseHundredths(' 0.07 ')).toBe(7);
    expect(parseHundredths('12')).toBe(1200);
    expect(parseHundredths('12.')).toBe(1200);
    expect(parseHundredths('100000')).toBe(10_000_000);
  });

  it('refuses empty, negative, 3 decimals, words and readings over the bound', () => {
    for (const text of ['', ' ', '-1', '1.234', 'abc', '1,5', '.5', '100000.01', '1e3']) {
      expect(parseHundredths(text), text).toBeNull();
    }
  });

  it('turns 2-decimal JSON numbers into hundredths without float error', () => {
    expect(hundredthsOfNumber(0.29)).toBe(29); // 0.29 * 100 = 28.999999999999996
    expect(hundredthsOfNumber(1234.57)).toBe(123457);
    expect(hundredthsOfNumber(99999.99)).toBe(9_999_999);
    expect(hundredthsOfNumber(0)).toBe(0);
  });

  it('formats hundredths with 2 decimals and words the refusal', () => {
    expect(formatHundredths(123405)).toBe('1234.05');
    expect(formatHundredths(0)).toBe('0.00');
    expect(hobbsBelowMessage('C-GTOW', 123350, 123400)).toBe(
      'Hobbs 1233.50 is below the last reading of C-GTOW (1234.00 h)',
    );
  });
});

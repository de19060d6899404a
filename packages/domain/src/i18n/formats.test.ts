import { describe, expect, it } from 'vitest';
import {
  convertHeight,
  formatAmount,
  formatClubDate,
  formatClubTime,
  formatDay,
  formatFuel,
  formatHeight,
  formatSpeed,
  fuelToCentilitres,
} from './formats.ts';

/** Intl separates with no-break spaces; the tests read them as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const AT = Date.parse('2026-11-28T18:05:00Z');

describe('amounts in the club currency, the member locale', () => {
  it.each([
    ['en-CA', 'CAD', '$1,234.56'],
    ['fr-CA', 'CAD', '1 234,56 $'],
    ['de-DE', 'EUR', '1.234,56 €'],
    ['nl-NL', 'EUR', '€ 1.234,56'],
    ['cs-CZ', 'CZK', '1 234,56 Kč'],
  ])('%s %s: 123456 cents read %s', (locale, currency, text) => {
    expect(plain(formatAmount(123_456, currency, locale))).toBe(text);
  });

  it('writes the exact cents, however large, and negatives', () => {
    expect(formatAmount(900_719_925_474_099, 'CAD', 'en-CA')).toBe('$9,007,199,254,740.99');
    expect(plain(formatAmount(-5, 'EUR', 'de-DE'))).toBe('-0,05 €');
  });
});

describe('heights, fuel and speeds in the club units', () => {
  it.each([
    ['en-CA', 1250, 'ft', 'ft', '1,250 ft'],
    ['fr-CA', 1250, 'ft', 'm', '381 m'],
    ['de-DE', 400, 'm', 'ft', '1.312 ft'],
    ['nl-NL', 400, 'm', 'm', '400 m'],
    ['cs-CZ', 1250, 'ft', 'ft', '1 250 ft'],
  ] as const)('%s: %d %s shown in %s reads %s', (locale, value, from, to, text) => {
    expect(plain(formatHeight(value, from, to, locale))).toBe(text);
  });

  it('a height converted back and forth is the one entered', () => {
    expect(convertHeight(convertHeight(1250, 'ft', 'm'), 'm', 'ft')).toBeCloseTo(1250, 9);
  });

  it.each([
    ['en-CA', 'L', '45.5 L'],
    ['de-DE', 'L', '45,5 L'],
    ['fr-CA', 'USgal', '12 US gal'],
    ['nl-NL', 'USgal', '12 US gal'],
    ['cs-CZ', 'L', '45,5 L'],
  ] as const)('%s: 4550 cL in %s reads %s', (locale, unit, text) => {
    expect(plain(formatFuel(4550, unit, locale))).toBe(text);
  });

  it('fuel entered in US gallons is stored in whole centilitres', () => {
    expect(fuelToCentilitres(12, 'USgal')).toBe(4542);
    expect(fuelToCentilitres(45.5, 'L')).toBe(4550);
  });

  it.each([
    ['en-CA', 'kt', '55 kt'],
    ['de-DE', 'km/h', '102 km/h'],
  ] as const)('%s: 55 kt in %s reads %s', (locale, unit, text) => {
    expect(plain(formatSpeed(55, unit, locale))).toBe(text);
  });
});

describe("dates and times: the club's clock, the member's locale", () => {
  it.each([
    ['en-CA', '1:05 p.m.', 'Nov 28, 2026'],
    ['fr-CA', '13 h 05', '28 nov. 2026'],
    ['de-DE', '13:05', '28.11.2026'],
    ['nl-NL', '13:05', '28 nov 2026'],
    ['cs-CZ', '13:05', '28. 11. 2026'],
  ])('%s: 18:05 UTC in Toronto reads %s on %s', (locale, time, date) => {
    expect(plain(formatClubTime(AT, 'America/Toronto', locale))).toBe(time);
    expect(plain(formatClubDate(AT, 'America/Toronto', locale))).toBe(date);
    expect(plain(formatDay('2026-11-28', locale))).toBe(date);
  });

  it('reads the zone from the shipped rules: 20:00 UTC is 13:00 in Vancouver (UTC−7 from November 2026)', () => {
    expect(formatClubTime(Date.parse('2026-11-28T20:00:00Z'), 'America/Vancouver', 'de-DE')).toBe('13:00');
  });
});

import { wallClock } from '../time/zone-rules.ts';

/**
 * Amounts, heights, fuel, speeds, dates and times as a member reads them: in
 * their locale's way of writing numbers and dates, in their club's units and
 * currency (issue 28 item 3). Stored values stay canonical — integer cents,
 * a height with the unit it was entered in, centilitres — and only these
 * functions turn them into text, so changing a club's display unit changes
 * no record. Times are the club's wall clock from the shipped tz rules
 * (zone-rules.ts); Intl only lays them out.
 */

export type HeightUnit = 'ft' | 'm';
export type FuelUnit = 'L' | 'USgal';
export type SpeedUnit = 'km/h' | 'kt';

export const METRES_PER_FOOT = 0.3048;
export const LITRES_PER_US_GALLON = 3.785411784;
export const KMH_PER_KNOT = 1.852;

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** 123456 cents of CAD in fr-CA → '1 234,56 $'; in en-CA '$1,234.56'; EUR in de-DE '1.234,56 €'. */
export function formatAmount(cents: number, currency: string, locale: string): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  // The text of the exact decimal, so no float rounding can move a cent.
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const decimal = `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return numberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(decimal as `${number}`);
}

/** A height stored in `from` shown in `to`, whole units: 1250 ft in metres → '381 m'; in fr-CA '1 250 ft'. */
export function formatHeight(value: number, from: HeightUnit, to: HeightUnit, locale: string): string {
  const shown = convertHeight(value, from, to);
  return `${numberFormat(locale, { maximumFractionDigits: 0 }).format(shown)}\u00a0${to}`;
}

export function convertHeight(value: number, from: HeightUnit, to: HeightUnit): number {
  if (from === to) return value;
  return from === 'ft' ? value * METRES_PER_FOOT : value / METRES_PER_FOOT;
}

/** Fuel stored in centilitres: 4550 cL → '45.5 L' (en-CA), '45,5 L' (de-DE), or in US gallons '12 US gal'. */
export function formatFuel(centilitres: number, to: FuelUnit, locale: string): string {
  const litres = centilitres / 100;
  if (to === 'L') return `${numberFormat(locale, { maximumFractionDigits: 1 }).format(litres)}\u00a0L`;
  return `${numberFormat(locale, { maximumFractionDigits: 1 }).format(litres / LITRES_PER_US_GALLON)}\u00a0US gal`;
}

/** Fuel as entered in the club's unit, to the centilitres stored: '12' US gal → 4542 cL. */
export function fuelToCentilitres(amount: number, from: FuelUnit): number {
  return Math.round((from === 'L' ? amount : amount * LITRES_PER_US_GALLON) * 100);
}

/** A speed stored in knots shown in the club's unit: 55 kt → '102 km/h'. */
export function formatSpeed(knots: number, to: SpeedUnit, locale: string): string {
  const shown = to === 'kt' ? knots : knots * KMH_PER_KNOT;
  return `${numberFormat(locale, { maximumFractionDigits: 0 }).format(shown)}\u00a0${to}`;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    // The wall clock is computed from the shipped rules; Intl lays it out as UTC.
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    dateFormats.set(key, format);
  }
  return format;
}

/** The club's time of day at an instant, the locale's way: '1:05 p.m.' (en-CA), '13 h 05' (fr-CA), '13:05' (de-DE). */
export function formatClubTime(ms: number, timeZone: string, locale: string): string {
  return dateFormat(locale, { timeStyle: 'short' }).format(wallClock(timeZone, ms));
}

/** The club's date at an instant: 'Nov 28, 2026' (en-CA), '28.11.2026' (de-DE). */
export function formatClubDate(ms: number, timeZone: string, locale: string): string {
  return dateFormat(locale, { dateStyle: 'medium' }).format(wallClock(timeZone, ms));
}

/** A club day 'YYYY-MM-DD' the locale's way, without a time zone question. */
export function formatDay(day: string, locale: string): string {
  return dateFormat(locale, { dateStyle: 'medium' }).format(new Date(`${day}T00:00:00Z`));
}

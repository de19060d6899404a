import type { ClubSettingsItem } from '@flightline/domain/api/types';
import { NEW_CLUB_SETTINGS } from '@flightline/domain/club/club-defaults';
import { isValidTimeZone } from '@flightline/domain/time/club-time';
import { DEFAULT_LATE_ENTRY_MINUTES, LATE_ENTRY_MESSAGE } from '@flightline/domain/flights/late-entry';
import { centsToDecimal, parseCents } from '@flightline/domain/money/money';
import { OGN_DEFAULTS, type OgnMode } from '@flightline/domain/ogn/settings';
import { clubSettingsSchema, type ClubSettings } from '@flightline/domain/schemas/fleet';
import { fractionToPercent, PERCENT_MESSAGE, percentToFraction } from './tax-percent.ts';

/**
 * The Club Settings form as typed: amounts and percents stay text until
 * saved, lists are rows with ids (React keys, and where a row's message goes),
 * the membership year end is a month and a day.
 */
export interface TaxRow {
  id: number;
  name: string;
  percent: string;
}
export interface MethodRow {
  id: number;
  name: string;
}
export interface SettingsForm {
  name: string;
  shortName: string;
  clubLink: string;
  clubLogo: string;
  message: string;
  timeZone: string;
  currency: string;
  heightUnit: 'ft' | 'm';
  taxRows: TaxRow[];
  /** '01'..'12' */
  yearEndMonth: string;
  /** '01'..'31' */
  yearEndDay: string;
  warningLevel: string;
  minimumLevel: string;
  paymentMethods: MethodRow[];
  /** Whole minutes, as typed. */
  lateEntryMinutes: string;
  /** The OGN feed (docs/ogn.md "Settings"): the airfield as typed, '' for none. */
  ognMode: OgnMode;
  ognLatitude: string;
  ognLongitude: string;
  ognElevationMetres: string;
  ognRadiusKm: string;
}

/**
 * Where each message goes: a field of ClubSettings, or one row's input
 * (`taxName.ID`, `taxPercent.ID`, `paymentMethods.ID`).
 */
export type FormErrors = Record<string, string>;

export const MAX_TAX_ROWS = 5;

export function formFromSettings(item: ClubSettingsItem): SettingsForm {
  const [month = '12', day = '31'] = item.membershipYearEnd.split('-');
  return {
    name: item.name,
    shortName: item.shortName,
    clubLink: item.clubLink,
    clubLogo: item.clubLogo,
    message: item.message,
    timeZone: item.timeZone,
    currency: item.currency,
    heightUnit: item.heightUnit,
    taxRows: Object.entries(item.taxRates).map(([name, fraction], index) => ({
      id: index + 1,
      name,
      percent: fractionToPercent(fraction),
    })),
    yearEndMonth: month,
    yearEndDay: day,
    warningLevel: centsToDecimal(item.warningLevelCents),
    minimumLevel: centsToDecimal(item.minimumLevelCents),
    paymentMethods: item.paymentMethods.map((name, index) => ({ id: index + 1, name })),
    lateEntryMinutes: String(item.lateEntryMinutes),
    ...ognForm(item.ogn ?? OGN_DEFAULTS),
  };
}

type OgnForm = Pick<SettingsForm, 'ognMode' | 'ognLatitude' | 'ognLongitude' | 'ognElevationMetres' | 'ognRadiusKm'>;

function ognForm(ogn: NonNullable<ClubSettingsItem['ogn']>): OgnForm {
  const text = (value: number | null) => (value === null ? '' : String(value));
  return {
    ognMode: ogn.mode,
    ognLatitude: text(ogn.latitude),
    ognLongitude: text(ogn.longitude),
    ognElevationMetres: text(ogn.elevationMetres),
    ognRadiusKm: String(ogn.radiusKm),
  };
}

export const OGN_FIELD_MESSAGES = {
  latitude: 'Enter the latitude in degrees, like 45.4215 (south is negative)',
  longitude: 'Enter the longitude in degrees, like -75.6972 (west is negative)',
  elevationMetres: 'Enter the elevation in whole metres above sea level, like 110',
  radiusKm: 'Enter the radius in whole kilometres, like 10',
} as const;
const OGN_NEEDED = {
  latitude: "Enter the airfield's latitude to turn the OGN feed on",
  longitude: "Enter the airfield's longitude to turn the OGN feed on",
  elevationMetres: "Enter the airfield's elevation to turn the OGN feed on",
} as const;

/** A number typed in decimal (a comma as the decimal mark too), '' as null; undefined when it is not a number. */
function parseDecimal(text: string): number | null | undefined {
  const typed = text.trim().replace(',', '.');
  if (typed === '') return null;
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(typed) ? Number(typed) : undefined;
}

/** An id no row of the list has yet. */
export function nextRowId(rows: readonly { id: number }[]): number {
  return rows.reduce((max, row) => Math.max(max, row.id), 0) + 1;
}

/** Days in each month; February keeps its 29th, a date the schema allows. */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(month: string): number {
  return MONTH_DAYS[Number(month) - 1] ?? 31;
}

/** A new month keeps the day when it exists there, else the month's last day (31 → 30 for April). */
export function withMonth(form: SettingsForm, month: string): SettingsForm {
  const last = daysInMonth(month);
  const day = Number(form.yearEndDay) > last ? String(last) : form.yearEndDay;
  return { ...form, yearEndMonth: month, yearEndDay: day };
}

const blank = (text: string) => text.trim() === '';

/**
 * A body the schema accepts whatever the form holds. Its refinements
 * (minimum ≤ warning, distinct payment methods) run only on an otherwise valid
 * object, so they are checked on this sample too and their messages show with
 * the other fields' messages, not one round later.
 */
const VALID_SAMPLE: ClubSettings = { ...NEW_CLUB_SETTINGS, name: 'Sample', timeZone: 'UTC' };

export type BuildResult = { ok: true; settings: ClubSettings } | { ok: false; errors: FormErrors };

/**
 * The update-club-settings body from the form, checked with the shared
 * schema; or the first message for each field and row. Blank tax and
 * payment rows are dropped: an added row left empty is not an error.
 */
export function buildSettings(form: SettingsForm): BuildResult {
  const errors: FormErrors = {};
  const add = (key: string, message: string) => {
    if (errors[key] === undefined) errors[key] = message;
  };

  const taxRows = form.taxRows.filter((row) => !(blank(row.name) && blank(row.percent)));
  const taxRates: Record<string, number> = {};
  const seen = new Set<string>();
  for (const row of taxRows) {
    const name = row.name.trim();
    if (!name) add(`taxName.${row.id}`, 'Enter a name for this tax');
    else if (seen.has(name.toLowerCase())) add(`taxName.${row.id}`, 'Each tax needs its own name');
    seen.add(name.toLowerCase());
    const fraction = percentToFraction(row.percent);
    if (fraction === null) add(`taxPercent.${row.id}`, PERCENT_MESSAGE);
    if (name && fraction !== null) taxRates[name] = fraction;
  }

  const methodRows = form.paymentMethods.filter((row) => !blank(row.name));
  const paymentMethods = methodRows.map((row) => row.name.trim());

  const warning = parseCents(form.warningLevel);
  const minimum = parseCents(form.minimumLevel);
  if (warning === null) add('warningLevelCents', 'Enter an amount, like 50.00 or -20.00');
  if (minimum === null) add('minimumLevelCents', 'Enter an amount, like 0.00 or -20.00');
  // A missing amount stands in as the other one, so no false "minimum above warning".
  const warningLevelCents = warning ?? minimum ?? 0;
  const minimumLevelCents = minimum ?? warningLevelCents;

  // Whole minutes typed as digits; the schema checks the range.
  const lateText = form.lateEntryMinutes.trim();
  const lateDigits = /^\d{1,5}$/.test(lateText);
  if (!lateDigits) add('lateEntryMinutes', LATE_ENTRY_MESSAGE);
  const lateEntryMinutes = lateDigits ? Number(lateText) : DEFAULT_LATE_ENTRY_MINUTES;

  // The airfield: numbers or blank here; the shared schema checks the ranges, whole units and what "on" needs.
  const ognNumber = (field: keyof typeof OGN_FIELD_MESSAGES, text: string): number | null => {
    const value = parseDecimal(text);
    if (value === undefined) add(`ogn.${field}`, OGN_FIELD_MESSAGES[field]);
    else if (value === null && form.ognMode !== 'off' && field !== 'radiusKm') add(`ogn.${field}`, OGN_NEEDED[field]);
    return value ?? null;
  };
  const ogn = {
    mode: form.ognMode,
    latitude: ognNumber('latitude', form.ognLatitude),
    longitude: ognNumber('longitude', form.ognLongitude),
    elevationMetres: ognNumber('elevationMetres', form.ognElevationMetres),
    radiusKm: ognNumber('radiusKm', form.ognRadiusKm) ?? Number.NaN,
  };
  if (Number.isNaN(ogn.radiusKm)) add('ogn.radiusKm', OGN_FIELD_MESSAGES.radiusKm);

  const timeZone = form.timeZone.trim();
  if (!timeZone || !isValidTimeZone(timeZone)) add('timeZone', 'Choose a time zone from the list');

  const body = {
    name: form.name,
    shortName: form.shortName,
    clubLink: form.clubLink.trim(),
    clubLogo: form.clubLogo.trim(),
    message: form.message,
    timeZone,
    currency: form.currency.trim().toUpperCase(),
    heightUnit: form.heightUnit,
    taxRates,
    membershipYearEnd: `${form.yearEndMonth.padStart(2, '0')}-${form.yearEndDay.padStart(2, '0')}`,
    warningLevelCents,
    minimumLevelCents,
    paymentMethods,
    lateEntryMinutes,
    ogn,
  };

  const parsed = clubSettingsSchema.safeParse(body);
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, settings: parsed.data };

  const issues = parsed.success ? [] : [...parsed.error.issues];
  if (!parsed.success) {
    const refined = clubSettingsSchema.safeParse({
      ...VALID_SAMPLE,
      warningLevelCents,
      minimumLevelCents,
      paymentMethods,
    });
    if (!refined.success) issues.push(...refined.error.issues);
  }
  for (const issue of issues) add(errorKey(issue.path, taxRows, methodRows), issue.message);
  return { ok: false, errors };
}

/** The input a schema message belongs to: a tax or payment row when the path names one, else the field. */
function errorKey(path: readonly PropertyKey[], taxRows: readonly TaxRow[], methodRows: readonly MethodRow[]): string {
  const [field, item] = path;
  if (field === 'ogn') return `ogn.${String(item ?? 'mode')}`;
  if (field === 'taxRates' && typeof item === 'string') {
    const row = taxRows.find((r) => r.name.trim() === item);
    if (row) return `taxName.${row.id}`;
  }
  if (field === 'paymentMethods' && typeof item === 'number') {
    const row = methodRows[item];
    if (row) return `paymentMethods.${row.id}`;
  }
  return String(field ?? 'form');
}

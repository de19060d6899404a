/**
 * Tax rates are stored as fractions (0.13 for 13 %) and typed as percents.
 * The text is parsed to an integer number of millionths of the whole (4
 * decimals of a percent) and divided once, so '14.975' becomes exactly the
 * number 0.14975 would parse to, never 0.14975000000000002.
 */

const MILLIONTHS = 1_000_000;
/** Millionths in one percent. */
const PER_PERCENT = 10_000;

/** Digits, at most 4 decimals, an optional % sign; no sign, no exponent. */
const PERCENT = /^\s*(\d{0,3})(?:\.(\d{0,4}))?\s*%?\s*$/;

export const PERCENT_MESSAGE = 'Enter a percent from 0 to 100 with at most 4 decimals, like 13 or 14.975';

/**
 * '13' → 0.13, '14.975' → 0.14975, '0' → 0; null for text that is not a percent from 0 to 100 with at most 4
 * decimals.
 */
export function percentToFraction(text: string): number | null {
  const match = PERCENT.exec(text);
  if (!match) return null;
  const [, whole = '', decimals = ''] = match;
  if (whole === '' && decimals === '') return null;
  const millionths = Number(whole || '0') * PER_PERCENT + Number(decimals.padEnd(4, '0'));
  if (millionths > MILLIONTHS) return null;
  return millionths / MILLIONTHS;
}

/** 0.13 → '13', 0.14975 → '14.975', 0 → '0': the stored fraction as percent text, to 4 decimals. */
export function fractionToPercent(fraction: number): string {
  if (!Number.isFinite(fraction) || fraction < 0 || fraction > 1)
    throw new RangeError(`Not a tax rate from 0 to 1: ${fraction}`);
  const millionths = Math.round(fraction * MILLIONTHS);
  const whole = Math.floor(millionths / PER_PERCENT);
  const decimals = String(millionths % PER_PERCENT)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return decimals ? `${whole}.${decimals}` : String(whole);
}

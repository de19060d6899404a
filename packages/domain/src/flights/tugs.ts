/**
 * Tug readings (docs/tugs.md): Hobbs hours and fuel litres with up to 2
 * decimals, held as integer hundredths so sums and comparisons are exact.
 * The web form and the server share the parse and the refusal's wording.
 */

/** The largest Hobbs reading or fuel amount accepted (the schema's bound). */
export const MAX_READING = 100_000;

const DECIMAL = /^\s*(\d{1,6})(?:\.(\d{0,2}))?\s*$/;

/** '1234.5' → 123450, '0.07' → 7, '12' → 1200; null for empty, negative, over 2 decimals or over the bound. */
export function parseHundredths(text: string): number | null {
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  const hundredths = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return hundredths > MAX_READING * 100 ? null : hundredths;
}

/**
 * A JSON number (Hobbs hours, fuel litres) already checked to have at most 2 decimals → hundredths.
 * Such a number is the double nearest to a decimal d with 2 places, so n·100
 * is within a few ulps of the integer 100·d and rounding gives it exactly.
 */
export function hundredthsOfNumber(n: number): number {
  return Math.round(n * 100);
}

/** 123450 → '1234.50'. */
export function formatHundredths(hundredths: number): string {
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

/** The refusal of a Hobbs reading below the tug's last one, worded the same on the phone and by the server. */
export function hobbsBelowMessage(tug: string, hobbsHundredths: number, lastHundredths: number): string {
  return (
    `Hobbs ${formatHundredths(hobbsHundredths)} is below the last ` +
    `reading of ${tug} (${formatHundredths(lastHundredths)} h)`
  );
}

/**
 * Height ranges of a variable launch type: each range
 * charges `costCents` per started `per` feet (or metres) of the release
 * height that falls inside [start, end].
 */

export type HeightUnit = 'ft' | 'm';

export interface HeightRange {
  start: number;
  end: number;
  per: number;
  costCents: number;
}

export const RANGE_MESSAGES = {
  toAboveFrom: '"To" height must be greater than "From" height',
  perTooLarge: '"Per" segment cannot be larger than the range',
  perAtLeastOne: (unit: HeightUnit) => `Cost must be "per" at least 1 ${unit}`,
  overlap: 'Height ranges can only overlap by one',
} as const;

/** The first range of a new variable launch: 0–1000 per 100 ft, or 0–300 per 30 m. */
export function defaultRange(unit: HeightUnit): HeightRange {
  return unit === 'm' ? { start: 0, end: 300, per: 30, costCents: 0 } : { start: 0, end: 1000, per: 100, costCents: 0 };
}

/** A new row begins at the previous row's end and is the same size (and per). */
export function nextRange(ranges: HeightRange[], unit: HeightUnit): HeightRange {
  const last = ranges.at(-1);
  if (!last) return defaultRange(unit);
  const size = Math.max(1, last.end - last.start);
  return { start: last.end, end: last.end + size, per: last.per, costCents: last.costCents };
}

/** Typed numbers: negative values become absolute; heights and per are whole numbers. */
export function normaliseHeight(value: number): number {
  return Math.trunc(Math.abs(value));
}

/**
 * The message for each row (null when the row is fine), in the spec's words.
 * Rows are checked in order; a row overlapping an earlier one by more than a
 * shared boundary point gets the overlap message.
 */
export function validateRanges(ranges: HeightRange[], unit: HeightUnit): (string | null)[] {
  return ranges.map((range, index) => {
    if (!(range.end > range.start)) return RANGE_MESSAGES.toAboveFrom;
    if (!(range.per >= 1)) return RANGE_MESSAGES.perAtLeastOne(unit);
    if (range.per > range.end - range.start) return RANGE_MESSAGES.perTooLarge;
    for (let other = 0; other < index; other++) {
      const earlier = ranges[other]!;
      const overlap = Math.min(range.end, earlier.end) - Math.max(range.start, earlier.start);
      if (overlap > 0) return RANGE_MESSAGES.overlap;
    }
    return null;
  });
}

/** The first message of any row, or null when every row is valid (Save stays disabled while one shows). */
export function firstRangeError(ranges: HeightRange[], unit: HeightUnit): string | null {
  return validateRanges(ranges, unit).find((message) => message !== null) ?? null;
}

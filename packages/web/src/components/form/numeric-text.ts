import { normaliseHeight } from '@flightline/domain/money/height-ranges';
import { parseCents } from '@flightline/domain/money/money';

/**
 * Numbers typed as text: text that does not parse keeps the old value, so a
 * half-typed or mistyped field never saves garbage. Money goes straight to
 * cents, never through a float.
 */

const INTEGER = /^\s*-?\d{1,9}\s*$/;

/** '12' → 12; anything else keeps `old`. */
export function parseIntegerKeep(text: string, old: number): number {
  return INTEGER.test(text) ? Number(text) : old;
}

/** A whole number that may not be negative: '-300' → 300 (heights, per, counts). */
export function parseHeightKeep(text: string, old: number): number {
  return INTEGER.test(text) ? normaliseHeight(Number(text)) : old;
}

/** Like parseHeightKeep, but empty text means "not set" (null). */
export function parseOptionalHeightKeep(text: string, old: number | null): number | null {
  if (text.trim() === '') return null;
  return INTEGER.test(text) ? normaliseHeight(Number(text)) : old;
}

/** '12.5' → 1250 cents; a negative or unparsable amount keeps `old`. */
export function parseCentsKeep(text: string, old: number): number {
  const cents = parseCents(text);
  return cents === null || cents < 0 ? old : cents;
}

/** A plain decimal like an excess multiplier ('1.5', up to `places` decimals); not money. */
export function parseDecimalKeep(text: string, old: number, places: number): number {
  const pattern = new RegExp(`^\\s*\\d{1,6}(\\.\\d{0,${places}})?\\s*$`);
  return pattern.test(text) ? Number(text) : old;
}

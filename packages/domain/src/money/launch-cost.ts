import type { HeightRange } from './height-ranges.ts';

/**
 * What a launch costs before tax (domain rules "Prices"):
 * fixed → its price; variable → base price + Σ over the ranges of
 * cost × (started segments of `per` in the part of the release height inside the range).
 */
export type LaunchPricing =
  | { kind: 'fixed'; priceCents: number }
  | { kind: 'variable'; priceCents: number; heightRanges: readonly HeightRange[] };

export function launchCostCents(launch: LaunchPricing, releaseHeight: number): number {
  if (launch.kind === 'fixed') return launch.priceCents;
  if (!Number.isInteger(releaseHeight) || releaseHeight < 0)
    throw new RangeError(`Release height must be a whole number ≥ 0, not ${releaseHeight}`);
  let total = launch.priceCents;
  for (const range of launch.heightRanges) {
    const inside = Math.min(releaseHeight, range.end) - range.start;
    if (inside > 0) total += range.costCents * Math.ceil(inside / range.per);
  }
  return total;
}

/**
 * One aircraft's track as the detector keeps it: fixes in time order, in
 * metres and knots, and the few geometric reads the detector needs.
 */

export const METRES_PER_FOOT = 0.3048;
const EARTH_RADIUS_M = 6_371_000;
const RAD = Math.PI / 180;

/** One committed position (deduplicated, in time order). */
export interface Fix {
  timeMs: number;
  latitude: number;
  longitude: number;
  /** GPS altitude above mean sea level. */
  altitudeMetres: number;
  /** 0 when the beacon had none (a stationary tracker may leave it out). */
  groundSpeedKt: number;
  /** From the beacon's fpm; null when it had none. */
  climbRateMps: number | null;
}

/**
 * Metres between two points. Equirectangular: within the detector's tens of
 * kilometres it is within 0.1 % of the great circle, and cheap enough to run
 * for every fix.
 */
export function distanceMetres(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const x = (bLon - aLon) * RAD * Math.cos(((aLat + bLat) / 2) * RAD);
  const y = (bLat - aLat) * RAD;
  return Math.sqrt(x * x + y * y) * EARTH_RADIUS_M;
}

/** The index of the last fix at or before timeMs, or -1. */
export function indexAtOrBefore(fixes: readonly Fix[], timeMs: number): number {
  let low = 0;
  let high = fixes.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (fixes[middle]!.timeMs <= timeMs) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/**
 * The position at timeMs, interpolated between the fixes either side when
 * they are at most maxGapMs apart (an aircraft at 60 kt moves 30 m a second:
 * the nearest fix alone would blur a 60 m tow rope); null otherwise.
 */
export function positionAt(
  fixes: readonly Fix[],
  timeMs: number,
  maxGapMs: number,
): { latitude: number; longitude: number; altitudeMetres: number } | null {
  const i = indexAtOrBefore(fixes, timeMs);
  if (i < 0) return null;
  const before = fixes[i]!;
  if (before.timeMs === timeMs) return before;
  const after = fixes[i + 1];
  if (!after || after.timeMs - before.timeMs > maxGapMs) return null;
  const f = (timeMs - before.timeMs) / (after.timeMs - before.timeMs);
  return {
    latitude: before.latitude + (after.latitude - before.latitude) * f,
    longitude: before.longitude + (after.longitude - before.longitude) * f,
    altitudeMetres: before.altitudeMetres + (after.altitudeMetres - before.altitudeMetres) * f,
  };
}

/** The time at which a value going from a (at aMs) to b (at bMs) crosses level; a straight line between. */
export function crossingTime(aMs: number, a: number, bMs: number, b: number, level: number): number {
  if (a === b) return aMs;
  const f = Math.min(1, Math.max(0, (level - a) / (b - a)));
  return aMs + (bMs - aMs) * f;
}

/** The median of a non-empty list (a copy is sorted). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

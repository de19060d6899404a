/**
 * When the wheels left and met the ground, from a track sampled every
 * second or so with gaps (docs/ogn.md "Lift-off and touchdown times").
 */
import type { Fix } from './track.ts';
import { crossingTime } from './track.ts';

/**
 * Ground speed at which a glider lifts off on aerotow or winch: 33–40 kt
 * airspeed less a 0–15 kt headwind, 27 kt in the middle. Ground speed is
 * all a beacon gives, so a strong wind or a calm moves the estimate by up to
 * ±3 s at a tow's 2–3 kt/s of acceleration (a winch's 8 kt/s: under 1 s).
 */
export const LIFTOFF_SPEED_KT = 27;
/** The same for a tug or other powered aircraft: 45–52 kt airspeed less the headwind. */
export const POWERED_LIFTOFF_SPEED_KT = 40;
/**
 * A glider on aerotow lifts first and holds a metre up until the tug lifts
 * (its lift-off speed is 10–15 kt higher): 4–8 s in which it does not climb.
 */
const GROUND_EFFECT_HOLD_MS = 6_000;
/** Faster than this from the ground, the climb is a winch's: no hold. */
const WINCH_CLIMB_MPS = 6;
/** A glider's ground roll on aerotow gains 2–3 kt a second (a winch's, 8). */
const ROLL_ACCELERATION_KT_PER_S = 2.5;
/** Height at which a climbing aircraft has surely left the ground; GPS altitude wanders ±5 m. */
export const LIFTOFF_HEIGHT_M = 5;
/** Height below which a descending aircraft is in the flare. */
export const FLARE_HEIGHT_M = 4;
/** A glider floats this long in the flare after passing FLARE_HEIGHT_M before its wheel touches. */
export const FLOAT_MS = 3_000;
/** Fixes at most this far apart are a continuous track for interpolation. */
const CONTIGUOUS_MS = 6_000;
/** Without a climb rate, assume a slow climb: the estimate errs early by less than a fast one would err late. */
const DEFAULT_CLIMB_MPS = 2;
const DEFAULT_SINK_MPS = 1.5;

/**
 * Lift-off of the airborne run starting at fixes[first] (its first fix at
 * least lowHeightM up). With the ground roll heard: the earlier of the
 * moment the speed crossed LIFTOFF_SPEED_KT and the moment the height
 * crossed LIFTOFF_HEIGHT_M (a glider on aerotow holds low in ground effect
 * until the tug lifts, so the height alone comes late). Without it, the
 * climb is extrapolated back from the first airborne fix (and, on aerotow,
 * the hold in ground effect).
 */
export function estimateLiftOff(
  fixes: readonly Fix[],
  first: number,
  groundLevelM: number,
  lowHeightM: number,
  powered: boolean,
): number {
  const liftoffSpeedKt = powered ? POWERED_LIFTOFF_SPEED_KT : LIFTOFF_SPEED_KT;
  const f = fixes[first]!;
  const height = (fix: Fix) => fix.altitudeMetres - groundLevelM;
  const before = fixes[first - 1];
  if (!before || f.timeMs - before.timeMs > CONTIGUOUS_MS) {
    const climb = Math.max(f.climbRateMps ?? DEFAULT_CLIMB_MPS, 1);
    const hold = !powered && climb < WINCH_CLIMB_MPS ? GROUND_EFFECT_HOLD_MS : 0;
    const extrapolated = f.timeMs - (Math.max(height(f), lowHeightM) / climb) * 1000 - hold;
    return before ? Math.max(before.timeMs, extrapolated) : extrapolated;
  }
  // The height crossing: between the last fix at or below LIFTOFF_HEIGHT_M and the next.
  let k = first - 1;
  while (k > 0 && height(fixes[k]!) > LIFTOFF_HEIGHT_M && fixes[k]!.timeMs - fixes[k - 1]!.timeMs <= CONTIGUOUS_MS) k--;
  const low = fixes[k]!;
  const high = fixes[k + 1]!;
  const byHeight = crossingTime(low.timeMs, height(low), high.timeMs, height(high), LIFTOFF_HEIGHT_M);
  // The speed crossing: the start of the run of fixes at or above the lift-off speed that leads into the air.
  let j = first;
  while (
    j > 0 &&
    fixes[j - 1]!.groundSpeedKt >= liftoffSpeedKt &&
    fixes[j]!.timeMs - fixes[j - 1]!.timeMs <= CONTIGUOUS_MS
  )
    j--;
  const fast = fixes[j]!;
  const slow = fixes[j - 1];
  let bySpeed = byHeight;
  if (fast.groundSpeedKt >= liftoffSpeedKt) {
    if (slow && fast.timeMs - slow.timeMs <= CONTIGUOUS_MS) {
      bySpeed = crossingTime(slow.timeMs, slow.groundSpeedKt, fast.timeMs, fast.groundSpeedKt, liftoffSpeedKt);
    } else {
      // The roll was heard only in part (ground beacons are sparse): back at a tow's usual acceleration.
      const back = ((fast.groundSpeedKt - liftoffSpeedKt) / ROLL_ACCELERATION_KT_PER_S) * 1000;
      bySpeed = Math.max(slow?.timeMs ?? -Infinity, fast.timeMs - back);
    }
  }
  return Math.min(byHeight, bySpeed);
}

/**
 * Touchdown of the low run starting at fixes[lowStart]: the descent through
 * FLARE_HEIGHT_M plus the float, when the approach was heard; otherwise the
 * last approach fix's descent extrapolated at its sink rate, never before
 * that fix nor after the first fix on the ground.
 */
export function estimateTouchdown(fixes: readonly Fix[], lowStart: number, groundLevelM: number): number {
  const height = (fix: Fix) => fix.altitudeMetres - groundLevelM;
  const last = fixes.length - 1;
  // The first fix in the flare that the track never climbs back above twice the flare height from.
  let i = lowStart;
  for (let n = last; n >= lowStart; n--) {
    if (height(fixes[n]!) > 2 * FLARE_HEIGHT_M) break;
    if (height(fixes[n]!) <= FLARE_HEIGHT_M) i = n;
  }
  const down = fixes[i]!;
  const approach = fixes[i - 1];
  if (!approach) return down.timeMs;
  if (down.timeMs - approach.timeMs <= CONTIGUOUS_MS) {
    const crossed = crossingTime(approach.timeMs, height(approach), down.timeMs, height(down), FLARE_HEIGHT_M);
    return Math.min(crossed + FLOAT_MS, fixes[last]!.timeMs);
  }
  return extrapolateTouchdown(approach, groundLevelM, down.timeMs);
}

/**
 * The last approach fix's descent carried on to the ground at its own sink rate (1.5 m/s if it gave none), never
 * after notAfterMs.
 */
export function extrapolateTouchdown(approach: Fix, groundLevelM: number, notAfterMs: number): number {
  const sink = Math.max(-(approach.climbRateMps ?? -DEFAULT_SINK_MPS), 0.5);
  const extrapolated = approach.timeMs + (Math.max(approach.altitudeMetres - groundLevelM, 0) / sink) * 1000 + FLOAT_MS;
  return Math.min(Math.max(extrapolated, approach.timeMs), notAfterMs);
}

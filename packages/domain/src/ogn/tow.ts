/**
 * Aerotow pairing and release (docs/ogn.md "Tug and release"): after a
 * glider lifts off, the powered aircraft that lifted off with it and stays a
 * rope's length away is its tug; the release is the moment the two start to
 * separate.
 */
import { crossingTime, distanceMetres, median, positionAt, type Fix } from './track.ts';

/** A tug and a glider on tow stay a rope apart (30–70 m) plus GPS error; two gliders lined up side by side also can. */
export const TOW_DISTANCE_MAX_M = 150;
/** Samples within TOW_DISTANCE_MAX_M before a tug is named (about 10 s of 1 Hz FLARM). */
export const TOW_SAMPLES_MIN = 8;
/** The share of samples near the tug: a tug launched from the next line a minute later is near only briefly. */
const TOW_NEAR_SHARE = 0.8;
/** Apart this far, they are not on tow any more (a turn on tow keeps them within the rope). */
export const SEPARATED_M = 250;
/** The release is when the distance first grows past the tow distance by this much... */
const RELEASE_MARGIN_M = 25;
/** ...less the ~2 s the glider and tug take to open those metres after the rope goes slack. */
const RELEASE_LEAD_MS = 2_000;
/** A glider not paired this long after lift-off was launched some other way (winch, self-launch). */
const PAIRING_TIMEOUT_MS = 4 * 60_000;
/** No tow lasts longer (a 1,200 m tow takes 8–12 min). */
const TOW_TIMEOUT_MS = 25 * 60_000;
/** Interpolate the tug's position between fixes at most this far apart. */
const INTERPOLATION_GAP_MS = 4_000;

/** An aircraft that lifted off near the glider's lift-off time. */
export interface TowCandidate {
  address: string;
  fixes: readonly Fix[];
}

export interface Release {
  timeMs: number;
  tugAddress: string;
  /** The glider's GPS altitude above mean sea level at the release. */
  altitudeMetres: number;
}

interface Sample {
  timeMs: number;
  distanceM: number;
}

/** Watches one glider from lift-off until its release (or until it is clear there was no tow). */
export class TowWatch {
  private evaluatedUntilMs: number;
  private readonly samples = new Map<string, Sample[]>();
  private tug: string | null = null;
  done = false;

  constructor(private readonly takeoffMs: number) {
    this.evaluatedUntilMs = takeoffMs;
  }

  /**
   * Samples the glider's fixes after the last call and up to untilMs against
   * each candidate; answers the release once the glider and its tug are
   * clearly apart. untilMs should trail the newest fixes by a few seconds so
   * the tug's position can be interpolated.
   */
  step(glider: readonly Fix[], candidates: readonly TowCandidate[], untilMs: number): Release | null {
    if (this.done) return null;
    for (const fix of glider) {
      if (fix.timeMs <= this.evaluatedUntilMs || fix.timeMs > untilMs) continue;
      this.evaluatedUntilMs = fix.timeMs;
      for (const candidate of candidates) {
        if (this.tug !== null && candidate.address !== this.tug) continue;
        const tug = positionAt(candidate.fixes, fix.timeMs, INTERPOLATION_GAP_MS);
        if (!tug) continue;
        const distanceM = distanceMetres(fix.latitude, fix.longitude, tug.latitude, tug.longitude);
        const list = this.samples.get(candidate.address) ?? [];
        list.push({ timeMs: fix.timeMs, distanceM });
        this.samples.set(candidate.address, list);
      }
      if (this.tug === null) this.tug = this.choosePair();
      if (this.tug !== null) {
        const release = this.findRelease(glider);
        if (release) return release;
      }
      const elapsed = fix.timeMs - this.takeoffMs;
      if ((this.tug === null && elapsed > PAIRING_TIMEOUT_MS) || elapsed > TOW_TIMEOUT_MS) this.done = true;
      if (this.done) return null;
    }
    return null;
  }

  /** The candidate near the glider for most of the time so far, the nearest on average if several. */
  private choosePair(): string | null {
    let best: string | null = null;
    let bestMean = Infinity;
    for (const [address, list] of this.samples) {
      const near = list.filter((s) => s.distanceM <= TOW_DISTANCE_MAX_M);
      if (near.length < TOW_SAMPLES_MIN || near.length < list.length * TOW_NEAR_SHARE) continue;
      const mean = near.reduce((sum, s) => sum + s.distanceM, 0) / near.length;
      if (mean < bestMean) {
        best = address;
        bestMean = mean;
      }
    }
    return best;
  }

  /**
   * Once the pair is SEPARATED_M apart: the time their distance grew past the tow distance, with the glider's
   * altitude then.
   */
  private findRelease(glider: readonly Fix[]): Release | null {
    const list = this.samples.get(this.tug!)!;
    const last = list[list.length - 1]!;
    if (last.distanceM <= SEPARATED_M) return null;
    const onTow = list.filter((s) => s.distanceM <= TOW_DISTANCE_MAX_M);
    const level = median(onTow.map((s) => s.distanceM)) + RELEASE_MARGIN_M;
    let j = list.length - 1;
    while (j > 0 && list[j - 1]!.distanceM > level) j--;
    const after = list[j]!;
    const before = list[j - 1] ?? after;
    const crossed = crossingTime(before.timeMs, before.distanceM, after.timeMs, after.distanceM, level);
    const timeMs = Math.max(before.timeMs, Math.round(crossed - RELEASE_LEAD_MS));
    const at = positionAt(glider, timeMs, 60_000) ?? glider[glider.length - 1]!;
    this.done = true;
    return { timeMs, tugAddress: this.tug!, altitudeMetres: at.altitudeMetres };
  }
}

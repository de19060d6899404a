/**
 * The detector's events against a scenario's ground truth (bench/ogn.ts):
 * each true flight matched to the events of its aircraft nearest in time.
 */
import type { FlightEvent, ReleaseEvent } from './detector.ts';
import type { TrueFlight } from './scenarios.ts';

/** An event this far from the truth is not that flight's (and counts as a phantom if it is nobody's). */
const MATCH_WINDOW_MS = 120_000;

export interface Score {
  flights: number;
  gliderFlights: number;
  takeoffsTrue: number;
  takeoffsFound: number;
  landingsTrue: number;
  landingsFound: number;
  /** Takeoff events matching no true takeoff. */
  phantomTakeoffs: number;
  /** Landing events matching no true landing here. */
  phantomLandings: number;
  /** Seconds, absolute, of every matched takeoff and landing. */
  takeoffErrorsS: number[];
  landingErrorsS: number[];
  aerotows: number;
  tugsPaired: number;
  /** Metres, absolute, of each paired release. */
  releaseHeightErrorsM: number[];
  releaseTimeErrorsS: number[];
}

export function emptyScore(): Score {
  return {
    flights: 0,
    gliderFlights: 0,
    takeoffsTrue: 0,
    takeoffsFound: 0,
    landingsTrue: 0,
    landingsFound: 0,
    phantomTakeoffs: 0,
    phantomLandings: 0,
    takeoffErrorsS: [],
    landingErrorsS: [],
    aerotows: 0,
    tugsPaired: 0,
    releaseHeightErrorsM: [],
    releaseTimeErrorsS: [],
  };
}

/** Adds one batch (a day) of truth and events to the score. */
export function scoreFlights(
  score: Score,
  flights: readonly TrueFlight[],
  events: readonly FlightEvent[],
  elevationMetres: number,
) {
  const used = new Set<FlightEvent>();
  const nearest = (kind: FlightEvent['kind'], address: string, timeMs: number) => {
    let best: FlightEvent | null = null;
    for (const e of events) {
      if (e.kind !== kind || e.address !== address || used.has(e) || Math.abs(e.timeMs - timeMs) > MATCH_WINDOW_MS)
        continue;
      if (!best || Math.abs(e.timeMs - timeMs) < Math.abs(best.timeMs - timeMs)) best = e;
    }
    if (best) used.add(best);
    return best;
  };
  for (const flight of flights) {
    score.flights++;
    if (flight.role === 'glider') score.gliderFlights++;
    score.takeoffsTrue++;
    const takeoff = nearest('takeoff', flight.address, flight.takeoffMs);
    if (takeoff) {
      score.takeoffsFound++;
      score.takeoffErrorsS.push(Math.abs(takeoff.timeMs - flight.takeoffMs) / 1000);
    }
    if (flight.landingMs !== null) {
      score.landingsTrue++;
      const landing = nearest('landing', flight.address, flight.landingMs);
      if (landing) {
        score.landingsFound++;
        score.landingErrorsS.push(Math.abs(landing.timeMs - flight.landingMs) / 1000);
      }
    }
    if (flight.launch === 'aerotow' && flight.releaseMs !== null) {
      score.aerotows++;
      const release = nearest('release', flight.address, flight.releaseMs) as ReleaseEvent | null;
      if (release && release.tugAddress === flight.tugAddress) {
        score.tugsPaired++;
        score.releaseHeightErrorsM.push(
          Math.abs(release.releaseHeightMetres - (flight.releaseAltitudeMetres! - elevationMetres)),
        );
        score.releaseTimeErrorsS.push(Math.abs(release.timeMs - flight.releaseMs) / 1000);
      }
    }
  }
  for (const e of events) {
    if (used.has(e)) continue;
    if (e.kind === 'takeoff') score.phantomTakeoffs++;
    if (e.kind === 'landing') score.phantomLandings++;
  }
}

/** The p-th percentile (0–100) by nearest rank; NaN for an empty list. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

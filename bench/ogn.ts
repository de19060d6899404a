import { parseBeacon } from '@flightline/domain/ogn/beacon';
import { createFlightDetector, type FlightEvent } from '@flightline/domain/ogn/detector';
import { emptyScore, percentile, scoreFlights } from '@flightline/domain/ogn/scenario-score';
import { generateDay, SCENARIO_AIRFIELD } from '@flightline/domain/ogn/scenarios';
import { delayRows, measurePhoneDelay } from './ogn-delay.ts';
import type { BenchmarkResult } from './run.ts';

/**
 * OGN: the flight detector against seeded flying days with their ground
 * truth (packages/domain/src/ogn/scenarios.ts; docs/ogn.md "Proof"). Each
 * day's feed lines go, in order of receipt, through parseBeacon and one
 * detector (kept across the days, as the server keeps it); its events are
 * matched to the true flights. Issue 27's goals: takeoffs ≥ 99 % and
 * landings ≥ 98 % found, no phantom flight, timing error median ≤ 5 s and
 * p95 ≤ 20 s, the tug paired on ≥ 95 % of aerotows, release height error
 * median ≤ 30 m. Then the beacon-to-phone delay (ogn-delay.ts): the line
 * that settles a release or a landing written to a replay APRS-IS server, to
 * the change notice on a member's event stream, p95 ≤ 2 s.
 *
 * Options: --days=N (default 8, about 330 glider flights), --seed=N (1),
 * --delay-day=N (the day replayed to the server, 0), --no-delay.
 */
export async function run(args: string[]): Promise<BenchmarkResult> {
  const option = (name: string, fallback: number) =>
    Number(args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
  const days = option('days', 8);
  const seed = option('seed', 1);
  const detector = createFlightDetector(SCENARIO_AIRFIELD);
  const score = emptyScore();
  let lines = 0;
  let beacons = 0;
  let parseMs = 0;
  let detectMs = 0;
  for (let day = 0; day < days; day++) {
    const { lines: feed, flights } = generateDay(seed, day);
    const events: FlightEvent[] = [];
    for (const { line, receivedMs } of feed) {
      const started = performance.now();
      const beacon = parseBeacon(line, receivedMs);
      const parsed = performance.now();
      parseMs += parsed - started;
      lines++;
      if (!beacon) continue;
      beacons++;
      events.push(...detector.push(beacon));
      detectMs += performance.now() - parsed;
    }
    // The night: the feed goes quiet; an hour on settles the day's last landings.
    events.push(...detector.advance(feed[feed.length - 1]!.receivedMs + 3_600_000));
    scoreFlights(score, flights, events, SCENARIO_AIRFIELD.elevationMetres);
  }

  const pct = (found: number, of: number) => (of ? (100 * found) / of : 100);
  const timing = [...score.takeoffErrorsS, ...score.landingErrorsS];
  const rows: [string, string, string, boolean][] = [
    [
      'takeoffs found',
      `${score.takeoffsFound}/${score.takeoffsTrue} (${pct(score.takeoffsFound, score.takeoffsTrue).toFixed(1)} %)`,
      '≥ 99 %',
      pct(score.takeoffsFound, score.takeoffsTrue) >= 99,
    ],
    [
      'landings found',
      `${score.landingsFound}/${score.landingsTrue} (${pct(score.landingsFound, score.landingsTrue).toFixed(1)} %)`,
      '≥ 98 %',
      pct(score.landingsFound, score.landingsTrue) >= 98,
    ],
    [
      'phantom takeoffs / landings',
      `${score.phantomTakeoffs} / ${score.phantomLandings}`,
      '0',
      score.phantomTakeoffs + score.phantomLandings === 0,
    ],
    [
      'timing error median',
      `${percentile(timing, 50)} s (takeoff ` +
        `${percentile(score.takeoffErrorsS, 50)}, landing ` +
        `${percentile(score.landingErrorsS, 50)})`,
      '≤ 5 s',
      percentile(timing, 50) <= 5,
    ],
    [
      'timing error p95',
      `${percentile(timing, 95)} s (takeoff ` +
        `${percentile(score.takeoffErrorsS, 95)}, landing ` +
        `${percentile(score.landingErrorsS, 95)})`,
      '≤ 20 s',
      percentile(timing, 95) <= 20,
    ],
    [
      'tug paired',
      `${score.tugsPaired}/${score.aerotows} (${pct(score.tugsPaired, score.aerotows).toFixed(1)} %)`,
      '≥ 95 %',
      pct(score.tugsPaired, score.aerotows) >= 95,
    ],
    [
      'release height error median',
      `${percentile(score.releaseHeightErrorsM, 50).toFixed(1)} m (p95 ` +
        `${percentile(score.releaseHeightErrorsM, 95).toFixed(1)} m)`,
      '≤ 30 m',
      percentile(score.releaseHeightErrorsM, 50) <= 30,
    ],
    [
      'release time error median',
      `${percentile(score.releaseTimeErrorsS, 50)} s (p95 ${percentile(score.releaseTimeErrorsS, 95)} s)`,
      '',
      true,
    ],
  ];
  console.log(
    `${days} days (seed ${seed}): ${score.flights} flights (${score.gliderFlights} glider, ` +
      `${score.flights - score.gliderFlights} tug), ${lines.toLocaleString('en')} feed lines, ` +
      `${beacons.toLocaleString('en')} beacons`,
  );
  console.log(
    `parse ${((1000 * parseMs) / lines).toFixed(2)} µs/line, detect ` +
      `${((1000 * detectMs) / beacons).toFixed(2)} µs/beacon`,
  );
  for (const [what, figure, goal, met] of rows)
    console.log(`  ${met ? '✓' : '✗'} ${what.padEnd(30)} ${figure.padEnd(48)} ${goal}`);
  if (args.includes('--no-delay')) return { targetsMet: rows.every((r) => r[3]) };

  const delayDay = option('delay-day', 0);
  const started = Date.now();
  const delay = await measurePhoneDelay(seed, delayDay);
  console.log(
    `Beacon to phone (day ${delayDay}, seed ${seed}: ${delay.lines.toLocaleString('en')} lines replayed to ` +
      `the server, ${delay.requests} requests, ${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  if (delay.refusedRequests.length)
    console.log(
      `  requests refused: ${delay.refusedRequests.length} (${delay.refusedRequests.slice(0, 3).join('; ')})`,
    );
  if (delay.early || delay.missed.length)
    console.log(
      `  settled before their line: ${delay.early}; no notice within 10 s: ` +
        `${delay.missed.length} ${delay.missed.slice(0, 3).join(', ')}`,
    );
  const delayed = delayRows(delay);
  for (const [what, figure, goal, met] of delayed)
    console.log(`  ${met ? '✓' : '✗'} ${what.padEnd(30)} ${figure.padEnd(48)} ${goal}`);
  return { targetsMet: [...rows, ...delayed].every((r) => r[3]) };
}

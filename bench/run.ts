/**
 * `npm run bench [-- NAME… [--check] [options]]`: run the named benchmarks
 * (all when none is named). Each benchmark is a file in bench/ exporting
 * `run(args)`; it prints its own table and answers whether its targets are met.
 * With --check the run exits 1 when a target is missed.
 */
export interface BenchmarkResult {
  /** Every target this benchmark states was met. */
  targetsMet: boolean;
}

export interface Benchmark {
  run(args: string[]): Promise<BenchmarkResult>;
}

const BENCHMARKS: Record<string, { about: string; load: () => Promise<Benchmark> }> = {
  size: {
    about: 'gzipped JS and CSS a phone downloads for the landing and member home pages',
    load: () => import('./size.ts'),
  },
  lighthouse: {
    about:
      'Lighthouse mobile (slow 4G, 4× CPU): Performance, LCP, TBT, CLS, ' +
      'Accessibility of landing, home, crew, ground, fuel',
    load: () => import('./lighthouse.ts'),
  },
  'line-poll': {
    about:
      "the line page's 10-second poll with 2,000 phones in 20 clubs against " +
      'PostgreSQL (p50/p99), and ground-status / check-version back to back',
    load: () => import('./line-poll.ts'),
  },
  fanout: {
    about:
      '2,000 phones in 20 clubs holding GET /api/events on one server (PostgreSQL) ' +
      'while crews write: commit → last phone p50/p95/p99, memory per phone',
    load: () => import('./fanout.ts'),
  },
  ledger: {
    about: 'accounting summary, member history and balance on a year of 100,000 postings (temporary PostgreSQL)',
    load: () => import('./ledger.ts'),
  },
  roster: {
    about:
      'generating a duty roster for 80 members × 60 days × 3 roles (max flow, then evened out): median and slowest',
    load: () => import('./roster.ts'),
  },
  logbook: {
    about:
      "a pilot's 20-year logbook (3,000 of the club's 100,000 flights) and a full-year Flights " +
      "and Transactions export, a season's club metrics (temporary PostgreSQL)",
    load: () => import('./logbook.ts'),
  },
  ogn: {
    about:
      'the OGN flight detector on seeded flying days with ground truth: takeoffs, ' +
      'landings, phantoms, timing error, tug pairing, release height',
    load: () => import('./ogn.ts'),
  },
};

async function main() {
  const args = process.argv.slice(2);
  const names = args.filter((a) => !a.startsWith('-'));
  const options = args.filter((a) => a.startsWith('-'));
  const unknown = names.filter((n) => !(n in BENCHMARKS));
  if (unknown.length || options.includes('--help')) {
    if (unknown.length) console.error(`Unknown benchmark: ${unknown.join(', ')}`);
    console.error('Benchmarks (npm run bench -- NAME [--check]):');
    for (const [name, { about }] of Object.entries(BENCHMARKS)) console.error(`  ${name.padEnd(10)} ${about}`);
    process.exit(unknown.length ? 2 : 0);
  }
  let allMet = true;
  for (const name of names.length ? names : Object.keys(BENCHMARKS)) {
    console.log(`\n━━ bench: ${name}`);
    const started = Date.now();
    const result = await (await BENCHMARKS[name]!.load()).run(options);
    allMet &&= result.targetsMet;
    console.log(
      `━━ bench: ${name}: targets ` +
        `${result.targetsMet ? 'met' : 'NOT met'} (${((Date.now() - started) / 1000).toFixed(1)} ` +
        `s)`,
    );
  }
  if (options.includes('--check') && !allMet) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

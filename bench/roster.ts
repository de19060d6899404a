import { generateRoster, type RosterPerson } from '@flightline/domain/roster/generate-roster';
import type { BenchmarkResult } from './run.ts';

/**
 * ROSTER: generating a club's duty roster (issue 29 item 2). 80 members, 60
 * flying days over three months (April to June 2027), three roles: 12
 * instructors, 10 tow pilots (two of them also instructors), 45 who may be
 * duty pilot; each member blacks out about one day in ten and a third say
 * how many duties a month they'd take (2 to 4). Median and slowest of the
 * runs, the duties covered, and the spread per role (busiest − least busy
 * among those who took any). Target: under 2 s.
 *
 * Options: --runs=N (default 7).
 */

const TARGET_MS = 2000;

function club(seed: number) {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const days = Array.from({ length: 91 }, (_, i) =>
    new Date(Date.UTC(2027, 3, 1) + i * 86_400_000).toISOString().slice(0, 10),
  )
    .filter((_, i) => i % 3 !== 2)
    .slice(0, 60);
  const people: RosterPerson[] = Array.from({ length: 80 }, (_, i) => {
    const roles = [
      ...(i < 12 ? ['instructor'] : []),
      ...(i >= 10 && i < 20 ? ['tow pilot'] : []),
      ...(i >= 20 && i < 65 ? ['duty pilot'] : []),
    ];
    return {
      id: `member-${i}`,
      roles,
      blackouts: days.filter(() => random() < 0.1),
      maxPerMonth: random() < 0.33 ? 2 + Math.floor(random() * 3) : null,
    };
  });
  return { days, roles: ['instructor', 'tow pilot', 'duty pilot'], people };
}

export async function run(args: string[]): Promise<BenchmarkResult> {
  const runs = Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? 7);
  const input = club(42);
  const times: number[] = [];
  let roster = generateRoster(input);
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    roster = generateRoster({ ...input, seed: i + 1 });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const slowest = times[times.length - 1]!;
  console.log(`80 members × ${input.days.length} days × ${input.roles.length} roles, ${runs} runs`);
  console.log(`  median ${median.toFixed(1)} ms, slowest ${slowest.toFixed(1)} ms (target < ${TARGET_MS} ms)`);
  console.log(`  duties covered ${roster.duties.length - roster.uncovered} of ${roster.duties.length}`);
  // Held back: a monthly limit reached in every month rostered.
  const months = [...new Set(input.days.map((d) => d.slice(0, 7)))];
  const heldBack = new Set(
    input.people
      .filter(
        (p) =>
          p.maxPerMonth != null &&
          months.every(
            (m) => roster.duties.filter((d) => d.person === p.id && d.day.startsWith(m)).length >= p.maxPerMonth!,
          ),
      )
      .map((p) => p.id),
  );
  for (const role of input.roles) {
    const takers = input.people.filter((p) => p.roles.includes(role));
    const count = (id: string) => roster.duties.filter((d) => d.role === role && d.person === id).length;
    const spread = (ids: string[]) => `${Math.min(...ids.map(count))}–${Math.max(...ids.map(count))}`;
    const free = takers.filter((p) => !heldBack.has(p.id)).map((p) => p.id);
    console.log(
      `  ${role.padEnd(10)} ${takers.length} people: ${spread(takers.map((p) => p.id))} duties ` +
        `each; ${spread(free)} among the ${free.length} not at their monthly limit`,
    );
  }
  return { targetsMet: slowest < TARGET_MS };
}

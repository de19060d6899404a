import { maxFlow, type FlowNetwork } from './max-flow.ts';

/**
 * The duty roster (issue 29): who takes each duty role on each flying day.
 *
 * Rules, in order:
 * 1. Nobody is put on a day they blacked out, on a role they may not take,
 *    twice on one day, or over the duties a month they said they'd take.
 * 2. As many duties are covered as those rules allow: a maximum flow from
 *    each person's months, through their available days, to the day's roles
 *    (so nothing feasible is left uncovered — not a greedy first fit).
 * 3. Within a role, duties are spread evenly: no duty can be handed from a
 *    person to one with two fewer of that role (nor a same-day swap or
 *    hand-on to a third person made that evens the roles out) without
 *    breaking rule 1. Where nobody is
 *    held back by blackouts, caps or other duties, the busiest person in a
 *    role has at most one more than the least busy.
 *
 * Pure and deterministic: the same input and seed give the same roster; the
 * seed only breaks ties (who of equals goes first).
 */

export interface RosterPerson {
  id: string;
  /** The duty roles this person may take. */
  roles: readonly string[];
  /** Days ('YYYY-MM-DD') this person can't do. */
  blackouts?: readonly string[];
  /** The most duties in a calendar month this person will take; none: no limit. */
  maxPerMonth?: number | null;
}

export interface RosterInput {
  /** The flying days to roster, 'YYYY-MM-DD'. */
  days: readonly string[];
  /** The duty roles each day needs, one person each. */
  roles: readonly string[];
  people: readonly RosterPerson[];
  /** Breaks ties between equals (default 1). */
  seed?: number;
}

export interface RosterDuty {
  day: string;
  role: string;
  /** Who takes it; null when nobody can. */
  person: string | null;
}

export interface Roster {
  /** Every day × role, by day then in the input's role order. */
  duties: RosterDuty[];
  /** Duties nobody could take. */
  uncovered: number;
}

const monthOf = (day: string) => day.slice(0, 7);

/** mulberry32: the tie-breaking order, fixed by the seed. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export function generateRoster(input: RosterInput): Roster {
  const days = [...new Set(input.days)].sort();
  const roles = [...new Set(input.roles)];
  const people = shuffled(input.people, input.seed ?? 1);
  const blackout = people.map((p) => new Set(p.blackouts ?? []));
  const eligible = people.map((p) => new Set(p.roles.filter((r) => roles.includes(r))));
  const cap = people.map((p) =>
    p.maxPerMonth === null || p.maxPerMonth === undefined ? Infinity : Math.max(0, Math.floor(p.maxPerMonth)),
  );

  // slot index = dayIndex * roles.length + roleIndex; holder[slot] = person index or -1.
  const holder = coverMost(days, roles, people.length, blackout, eligible, cap);
  balance(days, roles, holder, people.length, blackout, eligible, cap);

  const duties: RosterDuty[] = [];
  let uncovered = 0;
  days.forEach((day, d) =>
    roles.forEach((role, r) => {
      const p = holder[d * roles.length + r]!;
      if (p < 0) uncovered++;
      duties.push({ day, role, person: p < 0 ? null : people[p]!.id });
    }),
  );
  return { duties, uncovered };
}

/** Rule 2: a maximum flow source → person-month (cap) → person-day (1) → day-role slot (1) → sink. */
function coverMost(
  days: string[],
  roles: string[],
  peopleCount: number,
  blackout: Set<string>[],
  eligible: Set<string>[],
  cap: number[],
): Int32Array {
  const months = [...new Set(days.map(monthOf))];
  const slotCount = days.length * roles.length;
  // Node ids: 0 source, 1 sink, then slots, then person-months, then person-days (added as needed).
  const net: FlowNetwork = { nodeCount: 2 + slotCount, edges: [] };
  const slotNode = (slot: number) => 2 + slot;
  const personDayEdges: { person: number; day: number; node: number }[] = [];
  for (let s = 0; s < slotCount; s++) net.edges.push({ from: slotNode(s), to: 1, capacity: 1 });
  for (let p = 0; p < peopleCount; p++) {
    if (eligible[p]!.size === 0) continue;
    for (const month of months) {
      const monthDays = days
        .map((day, d) => ({ day, d }))
        .filter(({ day }) => monthOf(day) === month && !blackout[p]!.has(day));
      if (monthDays.length === 0 || cap[p] === 0) continue;
      const monthNode = net.nodeCount++;
      net.edges.push({ from: 0, to: monthNode, capacity: Math.min(cap[p]!, monthDays.length) });
      for (const { d } of monthDays) {
        const dayNode = net.nodeCount++;
        net.edges.push({ from: monthNode, to: dayNode, capacity: 1 });
        personDayEdges.push({ person: p, day: d, node: dayNode });
        roles.forEach((role, r) => {
          if (eligible[p]!.has(role))
            net.edges.push({ from: dayNode, to: slotNode(d * roles.length + r), capacity: 1 });
        });
      }
    }
  }
  const flow = maxFlow(net, 0, 1);
  const holder = new Int32Array(slotCount).fill(-1);
  const personOfDayNode = new Map(personDayEdges.map((e) => [e.node, e.person]));
  net.edges.forEach((edge, i) => {
    const slot = edge.to - 2;
    if (flow[i] === 1 && slot >= 0 && slot < slotCount && personOfDayNode.has(edge.from))
      holder[slot] = personOfDayNode.get(edge.from)!;
  });
  return holder;
}

/**
 * Rule 3: hand duties from busier to less busy people of the same role, or
 * swap two people's roles on one day, or hand the less busy person's other
 * duty that day on to a third who has fewer of it, while the sum over roles of each
 * person's duties squared falls — so it ends, and ends with no such move left.
 */
function balance(
  days: string[],
  roles: string[],
  holder: Int32Array,
  peopleCount: number,
  blackout: Set<string>[],
  eligible: Set<string>[],
  cap: number[],
): void {
  const R = roles.length;
  const count = Array.from({ length: R }, () => new Int32Array(peopleCount));
  const monthCount = new Map<string, number>();
  const onDay = new Map<string, number>(); // `${person}|${d}` → slot
  const key = (p: number, s: string | number) => `${p}|${s}`;
  holder.forEach((p, slot) => {
    if (p < 0) return;
    const d = Math.floor(slot / R);
    count[slot % R]![p]!++;
    monthCount.set(key(p, monthOf(days[d]!)), (monthCount.get(key(p, monthOf(days[d]!))) ?? 0) + 1);
    onDay.set(key(p, d), slot);
  });
  const free = (p: number, d: number) =>
    !blackout[p]!.has(days[d]!) && !onDay.has(key(p, d)) && (monthCount.get(key(p, monthOf(days[d]!))) ?? 0) < cap[p]!;
  const assign = (slot: number, from: number, to: number) => {
    const d = Math.floor(slot / R);
    const month = monthOf(days[d]!);
    holder[slot] = to;
    count[slot % R]![from]!--;
    count[slot % R]![to]!++;
    monthCount.set(key(from, month), monthCount.get(key(from, month))! - 1);
    monthCount.set(key(to, month), (monthCount.get(key(to, month)) ?? 0) + 1);
    onDay.delete(key(from, d));
    onDay.set(key(to, d), slot);
  };

  /**
   * Someone other than a and b, free on day d, who may take role r2 and whose taking b's duty lowers the sum with
   * `gain`.
   */
  const findReplacement = (r2: number, d: number, a: number, b: number, gain: number): number => {
    for (let c = 0; c < peopleCount; c++) {
      if (c === a || c === b || !eligible[c]!.has(roles[r2]!) || !free(c, d)) continue;
      if (gain + (count[r2]![c]! - count[r2]![b]! + 1) < 0) return c;
    }
    return -1;
  };

  for (let moved = true; moved;) {
    moved = false;
    for (let slot = 0; slot < holder.length; slot++) {
      const a = holder[slot]!;
      if (a < 0) continue;
      const r = slot % R;
      const d = Math.floor(slot / R);
      for (let b = 0; b < peopleCount; b++) {
        if (b === a || !eligible[b]!.has(roles[r]!) || count[r]![a]! < count[r]![b]! + 2) continue;
        if (free(b, d)) {
          assign(slot, a, b);
          moved = true;
          break;
        }
        // b is on another role that day: swap when a may take it and the two roles together even out.
        const other = onDay.get(key(b, d));
        if (other === undefined || blackout[b]!.has(days[d]!)) continue;
        const r2 = other % R;
        // Or b's duty that day goes to a third person c, free that day, who has fewer of that role.
        const gain = count[r]![b]! - count[r]![a]! + 1;
        const c = findReplacement(r2, d, a, b, gain);
        if (c >= 0) {
          assign(other, b, c);
          assign(slot, a, b);
          moved = true;
          break;
        }
        if (!eligible[a]!.has(roles[r2]!)) continue;
        const change = gain + (count[r2]![a]! - count[r2]![b]! + 1);
        if (change < 0) {
          holder[slot] = b;
          holder[other] = a;
          count[r]![a]!--;
          count[r]![b]!++;
          count[r2]![b]!--;
          count[r2]![a]!++;
          onDay.set(key(a, d), other);
          onDay.set(key(b, d), slot);
          moved = true;
          break;
        }
      }
    }
  }
}

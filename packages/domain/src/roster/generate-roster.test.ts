import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { generateRoster, type RosterInput, type RosterPerson } from './generate-roster.ts';

const monthOf = (day: string) => day.slice(0, 7);

/** The rules every roster keeps (rule 1 of generate-roster.ts). */
function assertValid(input: RosterInput, duties: ReturnType<typeof generateRoster>['duties']) {
  const byId = new Map(input.people.map((p) => [p.id, p]));
  const perDay = new Set<string>();
  const perMonth = new Map<string, number>();
  for (const duty of duties) {
    if (duty.person === null) continue;
    const person = byId.get(duty.person)!;
    expect(person.roles).toContain(duty.role);
    expect(person.blackouts ?? []).not.toContain(duty.day);
    expect(perDay.has(`${duty.person}|${duty.day}`)).toBe(false);
    perDay.add(`${duty.person}|${duty.day}`);
    const month = `${duty.person}|${monthOf(duty.day)}`;
    perMonth.set(month, (perMonth.get(month) ?? 0) + 1);
    if (person.maxPerMonth !== null && person.maxPerMonth !== undefined)
      expect(perMonth.get(month)!).toBeLessThanOrEqual(person.maxPerMonth);
  }
}

/** The most duties any roster could cover, by exhaustive search (small clubs only). */
function bestCoverage(input: RosterInput): number {
  const slots = input.days.flatMap((day) => input.roles.map((role) => ({ day, role })));
  let best = 0;
  const onDay = new Set<string>();
  const perMonth = new Map<string, number>();
  const search = (i: number, covered: number) => {
    if (covered + (slots.length - i) <= best) return;
    if (i === slots.length) {
      best = covered;
      return;
    }
    const { day, role } = slots[i]!;
    for (const p of input.people) {
      const month = `${p.id}|${monthOf(day)}`;
      const taken = perMonth.get(month) ?? 0;
      if (!p.roles.includes(role) || (p.blackouts ?? []).includes(day) || onDay.has(`${p.id}|${day}`)) continue;
      if (p.maxPerMonth !== null && p.maxPerMonth !== undefined && taken >= p.maxPerMonth) continue;
      onDay.add(`${p.id}|${day}`);
      perMonth.set(month, taken + 1);
      search(i + 1, covered + 1);
      onDay.delete(`${p.id}|${day}`);
      perMonth.set(month, taken);
      if (best === slots.length) return;
    }
    search(i + 1, covered);
  };
  search(0, 0);
  return best;
}

/** Rule 3: no duty of a role can be handed to someone with two fewer of it who is free that day. */
function assertNoEvenerMove(input: RosterInput, duties: ReturnType<typeof generateRoster>['duties']) {
  for (const role of input.roles) {
    const count = new Map(input.people.filter((p) => p.roles.includes(role)).map((p) => [p.id, 0]));
    for (const d of duties) if (d.role === role && d.person) count.set(d.person, count.get(d.person)! + 1);
    for (const duty of duties.filter((d) => d.role === role && d.person)) {
      for (const b of input.people.filter((p) => p.roles.includes(role) && p.id !== duty.person)) {
        if (count.get(duty.person!)! < count.get(b.id)! + 2) continue;
        const busyThatDay = duties.some((d) => d.day === duty.day && d.person === b.id);
        const inMonth = duties.filter((d) => d.person === b.id && monthOf(d.day) === monthOf(duty.day)).length;
        const capped = b.maxPerMonth !== null && b.maxPerMonth !== undefined && inMonth >= b.maxPerMonth;
        const free = !(b.blackouts ?? []).includes(duty.day) && !busyThatDay && !capped;
        expect(
          free,
          `${duty.person} has ${count.get(duty.person!)} ${role} duties, ` +
            `${b.id} ${count.get(b.id)} and is free on ${duty.day}`,
        ).toBe(false);
      }
    }
  }
}

const DAYS = ['2027-04-29', '2027-04-30', '2027-05-01', '2027-05-02'];
const ROLES = ['instructor', 'tow pilot', 'duty pilot'];

const smallClub = fc
  .record({
    days: fc.subarray(DAYS, { minLength: 1 }),
    roles: fc.subarray(ROLES, { minLength: 1 }),
    people: fc.array(
      fc.record({
        roles: fc.subarray(ROLES),
        blackouts: fc.subarray(DAYS),
        maxPerMonth: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
      }),
      { minLength: 0, maxLength: 5 },
    ),
    seed: fc.integer({ min: 1, max: 1000 }),
  })
  .map(({ people, ...rest }): RosterInput => ({
    ...rest,
    people: people.map((p, i): RosterPerson => ({ id: `p${i}`, ...p })),
  }));

describe('generateRoster on random small clubs', () => {
  it('breaks no rule, covers as many duties as any roster could, and leaves no evening move undone', () => {
    fc.assert(
      fc.property(smallClub, (input) => {
        const roster = generateRoster(input);
        expect(roster.duties).toHaveLength(input.days.length * input.roles.length);
        assertValid(input, roster.duties);
        expect(roster.duties.length - roster.uncovered).toBe(bestCoverage(input));
        assertNoEvenerMove(input, roster.duties);
      }),
      { numRuns: 300 },
    );
  });
});

describe('generateRoster on a club with nobody held back', () => {
  it('spreads each role within one duty: 60 days, 3 roles, 7 instructors, 5 tow pilots, 20 duty pilots', () => {
    const days = Array.from({ length: 60 }, (_, i) =>
      new Date(Date.UTC(2027, 3, 1) + i * 86_400_000).toISOString().slice(0, 10),
    );
    const people: RosterPerson[] = [
      ...Array.from({ length: 7 }, (_, i) => ({ id: `i${i}`, roles: ['instructor'] })),
      ...Array.from({ length: 5 }, (_, i) => ({ id: `t${i}`, roles: ['tow pilot'] })),
      ...Array.from({ length: 20 }, (_, i) => ({ id: `d${i}`, roles: ['duty pilot'] })),
      // Two who may take two roles.
      { id: 'it', roles: ['instructor', 'tow pilot'] },
      { id: 'td', roles: ['tow pilot', 'duty pilot'] },
    ];
    const input = { days, roles: ROLES, people, seed: 7 };
    const roster = generateRoster(input);
    expect(roster.uncovered).toBe(0);
    assertValid(input, roster.duties);
    for (const role of ROLES) {
      const counts = people
        .filter((p) => p.roles.includes(role))
        .map((p) => roster.duties.filter((d) => d.role === role && d.person === p.id).length);
      expect(Math.max(...counts) - Math.min(...counts), role).toBeLessThanOrEqual(1);
    }
  });

  it('is the same roster for the same input and seed', () => {
    const input: RosterInput = {
      days: DAYS,
      roles: ROLES,
      people: ROLES.flatMap((r, i) => [0, 1, 2].map((n) => ({ id: `${i}${n}`, roles: [r] }))),
      seed: 3,
    };
    expect(generateRoster(input)).toEqual(generateRoster(input));
  });

  it('leaves a duty uncovered only when nobody may take it: the one tow pilot blacked out on 1 May', () => {
    const roster = generateRoster({
      days: ['2027-05-01', '2027-05-02'],
      roles: ['tow pilot'],
      people: [{ id: 'tom', roles: ['tow pilot'], blackouts: ['2027-05-01'] }],
    });
    expect(roster).toEqual({
      duties: [
        { day: '2027-05-01', role: 'tow pilot', person: null },
        { day: '2027-05-02', role: 'tow pilot', person: 'tom' },
      ],
      uncovered: 1,
    });
  });
});

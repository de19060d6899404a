import { generateSerial } from '@flightline/domain/money/intro-serial';
import { flightRequestSchema } from '@flightline/domain/schemas/flights';

/**
 * The demo season's plan (demo-season.ts runs it through the services): a
 * seeded random generator, the people and intros it picks from, and each
 * flying day's flights — who flies what, for how long, and when the line
 * would take them. Pure: no database, no clock but the times it is given.
 */

export const MINUTE = 60_000;
export const TWO_SEATERS = ['C-GDSA', 'C-GDSB'] as const;
export const SINGLE_SEATER = 'C-FDSC';
export const PAYMENT_METHODS = ['Credit Card', 'Credit Card', 'E-Transfer', 'Cash'] as const;
export const FIRST_NAMES = [
  'Ava',
  'Ben',
  'Chloe',
  'Daniel',
  'Emma',
  'Felix',
  'Grace',
  'Hugo',
  'Isla',
  'Jack',
  'Kate',
  'Liam',
  'Maya',
  'Noah',
  'Olivia',
  'Paul',
  'Rosa',
  'Theo',
];
export const LAST_NAMES = [
  'Bennett',
  'Chen',
  'Dubois',
  'Evans',
  'Fischer',
  'Gagnon',
  'Hughes',
  'Khan',
  'Lambert',
  'Martin',
  'Novak',
  'Patel',
  'Roy',
  'Singh',
  'Tremblay',
  'Walsh',
];
/** mulberry32: a small, fast generator whose sequence is fixed by its seed. */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }
  /** A whole number from min to max, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  bytes(n: number): Uint8Array {
    return Uint8Array.from({ length: n }, () => Math.floor(this.next() * 256));
  }
  /** A version-4-shaped UUID, as a phone makes for a flight id. */
  uuid(): string {
    const hex = [...this.bytes(16)].map((b) => b.toString(16).padStart(2, '0')).join('');
    const variant = '89ab'[this.int(0, 3)];
    const [a, b, c, d, e] = [
      hex.slice(0, 8),
      hex.slice(8, 12),
      hex.slice(13, 16),
      hex.slice(17, 20),
      hex.slice(20, 32),
    ];
    return `${a}-${b}-4${c}-${variant}${d}-${e}`;
  }
}

export type Habit = 'prompt' | 'late';

export interface Person {
  userId: string;
  first: string;
  last: string;
  /** Prompt payers top up well ahead; late ones only when the club's minimum stops them flying. */
  habit: Habit;
  role: 'instructor' | 'student' | 'pilot';
}

export type FlyWith = 'Alone' | 'Instructor' | 'Member' | 'Friend' | 'Intro';

export interface SoldIntro {
  id: string;
  sn: string;
  priceCents: number;
  /** An "Intro soaring flight" (the variable tow), not the 2000 ft one. */
  soaring: boolean;
  soldOn: string;
  /** Kept off the line: it is refunded or cancelled later. */
  reserved: boolean;
  flown: boolean;
}

export interface PlannedFlight {
  flyWith: FlyWith;
  pilot: Person;
  second: Person | null;
  glider: string;
  launchType: string;
  intro: SoldIntro | null;
  /** A new intro sold on the spot at the crew page. */
  spotSale: boolean;
  minutes: number;
  releaseHeightFt: number;
  wanted: number;
}

export interface DayPlanOptions {
  weekend: boolean;
  /** The students fly solo sometimes in the second half of the season. */
  late: boolean;
  intros: SoldIntro[];
  instructors: Person[];
  students: Person[];
  pilots: Person[];
  at: (hour: number, minute?: number) => number;
}

/** The day's flights as the crew would want them: who, in what, how long, and when they'd like to go. */
export function planDay(random: Random, options: DayPlanOptions): PlannedFlight[] {
  const { at } = options;
  const count = options.weekend ? random.int(6, 12) : random.int(2, 4);
  const planned: PlannedFlight[] = [];
  // Busiest late morning to mid-afternoon: two uniform draws averaged peak in the middle of 10:00–17:00.
  const wanted = () => at(10) + Math.round(((random.next() + random.next()) / 2) * 7 * 60) * MINUTE;
  const variableHeight = (low: number, high: number) => random.int(low / 100, high / 100) * 100;
  const launch = () => (random.chance(0.55) ? 'Variable' : '2000 ft');
  const heightFor = (launchType: string, low: number, high: number) =>
    launchType === 'Variable' ? variableHeight(low, high) : 2000;
  const base = { second: null, intro: null, spotSale: false };

  const introsToday = Math.min(options.intros.length, options.weekend ? random.int(0, 2) : random.int(0, 1));
  for (const intro of options.intros.slice(0, introsToday)) {
    const releaseHeightFt = intro.soaring ? variableHeight(2500, 4000) : 2000;
    planned.push({
      ...base,
      flyWith: 'Intro',
      pilot: random.pick(options.instructors),
      glider: random.pick(TWO_SEATERS),
      launchType: '',
      intro,
      minutes: random.int(18, 35),
      releaseHeightFt,
      wanted: wanted(),
    });
  }
  if (options.weekend && random.chance(0.1)) {
    planned.push({
      ...base,
      flyWith: 'Intro',
      pilot: random.pick(options.instructors),
      glider: random.pick(TWO_SEATERS),
      launchType: '',
      spotSale: true,
      minutes: random.int(18, 30),
      releaseHeightFt: 2000,
      wanted: wanted(),
    });
  }
  while (planned.length < count) {
    const kind = random.next();
    if (kind < 0.3) {
      const student = random.pick(options.students);
      if (options.late && random.chance(0.3)) {
        const launchType = '2000 ft';
        planned.push({
          ...base,
          flyWith: 'Alone',
          pilot: student,
          glider: 'C-GDSB',
          launchType,
          minutes: random.int(12, 30),
          releaseHeightFt: 2000,
          wanted: wanted(),
        });
      } else {
        const launchType = random.chance(0.7) ? '2000 ft' : 'Variable';
        planned.push({
          ...base,
          flyWith: 'Instructor',
          pilot: student,
          second: random.pick(options.instructors),
          glider: random.pick(TWO_SEATERS),
          launchType,
          minutes: random.int(12, 35),
          releaseHeightFt: heightFor(launchType, 1500, 3000),
          wanted: wanted(),
        });
      }
    } else if (kind < 0.75) {
      const launchType = launch();
      const long = random.chance(0.3);
      const glider = random.chance(0.55) ? SINGLE_SEATER : random.pick(TWO_SEATERS);
      planned.push({
        ...base,
        flyWith: 'Alone',
        pilot: random.pick(options.pilots),
        glider,
        launchType,
        minutes: long ? random.int(60, 180) : random.int(20, 60),
        releaseHeightFt: heightFor(launchType, 1800, 4000),
        wanted: wanted(),
      });
    } else if (kind < 0.9) {
      const pilot = random.pick(options.pilots);
      const partners = options.pilots.filter((p) => p !== pilot && p.role === 'pilot');
      const launchType = launch();
      planned.push({
        ...base,
        flyWith: 'Member',
        pilot,
        second: random.pick(partners),
        glider: random.pick(TWO_SEATERS),
        launchType,
        minutes: random.int(30, 120),
        releaseHeightFt: heightFor(launchType, 2000, 4000),
        wanted: wanted(),
      });
    } else {
      const launchType = launch();
      planned.push({
        ...base,
        flyWith: 'Friend',
        pilot: random.pick(options.pilots),
        glider: random.pick(TWO_SEATERS),
        launchType,
        minutes: random.int(20, 50),
        releaseHeightFt: heightFor(launchType, 1500, 3000),
        wanted: wanted(),
      });
    }
  }
  return planned;
}

export interface ScheduledFlight {
  plan: PlannedFlight;
  requestAt: number;
  launchAt: number;
  releaseAt: number;
  landAt: number;
}

/**
 * When each flight happens, as the line would let it: a flight is requested
 * once its glider has landed and its people are down (and the queue is not
 * too long), waits for its turn behind the one tug (a tow and the tug's
 * descent take 10 to 15 minutes), and
 * lands after its minutes in the air. Flights that would land after 19:30 are
 * left for another day.
 */
export function scheduleDay(
  random: Random,
  planned: PlannedFlight[],
  at: (hour: number, minute?: number) => number,
): { flights: ScheduledFlight[] } {
  const free = new Map<string, number>();
  const freeAt = (key: string) => free.get(key) ?? at(9, 45);
  let tugFree = at(10);
  const flights: ScheduledFlight[] = [];
  for (const plan of [...planned].sort((a, b) => a.wanted - b.wanted)) {
    const people = [plan.pilot.userId, ...(plan.second ? [plan.second.userId] : [])];
    const wait = (random.chance(0.15) ? random.int(20, 45) : random.int(4, 18)) * MINUTE;
    // Nobody stands in a queue of an hour: with the line long, people put their names down later.
    const queue = random.int(10, 40) * MINUTE;
    const requestAt =
      Math.max(plan.wanted, freeAt(plan.glider), ...people.map(freeAt), tugFree - queue) + random.int(0, 59) * 1000;
    const launchAt = Math.max(requestAt + wait, tugFree) + random.int(0, 59) * 1000;
    const landAt = launchAt + plan.minutes * MINUTE + random.int(0, 59) * 1000;
    if (landAt > at(19, 30)) continue;
    tugFree = launchAt + random.int(10, 15) * MINUTE;
    const releaseAt = Math.min(launchAt + random.int(4, 9) * MINUTE, landAt - MINUTE);
    free.set(plan.glider, landAt + random.int(3, 10) * MINUTE);
    for (const person of people) free.set(person, landAt + 5 * MINUTE);
    flights.push({ plan, requestAt, launchAt, releaseAt, landAt });
  }
  return { flights };
}

/** The crew page's request for a planned flight. */
export function requestData(random: Random, plan: PlannedFlight, at: number) {
  const weight = random.int(60, 100);
  const common = { user: plan.pilot.userId, flyWith: plan.flyWith, glider: plan.glider, weight, submittedAt: at };
  switch (plan.flyWith) {
    case 'Alone':
      return flightRequestSchema.parse({ ...common, launchType: plan.launchType });
    case 'Instructor':
      return flightRequestSchema.parse({
        ...common,
        launchType: plan.launchType,
        passengerID: plan.second!.userId,
        pilotInCharge: false,
        passengerWeight: random.int(65, 95),
      });
    case 'Member':
      return flightRequestSchema.parse({
        ...common,
        launchType: plan.launchType,
        passengerID: plan.second!.userId,
        shareCost: true,
        passengerWeight: random.int(60, 100),
      });
    case 'Friend':
      return flightRequestSchema.parse({
        ...common,
        launchType: plan.launchType,
        passengerFirst: random.pick(FIRST_NAMES),
        passengerLast: random.pick(LAST_NAMES),
        passengerWeight: random.int(50, 100),
      });
    default:
      if (plan.spotSale) {
        return flightRequestSchema.parse({
          ...common,
          passengerWeight: random.int(50, 100),
          newIntro: {
            introType: 'Intro flight',
            recipientFirst: random.pick(FIRST_NAMES),
            recipientLast: random.pick(LAST_NAMES),
            payment: random.pick(PAYMENT_METHODS),
            SN: generateSerial((n) => random.bytes(n)),
          },
        });
      }
      return flightRequestSchema.parse({ ...common, introRef: plan.intro!.id, passengerWeight: random.int(50, 100) });
  }
}

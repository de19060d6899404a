import { describe, expect, it } from 'vitest';
import { durationText } from '@flightline/domain/flights/flight-duration';
import { logFlight, MIN, PILOTS, TEN, ZONE } from './log.fixtures.ts';
import {
  ALL,
  defaultTowPilot,
  durationOf,
  filterLog,
  flightMinutes,
  flightTimesText,
  gliderChoices,
  logbookOf,
  logFlights,
  logsTitle,
  logTotals,
  pilotMap,
  secondPerson,
  towPilotChoices,
} from './log-views.ts';

describe('logs title', () => {
  it('names one day or a range', () => {
    expect(logsTitle('2026-06-30', '2026-06-30')).toBe('Flight Logs for 2026-06-30');
    expect(logsTitle('2026-06-01', '2026-06-30')).toBe('Flight Logs for 2026-06-01 to 2026-06-30');
  });
});

describe('durations', () => {
  it('counts the minutes flown to the nearest, as the line page and the CSV show them (the bill rounds up)', () => {
    expect(flightMinutes(logFlight('a'))).toBe(30);
    expect(flightMinutes(logFlight('a', { landedAt: TEN + 30 * MIN + 29_000 }))).toBe(30);
    expect(flightMinutes(logFlight('a', { landedAt: TEN + 30 * MIN + 30_000 }))).toBe(31);
    expect(durationOf(logFlight('a', { landedAt: TEN + 5 * MIN + 51_000 }))).toBe('0:06');
    expect(durationOf(logFlight('a', { landedAt: TEN + 61 * MIN + 40_000 }))).toBe('1:02');
    expect(durationOf(logFlight('a', { landedAt: TEN + 75 * MIN }))).toBe('1:15');
    // Not landed yet, or not launched: no duration.
    expect(flightMinutes(logFlight('a', { landedAt: null }))).toBeNull();
    expect(durationOf(logFlight('a', { launchedAt: null, landedAt: null }))).toBe('—');
  });

  it(
    "a line's times: takeoff–landing once landed, 'flying since' while up, " +
      "'waiting since' its request before the launch (issue 25 item 15)",
    () => {
      // TEN is 10:00 in Toronto; the fixture was requested at 09:30.
      expect(flightTimesText(logFlight('a'), ZONE)).toBe('10:00–10:30');
      expect(flightTimesText(logFlight('a', { landedAt: null }), ZONE)).toBe('flying since 10:00');
      expect(flightTimesText(logFlight('a', { launchedAt: null, landedAt: null }), ZONE)).toBe('waiting since 09:30');
    },
  );

  it('totals the listed flights as the sum of their lines', () => {
    const flights = [
      logFlight('a'),
      logFlight('b', { landedAt: TEN + 45 * MIN + 29_000 }),
      logFlight('c', { landedAt: null }),
    ];
    expect(logTotals(flights)).toEqual({ flights: 3, minutes: 30 + 45 });
    expect(durationText(logTotals(flights).minutes)).toBe('1:15');
    expect(logTotals([])).toEqual({ flights: 0, minutes: 0 });
  });
});

describe('the lists', () => {
  const mine = logFlight('mine', { glider: 'C-GDSB' });
  const dual = logFlight('dual', {
    user: 'tom',
    first: 'Tom',
    last: 'Towpilot',
    flyWith: 'Instructor',
    passengerID: 'irene',
    towPilot: 'mary',
    launchedAt: TEN + 60 * MIN,
    landedAt: TEN + 90 * MIN,
  });
  const withMary = logFlight('with-mary', {
    user: 'irene',
    flyWith: 'Member',
    passengerID: 'mary',
    launchedAt: TEN - 60 * MIN,
    landedAt: TEN - 30 * MIN,
  });
  const winch = logFlight('winch', { user: 'irene', towPilot: '', tug: '', launchedAt: TEN + 5 * MIN });
  const cancelled = logFlight('cancelled', { cancelledAt: TEN, launchedAt: null, landedAt: null });
  const all = logFlights([mine, dual, withMary, winch, cancelled]);

  it('leaves cancelled flights out and orders by takeoff', () => {
    expect(all.map((f) => f.id)).toEqual(['with-mary', 'mine', 'winch', 'dual']);
    const earlierDay = logFlight('yesterday', { dateString: '2026-06-29', launchedAt: TEN + 120 * MIN });
    expect(logFlights([mine, earlierDay]).map((f) => f.id)).toEqual(['yesterday', 'mine']);
    // A request that has not launched sorts by when it was asked for.
    expect(
      logFlights([mine, logFlight('waiting', { launchedAt: null, landedAt: null, submittedAt: TEN - MIN })]).map(
        (f) => f.id,
      ),
    ).toEqual(['waiting', 'mine']);
  });

  it('All flights filter by glider; My flights are those I flew as pilot or second person', () => {
    expect(filterLog(all, { view: 'all', me: 'mary', glider: ALL, towPilot: ALL }).map((f) => f.id)).toEqual([
      'with-mary',
      'mine',
      'winch',
      'dual',
    ]);
    expect(filterLog(all, { view: 'all', me: 'mary', glider: 'C-GDSA', towPilot: ALL }).map((f) => f.id)).toEqual([
      'with-mary',
      'winch',
      'dual',
    ]);
    expect(filterLog(all, { view: 'mine', me: 'mary', glider: ALL, towPilot: ALL }).map((f) => f.id)).toEqual([
      'with-mary',
      'mine',
    ]);
    expect(filterLog(all, { view: 'mine', me: 'mary', glider: 'C-GDSB', towPilot: ALL }).map((f) => f.id)).toEqual([
      'mine',
    ]);
    // The instructor's logbook holds the flight she instructed.
    expect(filterLog(all, { view: 'mine', me: 'irene', glider: ALL, towPilot: ALL }).map((f) => f.id)).toEqual([
      'with-mary',
      'winch',
      'dual',
    ]);
  });

  it('Tows filter by tow pilot; All lists every towed flight', () => {
    expect(filterLog(all, { view: 'tows', me: 'mary', glider: 'C-GDSB', towPilot: 'tom' }).map((f) => f.id)).toEqual([
      'with-mary',
      'mine',
    ]);
    expect(filterLog(all, { view: 'tows', me: 'mary', glider: ALL, towPilot: 'mary' }).map((f) => f.id)).toEqual([
      'dual',
    ]);
    expect(filterLog(all, { view: 'tows', me: 'mary', glider: ALL, towPilot: ALL }).map((f) => f.id)).toEqual([
      'with-mary',
      'mine',
      'dual',
    ]);
  });

  it('offers All first, then the gliders flown, and the tow pilots by name', () => {
    expect(gliderChoices(all)).toEqual([ALL, 'C-GDSA', 'C-GDSB']);
    expect(towPilotChoices(all, PILOTS)).toEqual([
      { value: ALL, label: ALL },
      { value: 'mary', label: 'Mary Member' },
      { value: 'tom', label: 'Tom Towpilot' },
    ]);
    expect(defaultTowPilot('tom', true)).toBe('tom');
    expect(defaultTowPilot('mary', false)).toBe(ALL);
  });

  it("asks for one member's logbook for My flights and one tow pilot's tows, else the club's flights", () => {
    expect(logbookOf('mine', 'mary', ALL)).toBe('mary');
    expect(logbookOf('tows', 'mary', 'tom')).toBe('tom');
    expect(logbookOf('tows', 'mary', ALL)).toBeNull();
    expect(logbookOf('all', 'mary', 'tom')).toBeNull();
  });

  it('names the second person: a member, a passenger, nobody when alone', () => {
    const pilots = pilotMap(PILOTS);
    expect(secondPerson(dual, pilots)).toBe('Irene Instructor');
    expect(secondPerson(mine, pilots)).toBe('');
    expect(
      secondPerson(logFlight('f', { flyWith: 'Friend', passengerFirst: 'Fred', passengerLast: 'Friend' }), pilots),
    ).toBe('Fred Friend');
    expect(secondPerson(logFlight('f', { flyWith: 'Member', passengerID: 'gone' }), pilots)).toBe('Unknown');
  });
});

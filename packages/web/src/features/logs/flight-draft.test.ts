import { describe, expect, it } from 'vitest';
import {
  buildChangeFlight,
  changeRows,
  draftOf,
  parseReleaseHeight,
  RELEASE_HEIGHT_POSITIVE,
  revisionOf,
  updatedMessage,
  type FlightLookups,
} from './flight-draft.ts';
import { DAY, logFlight, MIN, PILOTS, TEN, ZONE } from './log.fixtures.ts';
import { pilotMap } from './log-views.ts';

const INTRO = '7b0e7bb8-4bd6-4c07-9f0c-5b8e0f3d2a11';
const lookups: FlightLookups = {
  timeZone: ZONE,
  pilots: pilotMap(PILOTS),
  intros: new Map([[INTRO, { SN: 'ABC234', recipientFirst: 'Ivy', recipientLast: 'Intro' }]]),
};
const KEY = 'key-12345678';

function build(fields: Parameters<typeof logFlight>[1], edit: Partial<ReturnType<typeof draftOf>>) {
  const flight = logFlight('f1', fields);
  return { flight, built: buildChangeFlight(flight, { ...draftOf(flight, ZONE), ...edit }, lookups, KEY) };
}

describe('the edit draft', () => {
  it('starts from the flight, times as the club reads them', () => {
    const draft = draftOf(logFlight('f1'), ZONE);
    expect(draft).toMatchObject({
      glider: 'C-GDSA',
      user: 'mary',
      flyWith: 'Alone',
      takeoff: '10:00',
      landing: '10:30',
      releaseHeight: '2000',
      towPilot: 'tom',
      tug: 'C-FTOW',
    });
    expect(draftOf(logFlight('f2', { launchedAt: null, landedAt: null }), ZONE)).toMatchObject({
      takeoff: '',
      landing: '',
    });
  });

  it('sends the flight as it was when nothing changed, and no change rows', () => {
    const stored = logFlight('f1', { launchedAt: TEN + 17_000, landedAt: TEN + 30 * MIN + 42_000 });
    const built = buildChangeFlight(stored, draftOf(stored, ZONE), lookups, KEY);
    expect(built).toEqual({
      ok: true,
      body: {
        id: 'f1',
        action: 'ChangeFlight',
        idempotencyKey: KEY,
        date: DAY,
        glider: 'C-GDSA',
        user: 'mary',
        flyWith: 'Alone',
        passengerID: '',
        passengerFirst: '',
        passengerLast: '',
        pilotInCharge: true,
        shareCost: false,
        introRef: '',
        launchType: '2000 ft',
        towPilot: 'tom',
        tug: 'C-FTOW',
        // Untouched times keep their seconds.
        launchedAt: TEN + 17_000,
        landedAt: TEN + 30 * MIN + 42_000,
        releaseHeight: 2000,
      },
    });
    expect(built.ok && changeRows(stored, built.body, lookups)).toEqual([]);
  });

  it('lists each changed value with the old one, in the form order', () => {
    const { flight, built } = build({}, { glider: 'C-GDSB', landing: '10:40', releaseHeight: '1500', towPilot: '' });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.body.landedAt).toBe(TEN + 40 * MIN);
    expect(changeRows(flight, built.body, lookups)).toEqual([
      { key: 'glider', label: 'Glider', from: 'C-GDSA', to: 'C-GDSB' },
      { key: 'landedAt', label: 'Landing Time', from: '10:30', to: '10:40' },
      { key: 'releaseHeight', label: 'Release Height', from: '2000', to: '1500' },
      { key: 'towPilot', label: 'Tow Pilot', from: 'Tom Towpilot', to: '—' },
    ]);
  });

  it('refuses a negative release height with the spec message, and other bad heights', () => {
    expect(build({}, { releaseHeight: '-1' }).built).toEqual({ ok: false, problem: RELEASE_HEIGHT_POSITIVE });
    expect(RELEASE_HEIGHT_POSITIVE).toBe('Release height must be positive');
    expect(parseReleaseHeight('')).toBe(0);
    expect(parseReleaseHeight(' 0 ')).toBe(0);
    expect(parseReleaseHeight('2500')).toBe(2500);
    expect(parseReleaseHeight('-0.5')).toBe(RELEASE_HEIGHT_POSITIVE);
    expect(parseReleaseHeight('12.5')).toBe('Release height must be a whole number');
    expect(parseReleaseHeight('high')).toBe('Release height must be a whole number');
    expect(parseReleaseHeight('100001')).toBe('Release height must be 100000 or less');
  });

  it('checks the times: a landing needs a takeoff before it', () => {
    expect(build({}, { landing: '09:59' }).built).toEqual({
      ok: false,
      problem: 'The landing time must be after the takeoff time',
    });
    expect(build({}, { takeoff: '' }).built).toEqual({ ok: false, problem: 'Enter the takeoff time' });
    expect(build({}, { takeoff: '9:5' }).built).toEqual({ ok: false, problem: 'Enter the takeoff time as hh:mm' });
    // A landed flight keeps a landing time (undoing a landing belongs to the flight line).
    expect(build({}, { landing: '' }).built).toEqual({ ok: false, problem: 'Enter the landing time' });
    // Still flying: the landing may stay empty, or be entered.
    const flying = build({ landedAt: null }, {}).built;
    expect(flying.ok && [flying.body.launchedAt, flying.body.landedAt]).toEqual([TEN, null]);
    // A time with no stored instant is on the flight's own day.
    const late = build({ landedAt: null }, { takeoff: '13:00', landing: '13:45' }).built;
    expect(late.ok && [late.body.launchedAt, late.body.landedAt]).toEqual([TEN + 180 * MIN, TEN + 225 * MIN]);
  });

  it('sends only the second-person fields the flight type uses', () => {
    const member = build({}, { flyWith: 'Member', passengerID: 'irene', shareCost: true, pilotInCharge: false }).built;
    expect(member.ok && member.body).toMatchObject({
      flyWith: 'Member',
      passengerID: 'irene',
      passengerFirst: 'Irene',
      passengerLast: 'Instructor',
      shareCost: true,
      pilotInCharge: false,
      introRef: '',
    });
    // Sharing is for Member flights only.
    const instructor = build(
      {},
      { flyWith: 'Instructor', passengerID: 'irene', shareCost: true, pilotInCharge: false },
    ).built;
    expect(instructor.ok && instructor.body).toMatchObject({
      passengerID: 'irene',
      shareCost: false,
      pilotInCharge: false,
    });
    const friend = build(
      {},
      {
        flyWith: 'Friend',
        passengerID: 'irene',
        passengerFirst: ' Fred ',
        passengerLast: 'Friend',
        pilotInCharge: false,
      },
    ).built;
    expect(friend.ok && friend.body).toMatchObject({
      passengerID: '',
      passengerFirst: 'Fred',
      passengerLast: 'Friend',
      pilotInCharge: true,
    });
    const intro = build({}, { flyWith: 'Intro', introRef: INTRO }).built;
    expect(intro.ok && intro.body).toMatchObject({
      introRef: INTRO,
      passengerFirst: 'Ivy',
      passengerLast: 'Intro',
      passengerID: '',
    });
    // Back to Alone: the intro is unlinked and the passenger cleared.
    const alone = build(
      { flyWith: 'Intro', introRef: INTRO, passengerFirst: 'Ivy', passengerLast: 'Intro' },
      { flyWith: 'Alone' },
    );
    expect(alone.built.ok && alone.built.body).toMatchObject({ introRef: '', passengerFirst: '', passengerLast: '' });
    expect(alone.built.ok && changeRows(alone.flight, alone.built.body, lookups)).toEqual([
      { key: 'flyWith', label: 'Flying With', from: 'Intro', to: 'Alone' },
      { key: 'passenger', label: 'Passenger', from: 'Ivy Intro (intro ABC234)', to: '—' },
    ]);
  });

  it('says who is missing', () => {
    expect(build({}, { flyWith: 'Instructor', passengerID: '' }).built).toEqual({
      ok: false,
      problem: 'Second person not identified: choose the instructor',
    });
    expect(build({}, { flyWith: 'Member', passengerID: 'mary' }).built).toEqual({
      ok: false,
      problem: 'The member must be someone other than the pilot',
    });
    expect(build({}, { flyWith: 'Friend', passengerFirst: 'Fred' }).built).toEqual({
      ok: false,
      problem: "Second person not identified: enter the friend's first and last name",
    });
    expect(build({}, { flyWith: 'Intro', introRef: '' }).built).toEqual({
      ok: false,
      problem: 'Second person not identified: choose the intro',
    });
    expect(build({}, { glider: '' }).built).toEqual({ ok: false, problem: 'No glider selected' });
  });

  it('names the pilot in command', () => {
    const { flight, built } = build(
      { flyWith: 'Member', passengerID: 'irene', passengerFirst: 'Irene', passengerLast: 'Instructor' },
      { pilotInCharge: false },
    );
    expect(built.ok && changeRows(flight, built.body, lookups)).toEqual([
      { key: 'pilotInCharge', label: 'Pilot in Command', from: 'Mary Member', to: 'Irene Instructor' },
    ]);
  });
});

describe('revisions', () => {
  it('show who, when in the club zone, and each field old → new by name', () => {
    const view = revisionOf(
      {
        by: 'irene',
        byName: 'Irene Instructor',
        submittedAt: TEN + 120 * MIN,
        changes: {
          glider: ['C-GDSA', 'C-GDSB'],
          landedAt: [TEN + 30 * MIN, TEN + 40 * MIN],
          towPilot: ['tom', ''],
          shareCost: [false, true],
          introRef: ['', INTRO],
        },
      },
      0,
      lookups,
    );
    expect(view.who).toBe('Irene Instructor');
    expect(view.when).toBe('2026-06-30 12:00');
    expect(view.rows).toEqual([
      { key: 'glider', label: 'Glider', from: 'C-GDSA', to: 'C-GDSB' },
      { key: 'landedAt', label: 'Landing Time', from: '10:30', to: '10:40' },
      { key: 'towPilot', label: 'Tow Pilot', from: 'Tom Towpilot', to: '—' },
      { key: 'shareCost', label: 'Sharing Cost?', from: 'No', to: 'Yes' },
      { key: 'introRef', label: 'Intro', from: '—', to: 'ABC234' },
    ]);
    // Stored names in snake_case read the same; the editor's name from the list when the record has none.
    const snake = revisionOf(
      {
        by: 'tom',
        byName: '',
        submittedAt: TEN,
        changes: { launched_at: ['2026-06-30T14:00:00.000Z', null], passenger_id: ['', 'mary'] },
      },
      1,
      lookups,
    );
    expect(snake.who).toBe('Tom Towpilot');
    expect(snake.rows).toEqual([
      { key: 'launched_at', label: 'Takeoff Time', from: '10:00', to: '—' },
      { key: 'passenger_id', label: 'Passenger', from: '—', to: 'Mary Member' },
    ]);
  });

  it('uses the spec spelling for success', () => {
    expect(updatedMessage('f1')).toBe('Sucessfully updated flight f1');
  });
});

import { describe, expect, it } from 'vitest';
import type { FlightRecord } from '../api/types.ts';
import { toCsv } from '../money/csv.ts';
import { LOGBOOK_COLUMNS, logbookRole, logbookRows, logbookTotals } from './logbook.ts';
import { FLOWN_ALONE } from './crew-rules.ts';
import { waitingFlightFields } from './waiting-flight.ts';

const ZONE = 'America/Toronto';
/** 2026-07-11 10:00 in Toronto. */
const TEN = Date.parse('2026-07-11T14:00:00Z');
const MINUTE = 60_000;

function flown(values: Partial<FlightRecord>, minutes: number, startMs = TEN): FlightRecord {
  // 29 s more, which the shown minutes round away (30 s would round up).
  return flightRecord({ launchedAt: startMs, landedAt: startMs + minutes * MINUTE + 29_000, ...values });
}

/** A flight record as the logs list it: Sam Student alone in C-GDSA unless `values` say otherwise. */
function flightRecord(values: Partial<FlightRecord>): FlightRecord {
  return {
    id: 'f',
    dateString: '2026-07-11',
    user: 'sam',
    first: 'Sam',
    last: 'Student',
    flyWith: 'Alone',
    ...FLOWN_ALONE,
    glider: 'C-GDSA',
    launchType: '2000 ft',
    towSpeed: 60,
    submittedAt: TEN,
    queuedAt: TEN,
    ...waitingFlightFields(),
    ...values,
  };
}

const names = new Map([
  ['ida', 'Ida Instructor'],
  ['sam', 'Sam Student'],
  ['mo', 'Mo Member'],
]);

describe('logbook roles', () => {
  it('the pilot is P1 in command, P2 when the second person is; the instructor instructing is Instructor', () => {
    const solo = flown({ user: 'sam', flyWith: 'Alone' }, 30);
    const dual = flown({ user: 'sam', flyWith: 'Instructor', passengerID: 'ida', pilotInCharge: false }, 30);
    const shared = flown({ user: 'sam', flyWith: 'Member', passengerID: 'mo', pilotInCharge: true }, 30);
    expect([
      logbookRole(solo, 'sam'),
      logbookRole(dual, 'sam'),
      logbookRole(dual, 'ida'),
      logbookRole(shared, 'sam'),
      logbookRole(shared, 'mo'),
    ]).toEqual(['P1', 'P2', 'Instructor', 'P1', 'P2']);
    expect(logbookRole(solo, 'ida')).toBeNull();
  });
});

describe('logbook totals', () => {
  it('adds the flown flights by role and launch type; a cancelled or unlanded flight does not count', () => {
    const flights = [
      flown({ user: 'sam', flyWith: 'Alone', launchType: '2000 ft' }, 45),
      flown(
        { user: 'sam', flyWith: 'Instructor', passengerID: 'ida', pilotInCharge: false, launchType: '2000 ft' },
        30,
      ),
      flown({ user: 'sam', flyWith: 'Alone', launchType: 'Winch' }, 10),
      flown({ user: 'sam', flyWith: 'Alone', cancelledAt: TEN }, 20),
      flightRecord({ user: 'sam', flyWith: 'Alone', launchedAt: TEN, landedAt: null }),
      flown({ user: 'mo', flyWith: 'Alone' }, 60),
    ];
    expect(logbookTotals(flights, 'sam')).toEqual({
      flights: 3,
      minutes: 85,
      byRole: {
        P1: { flights: 2, minutes: 55 },
        P2: { flights: 1, minutes: 30 },
        Instructor: { flights: 0, minutes: 0 },
      },
      launches: [
        { launchType: '2000 ft', count: 2 },
        { launchType: 'Winch', count: 1 },
      ],
    });
  });
});

describe('logbook CSV', () => {
  it(
    'one row per flown flight: club date, glider type and ' +
      'registration, P1 and P2 by name, launch, takeoff, landing, h:mm',
    () => {
      const dual = flown(
        {
          user: 'sam',
          first: 'Sam',
          last: 'Student',
          flyWith: 'Instructor',
          passengerID: 'ida',
          pilotInCharge: false,
          glider: 'C-GDSA',
          launchType: '2000 ft',
        },
        75,
      );
      const solo = flown(
        { user: 'sam', first: 'Sam', last: 'Student', flyWith: 'Alone', glider: 'C-FDSC', launchType: 'Winch' },
        12,
      );
      expect(logbookRows([dual, solo], 'sam', names, new Map([['C-GDSA', 'ASK 21']]), ZONE)).toEqual([
        ['2026-07-11', 'ASK 21', 'C-GDSA', 'Ida Instructor', 'Sam Student', '2000 ft', '10:00', '11:15', '1:15'],
        ['2026-07-11', '', 'C-FDSC', 'Sam Student', '', 'Winch', '10:00', '10:12', '0:12'],
      ]);
    },
  );

  it(
    'defuses every text cell: a registration, glider type or launch label ' +
      'written as a formula is written as text (issue 25 item 7)',
    () => {
      const FORMULA = "=cmd|'/C calc'!A0";
      const rigged = flown({ glider: FORMULA, launchType: `-${FORMULA}` }, 12);
      const csv = toCsv(
        LOGBOOK_COLUMNS,
        logbookRows([rigged], 'sam', names, new Map([[FORMULA, `@${FORMULA}`]]), ZONE),
      );
      expect(csv.split('\r\n')[1]).toBe(
        `"2026-07-11","'@=cmd|'/C calc'!A0","'=cmd|'/C calc'!A0","Sam ` +
          `Student","","'-=cmd|'/C calc'!A0","10:00","10:12","0:12"`,
      );
    },
  );
});

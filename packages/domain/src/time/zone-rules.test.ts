import { describe, expect, it } from 'vitest';
import { clubClockTime, clubDayBounds, clubDayOf, clubToday } from './club-time.ts';
import { SHIPPED_TZDATA } from './shipped-tzdata.ts';
import {
  instantOfWallClock,
  offsetPeriods,
  registerZoneRules,
  rulesBefore,
  rulesOffset,
  zoneRules,
} from './zone-rules.ts';

/**
 * The one clock (issue 24 item 2). These tests run with the shipped tz
 * database loaded (vitest setupFiles), as every server process does. Node
 * 24.22's own ICU data is 2026e: it puts Havana at 15:00 below.
 */
const at = (iso: string) => Date.parse(iso);
const NOW = at('2026-11-28T20:00:00Z');
const HOUR = 3_600_000;

describe('the shipped tz database', () => {
  it('is 2026f or newer', () => {
    expect(SHIPPED_TZDATA >= '2026f').toBe(true);
  });

  it.each([
    ['America/Vancouver', '13:00'],
    ['America/Edmonton', '14:00'],
    ['America/Winnipeg', '15:00'],
    ['America/Inuvik', '14:00'],
    ['America/Havana', '16:00'],
  ])('at 2026-11-28T20:00Z the clock in %s reads %s', (zone, clock) => {
    expect(clubClockTime(NOW, zone)).toBe(clock);
    expect(clubToday(zone, NOW)).toBe('2026-11-28');
  });

  it.each([
    ['America/Vancouver', '2026-11-28T07:00:00Z'],
    ['America/Edmonton', '2026-11-28T06:00:00Z'],
    ['America/Winnipeg', '2026-11-28T05:00:00Z'],
    ['America/Inuvik', '2026-11-28T06:00:00Z'],
    ['America/Havana', '2026-11-28T04:00:00Z'],
  ])('the club day 2026-11-28 in %s starts at %s, 24 hours long; a minute before is still the 27th', (zone, start) => {
    expect(clubDayBounds('2026-11-28', zone)).toEqual({ startMs: at(start), endMs: at(start) + 24 * HOUR });
    expect(clubDayOf(at(start) - 60_000, zone)).toBe('2026-11-27');
    expect(clubDayOf(at(start), zone)).toBe('2026-11-28');
  });
});

describe('daylight saving changes', () => {
  it.each([
    // zone, day, its start (UTC), its length in hours
    ['Europe/Paris', '2026-03-29', '2026-03-28T23:00:00Z', 23],
    ['Europe/Paris', '2026-10-25', '2026-10-24T22:00:00Z', 25],
    ['America/Toronto', '2026-03-08', '2026-03-08T05:00:00Z', 23],
    ['America/Toronto', '2026-11-01', '2026-11-01T04:00:00Z', 25],
    ['Australia/Sydney', '2026-04-05', '2026-04-04T13:00:00Z', 25],
    ['Australia/Sydney', '2026-10-04', '2026-10-03T14:00:00Z', 23],
  ])('%s on %s starts at %s and lasts %d hours', (zone, day, start, hours) => {
    const { startMs, endMs } = clubDayBounds(day, zone);
    expect(new Date(startMs).toISOString()).toBe(new Date(at(start)).toISOString());
    expect((endMs - startMs) / HOUR).toBe(hours);
  });

  it('Paris 02:30 on 29 March never happened: it reads as 03:30 (the clock moves on by the gap)', () => {
    expect(instantOfWallClock('Europe/Paris', Date.UTC(2026, 2, 29, 2, 30))).toBe(at('2026-03-29T01:30:00Z'));
    expect(clubClockTime(at('2026-03-29T01:30:00Z'), 'Europe/Paris')).toBe('03:30');
  });

  it('Toronto 01:30 on 1 November happens twice: the earlier instant (EDT) is taken', () => {
    expect(instantOfWallClock('America/Toronto', Date.UTC(2026, 10, 1, 1, 30))).toBe(at('2026-11-01T05:30:00Z'));
    expect(clubClockTime(at('2026-11-01T06:30:00Z'), 'America/Toronto')).toBe('01:30');
  });

  it('Sydney: 03:00 on 5 April is struck twice, 10:00 UTC the day before is 21:00 AEDT', () => {
    expect(clubClockTime(at('2026-04-04T10:00:00Z'), 'Australia/Sydney')).toBe('21:00');
    expect(instantOfWallClock('Australia/Sydney', Date.UTC(2026, 3, 5, 2, 30))).toBe(at('2026-04-04T15:30:00Z'));
  });
});

describe('offset periods for SQL', () => {
  it("name each offset in force over a range, from the range's start", () => {
    expect(offsetPeriods('America/Toronto', at('2026-10-01T00:00:00Z'), at('2027-01-01T00:00:00Z'))).toEqual([
      { fromMs: at('2026-10-01T00:00:00Z'), offset: -240 },
      { fromMs: at('2026-11-01T06:00:00Z'), offset: -300 },
    ]);
    expect(offsetPeriods('America/Vancouver', at('2026-12-01T00:00:00Z'), at('2027-12-01T00:00:00Z'))).toEqual([
      { fromMs: at('2026-12-01T00:00:00Z'), offset: -420 },
    ]);
  });
});

describe("the phone's copy of its club zone", () => {
  it('is the rules until 2100, giving the same offsets as the whole', () => {
    const whole = zoneRules('America/Toronto')!;
    const phone = rulesBefore(whole, Date.UTC(2100, 0, 1));
    expect(phone.changes.length).toBeLessThan(whole.changes.length);
    expect(JSON.stringify(phone).length).toBeLessThan(4000);
    for (let ms = at('1990-01-01T00:00:00Z'); ms < at('2099-12-01T00:00:00Z'); ms += 97 * 86_400_000) {
      expect(rulesOffset(phone, ms)).toBe(rulesOffset(whole, ms));
    }
  });

  it("rules a session gives are the ones a zone's times are read with", () => {
    registerZoneRules({
      zone: 'Test/Half_Hour',
      tzdata: 'test',
      changes: [Math.floor(at('2026-06-01T00:00:00Z') / 60_000)],
      offsets: [330, 345],
    });
    expect(clubClockTime(at('2026-05-31T12:00:00Z'), 'Test/Half_Hour')).toBe('17:30');
    expect(clubClockTime(at('2026-06-01T12:00:00Z'), 'Test/Half_Hour')).toBe('17:45');
  });
});

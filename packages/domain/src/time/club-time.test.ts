import { describe, expect, it } from 'vitest';
import { clubDayBounds, clubDayOf, clubDayRange, clubToday, isMembershipActive, isValidTimeZone } from './club-time.ts';

const TORONTO = 'America/Toronto';
const at = (iso: string) => Date.parse(iso);

describe('club days are computed in the club time zone', () => {
  it("today is the club's date, not the server's: 03:00 UTC is still yesterday in Toronto", () => {
    expect(clubToday(TORONTO, at('2026-07-02T03:00:00Z'))).toBe('2026-07-01');
    expect(clubToday(TORONTO, at('2026-07-02T04:00:00Z'))).toBe('2026-07-02');
  });

  it('a normal day is 24 hours long', () => {
    const { startMs, endMs } = clubDayBounds('2026-07-01', TORONTO);
    expect(startMs).toBe(at('2026-07-01T04:00:00Z'));
    expect(endMs - startMs).toBe(24 * 3600_000);
  });

  it('the day daylight saving starts is 23 hours long', () => {
    const { startMs, endMs } = clubDayBounds('2026-03-08', TORONTO);
    expect(startMs).toBe(at('2026-03-08T05:00:00Z'));
    expect(endMs - startMs).toBe(23 * 3600_000);
  });

  it('the day daylight saving ends is 25 hours long', () => {
    const { startMs, endMs } = clubDayBounds('2026-11-01', TORONTO);
    expect(endMs - startMs).toBe(25 * 3600_000);
  });

  it('a range runs from the start of the first day to the end of the last', () => {
    expect(clubDayRange('2026-07-01', '2026-07-03', TORONTO)).toEqual({
      startMs: at('2026-07-01T04:00:00Z'),
      endMs: at('2026-07-04T04:00:00Z'),
    });
  });

  it('clubDayOf names the club day of an instant', () => {
    expect(clubDayOf(at('2026-11-01T04:30:00Z'), TORONTO)).toBe('2026-11-01');
    expect(clubDayOf(at('2026-11-01T03:30:00Z'), TORONTO)).toBe('2026-10-31');
  });

  it('refuses a date that is not one', () => {
    expect(() => clubDayBounds('2026-02-30', TORONTO)).toThrow(RangeError);
  });

  it('knows real IANA zones from invented ones', () => {
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('membership is active until the end of the expiry day in the club zone', () => {
  const member = { isActive: true, activeExpiration: '2026-03-08' };
  it('is active one millisecond before the end of that day (a 23-hour DST day)', () => {
    expect(isMembershipActive(member, TORONTO, at('2026-03-09T03:59:59.999Z'))).toBe(true);
  });
  it('is inactive from the first instant of the next day', () => {
    expect(isMembershipActive(member, TORONTO, at('2026-03-09T04:00:00Z'))).toBe(false);
  });
  it('never expires without an expiry date', () => {
    expect(isMembershipActive({ isActive: true, activeExpiration: null }, TORONTO, at('2099-01-01T00:00:00Z'))).toBe(
      true,
    );
  });
  it('is inactive when the flag is off, whatever the date', () => {
    expect(isMembershipActive({ isActive: false, activeExpiration: null }, TORONTO, at('2026-01-01T00:00:00Z'))).toBe(
      false,
    );
  });
});

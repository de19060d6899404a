import { describe, expect, it } from 'vitest';
import { billedMinutes, durationHours, durationText, flightDurationText, flownAndBilledText, flownMinutes } from './flight-duration.ts';

const S = 1_000;
const LAUNCH = Date.UTC(2026, 6, 11, 14, 5);

describe("a flight's duration: flown rounds down, billed rounds up (issue 15 item 6)", () => {
  it.each([
    ['59 s', 59 * S, 0, '0:00', 1],
    ['60 s', 60 * S, 1, '0:01', 1],
    ['61 s', 61 * S, 1, '0:01', 2],
    ['1 h exactly', 3_600 * S, 60, '1:00', 60],
    ['1 h 1 min 40 s', 3_700 * S, 61, '1:01', 62],
  ])('%s: flown %i min (%s), billed %i min', (_name, spanMs, flown, text, billed) => {
    expect(flownMinutes(LAUNCH, LAUNCH + spanMs)).toBe(flown);
    expect(flightDurationText(LAUNCH, LAUNCH + spanMs)).toBe(text);
    expect(billedMinutes(LAUNCH, LAUNCH + spanMs)).toBe(billed);
  });

  it("where money is shown, both: '1:01 flown, 62 min billed'", () => {
    expect(flownAndBilledText(LAUNCH, LAUNCH + 3_700 * S)).toBe('1:01 flown, 62 min billed');
    expect(flownAndBilledText(LAUNCH, LAUNCH + 3_600 * S)).toBe('1:00 flown, 60 min billed');
    expect(flownAndBilledText(LAUNCH, LAUNCH + 59 * S)).toBe('0:00 flown, 1 min billed');
  });

  it('a landing before the launch (a phone clock behind) reads 0:00 flown; billing refuses it', () => {
    expect(flightDurationText(LAUNCH, LAUNCH - 90 * S)).toBe('0:00');
    expect(() => billedMinutes(LAUNCH, LAUNCH - 90 * S)).toThrow('cannot land before it launches');
  });

  it("formats minutes as h:mm", () => {
    expect(durationText(0)).toBe('0:00');
    expect(durationText(5)).toBe('0:05');
    expect(durationText(90)).toBe('1:30');
    expect(durationText(1500)).toBe('25:00');
  });

  it("gives the export's hours from the flown minutes, to 2 decimals; 0 when a time is missing", () => {
    expect(durationHours(LAUNCH, LAUNCH + 3_700 * S)).toBe(1.02); // 61 min
    expect(durationHours(LAUNCH, LAUNCH + 100 * 60 * S + 59 * S)).toBe(1.67); // 100 min
    expect(durationHours(LAUNCH, LAUNCH + 59 * S)).toBe(0);
    expect(durationHours(null, LAUNCH)).toBe(0);
    expect(durationHours(LAUNCH, null)).toBe(0);
  });
});

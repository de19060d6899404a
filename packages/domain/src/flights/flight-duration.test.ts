import { describe, expect, it } from 'vitest';
import {
  BILLED_ROUNDING,
  billedMinutes,
  durationHours,
  durationText,
  flightDurationText,
  flightSeconds,
  flownAndBilledRuleText,
  flownAndBilledText,
  flownMinutes,
} from './flight-duration.ts';

const S = 1_000;
const LAUNCH = Date.UTC(2026, 6, 11, 14, 5);

describe(
  "one duration (issue 25 item 11): shown to the nearest minute from the flight's " +
    "seconds, the CSV's hours from the same minutes, billed rounded up",
  () => {
    it.each([
      // name, span, shown minutes, h:mm, CSV hours, billed minutes
      ['5 min 51 s', 351 * S, 6, '0:06', 0.1, 6],
      ['29 s', 29 * S, 0, '0:00', 0, 1],
      ['30 s', 30 * S, 1, '0:01', 0.02, 1],
      ['59 s', 59 * S, 1, '0:01', 0.02, 1],
      ['60 s', 60 * S, 1, '0:01', 0.02, 1],
      ['61 s', 61 * S, 1, '0:01', 0.02, 2],
      ['5 min 29.9 s', 329_900, 5, '0:05', 0.08, 6],
      ['59 min 30 s', 3_570 * S, 60, '1:00', 1, 60],
      ['1 h exactly', 3_600 * S, 60, '1:00', 1, 60],
      ['1 h 1 min 40 s', 3_700 * S, 62, '1:02', 1.03, 62],
    ])('%s: shown %i min (%s), %f h in the CSV, billed %i min', (_name, spanMs, shown, text, hours, billed) => {
      expect(flownMinutes(LAUNCH, LAUNCH + spanMs)).toBe(shown);
      expect(flightDurationText(LAUNCH, LAUNCH + spanMs)).toBe(text);
      expect(durationHours(LAUNCH, LAUNCH + spanMs)).toBe(hours);
      expect(billedMinutes(LAUNCH, LAUNCH + spanMs)).toBe(billed);
    });

    it(
      "the CSV's hours always convert back to the h:mm the screens show " +
        '(every span of the first 10 hours, second by second)',
      () => {
        for (let seconds = 0; seconds <= 36_000; seconds += 1) {
          const minutes = flownMinutes(LAUNCH, LAUNCH + seconds * S);
          expect(Math.round(durationHours(LAUNCH, LAUNCH + seconds * S) * 60)).toBe(minutes);
        }
      },
    );

    it(
      "the ledger entry says flown and billed: '0:06 flown, 6 min billed'; a " +
        'charge explained on screen says the rounding beside what is billed',
      () => {
        expect(flownAndBilledText(LAUNCH, LAUNCH + 351 * S)).toBe('0:06 flown, 6 min billed');
        expect(flownAndBilledRuleText(LAUNCH, LAUNCH + 351 * S)).toBe(
          '0:06 flown, 6 min billed (whole minutes, rounded up)',
        );
        expect(flownAndBilledRuleText(LAUNCH, LAUNCH + 3_600 * S)).toBe(
          '1:00 flown, 60 min billed (whole minutes, rounded up)',
        );
        expect(flownAndBilledRuleText(LAUNCH, LAUNCH + 3_600 * S + 1)).toBe(
          '1:00 flown, 61 min billed (whole minutes, rounded up)',
        );
        expect(BILLED_ROUNDING).toBe('whole minutes, rounded up');
      },
    );

    it(
      'counts whole seconds: a landing before the launch (a phone ' + 'clock behind) reads 0:00; billing refuses it',
      () => {
        expect(flightSeconds(LAUNCH, LAUNCH + 351_999)).toBe(351);
        expect(flightSeconds(LAUNCH, LAUNCH - 90 * S)).toBe(0);
        expect(flightDurationText(LAUNCH, LAUNCH - 90 * S)).toBe('0:00');
        expect(() => billedMinutes(LAUNCH, LAUNCH - 90 * S)).toThrow('cannot land before it launches');
      },
    );

    it('formats minutes as h:mm', () => {
      expect(durationText(0)).toBe('0:00');
      expect(durationText(5)).toBe('0:05');
      expect(durationText(90)).toBe('1:30');
      expect(durationText(1500)).toBe('25:00');
    });

    it("gives the export's hours to 2 decimals; 0 when a time is missing", () => {
      expect(durationHours(LAUNCH, LAUNCH + 100 * 60 * S + 29 * S)).toBe(1.67); // 100 min
      expect(durationHours(null, LAUNCH)).toBe(0);
      expect(durationHours(LAUNCH, null)).toBe(0);
    });
  },
);

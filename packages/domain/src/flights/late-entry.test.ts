import { describe, expect, it } from 'vitest';
import { enteredLateText, isEnteredLate, lateEntryLine } from './late-entry.ts';

const MINUTE = 60_000;
/** 10:02 on 2025-07-12 in Toronto (EDT, UTC−4). */
const TEN_OH_TWO = Date.parse('2025-07-12T14:02:00Z');

describe('a tap entered late', () => {
  it('is late only beyond the allowance: 30 min exactly is in time, 30 min and 1 ms is late', () => {
    expect(isEnteredLate(TEN_OH_TWO, TEN_OH_TWO + 20 * MINUTE, 30)).toBe(false);
    expect(isEnteredLate(TEN_OH_TWO, TEN_OH_TWO + 30 * MINUTE, 30)).toBe(false);
    expect(isEnteredLate(TEN_OH_TWO, TEN_OH_TWO + 30 * MINUTE + 1, 30)).toBe(true);
    expect(isEnteredLate(TEN_OH_TWO, TEN_OH_TWO + 2 * 60 * MINUTE, 30)).toBe(true);
    expect(isEnteredLate(TEN_OH_TWO, TEN_OH_TWO + 20 * MINUTE, 15)).toBe(true);
  });

  it('reads in the club’s clock, with who sent it and when it came', () => {
    expect(enteredLateText('Irene Instructor', TEN_OH_TWO + 123 * MINUTE, 'America/Toronto')).toBe(
      'entered late by Irene Instructor, received 12:05',
    );
    expect(
      lateEntryLine(
        { action: 'Launch', byName: 'Irene Instructor', happenedAt: TEN_OH_TWO, receivedAt: TEN_OH_TWO + 123 * MINUTE },
        'America/Toronto',
      ),
    ).toBe('Launch at 10:02 — entered late by Irene Instructor, received 12:05');
    expect(
      lateEntryLine(
        { action: 'Create', byName: '', happenedAt: TEN_OH_TWO, receivedAt: TEN_OH_TWO + 40 * MINUTE },
        'America/Vancouver',
      ),
    ).toBe('Request at 07:02 — entered late by someone no longer in the club, received 07:42');
  });
});

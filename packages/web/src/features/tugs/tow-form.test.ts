import { describe, expect, it } from 'vitest';
import type { TugStatus } from '@flightline/domain/api/types';
import {
  checkOutLabel,
  defaultTug,
  FUEL_FORMAT,
  FUEL_MISSING,
  HOBBS_FORMAT,
  hobbsJumpWarning,
  hobbsPrefill,
  lastNote,
  PILOT_MISSING,
  towData,
  type TowDraft,
} from './tow-form.ts';

const TUG: TugStatus = {
  id: 'C-GTUG',
  aircraftType: 'Piper Pawnee',
  status: 'Ready',
  lastHobbs: 1235.29,
  lastOilHobbs: 1200,
  lastFuelHobbs: 1235.29,
  lastPilotHobbs: 1234.5,
  currentPilot: 'user-zoe',
  pilotName: 'Zoe Towner',
};
const FRESH: TugStatus = {
  ...TUG,
  id: 'C-FNEW',
  lastHobbs: null,
  lastOilHobbs: null,
  lastFuelHobbs: null,
  lastPilotHobbs: null,
  currentPilot: '',
  pilotName: '',
};
const CONTEXT = { time: 1_752_159_600_000, by: 'user-crew' };
const draft = (values: Partial<TowDraft>): TowDraft => ({ hobbs: '', fuel: '', pilot: '', ...values });

describe('the tug page form', () => {
  it.each([
    [
      'checkIn',
      { hobbs: '1236.5', pilot: 'user-adam' },
      { hobbs: 1236.5, oil: false, fuel: 0, pilot: 'user-adam', pilotLogOut: false },
    ],
    [
      'checkOut',
      { hobbs: '1235.29', pilot: 'user-adam' },
      { hobbs: 1235.29, oil: false, fuel: 0, pilot: '', pilotLogOut: true },
    ],
    [
      'refuel',
      { hobbs: '1240.07', fuel: '40.29' },
      { hobbs: 1240.07, oil: false, fuel: 40.29, pilot: '', pilotLogOut: false },
    ],
    ['oil', { hobbs: '1241', fuel: '9' }, { hobbs: 1241, oil: true, fuel: 0, pilot: '', pilotLogOut: false }],
  ] as const)('builds the %s payload with every field of the spec, decimals exact', (mode, values, data) => {
    expect(towData(mode, draft(values), TUG, CONTEXT)).toEqual({
      ok: true,
      data: { ...CONTEXT, tug: 'C-GTUG', ...data },
    });
  });

  it("refuses a Hobbs below the last reading with the server's message, and accepts an equal one", () => {
    expect(towData('oil', draft({ hobbs: '1235.28' }), TUG, CONTEXT)).toEqual({
      ok: false,
      errors: { hobbs: 'Hobbs 1235.28 is below the last reading of C-GTUG (1235.29 h)' },
    });
    expect(towData('oil', draft({ hobbs: '1235.29' }), TUG, CONTEXT).ok).toBe(true);
    // A tug never logged takes any reading.
    expect(towData('oil', draft({ hobbs: '0' }), FRESH, CONTEXT).ok).toBe(true);
  });

  it('accepts decimals up to 2 places only', () => {
    for (const hobbs of ['', 'abc', '1236.123', '-5', '1,5']) {
      expect(towData('oil', draft({ hobbs }), TUG, CONTEXT), hobbs).toEqual({
        ok: false,
        errors: { hobbs: HOBBS_FORMAT },
      });
    }
    expect(towData('refuel', draft({ hobbs: '1240', fuel: '10.555' }), TUG, CONTEXT)).toEqual({
      ok: false,
      errors: { fuel: FUEL_FORMAT },
    });
    expect(towData('refuel', draft({ hobbs: '1240', fuel: '' }), TUG, CONTEXT)).toEqual({
      ok: false,
      errors: { fuel: FUEL_MISSING },
    });
    expect(towData('refuel', draft({ hobbs: '1240', fuel: '0.00' }), TUG, CONTEXT)).toEqual({
      ok: false,
      errors: { fuel: FUEL_MISSING },
    });
  });

  it('needs a tow pilot to check in (not the one already in), and a pilot to check out', () => {
    expect(towData('checkIn', draft({ hobbs: '1240' }), TUG, CONTEXT)).toEqual({
      ok: false,
      errors: { pilot: PILOT_MISSING },
    });
    expect(towData('checkIn', draft({ hobbs: '1240', pilot: 'user-zoe' }), TUG, CONTEXT)).toEqual({
      ok: false,
      errors: { pilot: 'Zoe Towner is already checked in on C-GTUG' },
    });
    expect(towData('checkOut', draft({ hobbs: '10' }), FRESH, CONTEXT)).toEqual({
      ok: false,
      errors: { form: 'No pilot is checked in on C-FNEW' },
    });
  });

  it('labels, notes, the prefilled Hobbs and the tug chosen on opening', () => {
    expect(checkOutLabel(TUG)).toBe('Check out Zoe Towner');
    expect(checkOutLabel(FRESH)).toBe('Check out');
    expect(lastNote('checkIn', TUG)).toBe('Last pilot change was at 1234.50 hours');
    expect(lastNote('refuel', TUG)).toBe('Last refuel was at 1235.29 hours');
    expect(lastNote('oil', TUG)).toBe('Last oil change was at 1200.00 hours');
    expect(lastNote('oil', FRESH)).toBe('No oil change recorded yet');
    expect(lastNote('refuel', FRESH)).toBe('No refuel recorded yet');
    expect(hobbsPrefill(TUG)).toBe('1235.29');
    expect(hobbsPrefill(FRESH)).toBe('');
    expect(hobbsPrefill(undefined)).toBe('');
    expect(defaultTug([TUG])).toBe('C-GTUG');
    expect(
      defaultTug([
        { id: 'A', status: 'Not ready' },
        { id: 'B', status: 'Ready' },
      ]),
    ).toBe('B');
    expect(
      defaultTug([
        { id: 'A', status: 'Ready' },
        { id: 'B', status: 'Ready' },
      ]),
    ).toBe('');
    expect(defaultTug([])).toBe('');
  });

  it('asks before sending a reading more than 24 hours above the last one', () => {
    expect(hobbsJumpWarning(TUG, '1259.29')).toBeNull();
    expect(hobbsJumpWarning(TUG, '1259.30')).toBe(
      'Hobbs 1259.30 is 24.01 hours above the last reading of C-GTUG ' +
        '(1235.29 h). A reading cannot be lowered later. Is it right?',
    );
    expect(hobbsJumpWarning(TUG, '12352.9')).toBe(
      'Hobbs 12352.90 is 11117.61 hours above the last reading of C-GTUG ' +
        '(1235.29 h). A reading cannot be lowered later. Is it right?',
    );
    expect(hobbsJumpWarning(FRESH, '5000')).toBeNull();
    expect(hobbsJumpWarning(TUG, 'abc')).toBeNull();
  });
});

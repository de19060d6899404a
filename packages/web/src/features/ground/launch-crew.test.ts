import { describe, expect, it } from 'vitest';
import type { TugStatus } from '@flightline/domain/api/types';
import {
  chosenTug,
  launchButtonText,
  launchesWithoutTowPilot,
  readyTugs,
  towPilotChoices,
  type LinePilot,
} from './launch-crew.ts';

function tug(id: string, fields: Partial<TugStatus> = {}): TugStatus {
  return {
    id,
    aircraftType: 'Piper Pawnee',
    status: 'Ready',
    lastHobbs: null,
    lastOilHobbs: null,
    lastFuelHobbs: null,
    lastPilotHobbs: null,
    currentPilot: '',
    pilotName: '',
    ...fields,
  };
}

const pilots: LinePilot[] = [
  { userID: 'u-tom', first: 'Tom', last: 'Towpilot', isTowPilot: true },
  { userID: 'u-mary', first: 'Mary', last: 'Member', isTowPilot: false },
  { userID: 'u-ann', first: 'Ann', last: 'Archer', isTowPilot: true },
];

describe('readyTugs', () => {
  it('keeps Ready tugs by registration', () => {
    expect(readyTugs([tug('C-FTWO'), tug('C-FOFF', { status: 'Not ready' }), tug('C-FONE')]).map((t) => t.id)).toEqual([
      'C-FONE',
      'C-FTWO',
    ]);
  });
});

describe('towPilotChoices', () => {
  it('lists the tow pilots by name', () => {
    expect(towPilotChoices(pilots, null)).toEqual([
      { userID: 'u-ann', name: 'Ann Archer' },
      { userID: 'u-tom', name: 'Tom Towpilot' },
    ]);
  });

  it("adds the tug's checked-in pilot when the list lacks them", () => {
    const choices = towPilotChoices(pilots, tug('C-FTOW', { currentPilot: 'u-zed', pilotName: 'Zed Zulu' }));
    expect(choices.map((c) => c.name)).toEqual(['Ann Archer', 'Tom Towpilot', 'Zed Zulu']);
    expect(towPilotChoices(pilots, tug('C-FTOW', { currentPilot: 'u-tom', pilotName: 'Tom Towpilot' }))).toHaveLength(
      2,
    );
  });
});

describe('chosenTug', () => {
  it('keeps the chosen tug while it is Ready', () => {
    const ready = [tug('A'), tug('B')];
    expect(chosenTug(ready, 'B')?.id).toBe('B');
    expect(chosenTug(ready, 'gone')).toBeNull();
    expect(chosenTug(ready, null)).toBeNull();
  });

  it('picks the only Ready tug', () => {
    expect(chosenTug([tug('A')], null)?.id).toBe('A');
    expect(chosenTug([], null)).toBeNull();
  });
});

describe('launchButtonText', () => {
  it('says what is missing, in order', () => {
    expect(launchButtonText({ glider: null, tugsReady: 1, tug: null, minutesOk: false })).toEqual({
      text: 'Choose the next flight',
      disabled: true,
    });
    expect(launchButtonText({ glider: 'C-GDSA', tugsReady: 1, tug: null, minutesOk: false })).toEqual({
      text: 'Choose the tug',
      disabled: true,
    });
    expect(launchButtonText({ glider: 'C-GDSA', tugsReady: 1, tug: 'C-FTOW', minutesOk: false })).toEqual({
      text: 'Set the minutes ago',
      disabled: true,
    });
  });

  it('launches the glider when ready, with or without a tug (a club with no Ready tug launches otherwise)', () => {
    expect(launchButtonText({ glider: 'C-GDSA', tugsReady: 1, tug: 'C-FTOW', minutesOk: true })).toEqual({
      text: 'Launch C-GDSA',
      disabled: false,
    });
    expect(launchButtonText({ glider: 'C-GDSA', tugsReady: 0, tug: null, minutesOk: true })).toEqual({
      text: 'Launch C-GDSA',
      disabled: false,
    });
  });
});

describe('launchesWithoutTowPilot: Launch asks "No tow pilot — launch anyway?"', () => {
  it('when the chosen tug has no pilot checked in and none is chosen', () => {
    expect(launchesWithoutTowPilot(tug('C-FTOW'), '')).toBe(true);
  });
  it('not when a tow pilot is chosen, or one is checked in on the tug', () => {
    expect(launchesWithoutTowPilot(tug('C-FTOW'), 'u-tom')).toBe(false);
    expect(launchesWithoutTowPilot(tug('C-FTOW', { currentPilot: 'u-ann', pilotName: 'Ann Archer' }), '')).toBe(false);
  });
  it('not without a tug (no tow)', () => {
    expect(launchesWithoutTowPilot(null, '')).toBe(false);
  });
});

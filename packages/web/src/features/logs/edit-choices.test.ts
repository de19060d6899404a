import { describe, expect, it } from 'vitest';
import type { IntroItem, LogsData } from '@flightline/domain/api/types';
import { editChoices, introAvailable, withFlyWith } from './edit-choices.ts';
import { draftOf } from './flight-draft.ts';
import { logFlight, PILOTS, ZONE } from './log.fixtures.ts';

function intro(id: string, fields: Partial<IntroItem> = {}): IntroItem {
  return {
    id,
    SN: id.toUpperCase(),
    recipientFirst: 'Ivy',
    recipientLast: id,
    recipientEmail: '',
    buyerFirst: '',
    buyerLast: '',
    buyerEmail: '',
    launchType: '2000 ft',
    priceCents: 15000,
    payment: 'Cash',
    paymentRef: '',
    date: '2026-06-01',
    note: '',
    staleDate: '2027-06-01',
    flightRef: '',
    taxStatus: 'inclusive',
    taxRates: [],
    refunded: false,
    cancelled: false,
    ...fields,
  };
}

const glider = (id: string) => ({
  id,
  places: 2,
  weight: 300,
  rateCentsPerMinute: 50,
  launchSpeed: 55,
  status: 'Ready' as const,
  blocks: [],
  taxStatus: 'exempt' as const,
  taxRates: [],
  aircraftType: '',
  maintenanceDate: null,
});
const launch = (id: string, isActive = true) => ({
  id,
  kind: 'fixed' as const,
  priceCents: 4000,
  height: 2000,
  heightRanges: [],
  taxStatus: 'exempt' as const,
  taxRates: [],
  isActive,
});

const data: LogsData = {
  startDate: '2026-06-30',
  endDate: '2026-06-30',
  flights: [],
  pilots: [
    ...PILOTS,
    { userID: 'ian', first: 'Ian', last: 'Instructor', groundOnly: false, isInstructor: true, isTowPilot: true },
    {
      userID: 'lee',
      first: 'Lee',
      last: 'Left',
      groundOnly: false,
      isInstructor: true,
      isTowPilot: true,
      isActive: false,
    },
  ],
  gliders: [glider('C-GDSB'), glider('C-GDSA')],
  launches: [launch('2000 ft'), launch('Winch', false)],
  tugs: [{ id: 'C-FTOW', aircraftType: 'Pawnee', places: 1, status: 'Ready' }],
  intros: [
    intro('free'),
    intro('mine', { flightRef: 'f1' }),
    intro('taken', { flightRef: 'other' }),
    intro('refunded', { refunded: true }),
    intro('cancelled', { cancelled: true }),
  ],
  canEdit: true,
  lockDate: null,
};

describe('edit choices', () => {
  it('offers the club items, active pilots without the ground-only ones, tow pilots by name', () => {
    const choices = editChoices(data, draftOf(logFlight('f1'), ZONE), 'f1');
    expect(choices.gliders.map((c) => c.value)).toEqual(['C-GDSA', 'C-GDSB']);
    expect(choices.pilots.map((c) => c.label)).toEqual([
      'Ian Instructor',
      'Irene Instructor',
      'Mary Member',
      'Tom Towpilot',
    ]);
    expect(choices.launches).toEqual([{ value: '2000 ft', label: '2000 ft' }]);
    expect(choices.towPilots.map((c) => c.label)).toEqual(['Ian Instructor', 'Tom Towpilot']);
    expect(choices.tugs).toEqual([{ value: 'C-FTOW', label: 'C-FTOW' }]);
  });

  it('keeps a stored value no longer offered, disabled', () => {
    const flight = logFlight('f1', {
      user: 'gary',
      glider: 'C-GOLD',
      launchType: 'Winch',
      towPilot: 'mary',
      flyWith: 'Instructor',
      passengerID: 'lee',
    });
    const choices = editChoices(data, draftOf(flight, ZONE), 'f1');
    expect(choices.secondPersons.at(-1)).toEqual({ value: 'lee', label: 'Lee Left', disabled: true });
    expect(choices.pilots.at(-1)).toEqual({ value: 'gary', label: 'Gary Ground (ground only)', disabled: true });
    expect(choices.gliders.at(-1)).toEqual({ value: 'C-GOLD', label: 'C-GOLD', disabled: true });
    expect(choices.launches.at(-1)).toEqual({ value: 'Winch', label: 'Winch', disabled: true });
    expect(choices.towPilots.at(-1)).toEqual({ value: 'mary', label: 'Mary Member', disabled: true });
  });

  it('offers instructors for an Instructor flight and members for a Member flight, never the pilot', () => {
    const base = draftOf(logFlight('f1'), ZONE);
    expect(editChoices(data, { ...base, flyWith: 'Instructor' }, 'f1').secondPersons.map((c) => c.value)).toEqual([
      'ian',
      'irene',
    ]);
    expect(editChoices(data, { ...base, flyWith: 'Member' }, 'f1').secondPersons.map((c) => c.value)).toEqual([
      'ian',
      'irene',
      'tom',
    ]);
  });

  it("offers the intros free for this flight, this flight's own included", () => {
    expect(editChoices(data, draftOf(logFlight('f1'), ZONE), 'f1').intros.map((c) => c.value)).toEqual([
      'free',
      'mine',
    ]);
    expect(introAvailable(intro('x', { flightRef: 'f2' }), 'f2')).toBe(true);
    expect(introAvailable(intro('x', { flightRef: 'f2' }), 'f1')).toBe(false);
  });

  it('keeps a second person who fits the new flight type, else starts empty', () => {
    const member = {
      ...draftOf(logFlight('f1'), ZONE),
      flyWith: 'Member' as const,
      passengerID: 'tom',
      shareCost: true,
      pilotInCharge: false,
    };
    expect(withFlyWith(member, 'Instructor', data)).toMatchObject({
      flyWith: 'Instructor',
      passengerID: '',
      shareCost: false,
      pilotInCharge: false,
    });
    expect(withFlyWith({ ...member, passengerID: 'irene' }, 'Instructor', data)).toMatchObject({
      passengerID: 'irene',
    });
    expect(withFlyWith(member, 'Friend', data)).toMatchObject({
      flyWith: 'Friend',
      passengerID: '',
      shareCost: false,
      pilotInCharge: true,
    });
  });
});

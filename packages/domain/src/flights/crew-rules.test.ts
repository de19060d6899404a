import { describe, expect, it } from 'vitest';
import { blockingReason, fundsStanding, orderPilots, submitButtonText, type CrewFormState } from './crew-rules.ts';

const levels = { warningLevelCents: 5000, minimumLevelCents: 0 };
const ok = { belowMinimum: false, belowWarning: false };
const low = { belowMinimum: false, belowWarning: true };
const below = { belowMinimum: true, belowWarning: true };
const ready: CrewFormState = {
  glider: 'C-GDSA',
  launchType: '2000 ft',
  flyWith: 'Alone',
  passengerName: '',
  intro: null,
  funds: ok,
  sharerFunds: null,
  groundOnly: false,
  pilotOnLineIn: null,
  secondOnLineIn: null,
};
const introFlight: CrewFormState = {
  ...ready,
  flyWith: 'Intro',
  passengerName: 'Ivy Intro',
  launchType: null,
  intro: { mode: 'prepurchased', introType: 'Intro flight' },
};

describe('a balance against the club levels', () => {
  it('is below the minimum under it, not at it; the same for the warning level', () => {
    expect(fundsStanding(-1, levels)).toEqual({ belowMinimum: true, belowWarning: true });
    expect(fundsStanding(0, levels)).toEqual({ belowMinimum: false, belowWarning: true });
    expect(fundsStanding(4999, levels)).toEqual({ belowMinimum: false, belowWarning: true });
    expect(fundsStanding(5000, levels)).toEqual({ belowMinimum: false, belowWarning: false });
  });
});

describe('crew submit button', () => {
  it('reads "Place on flight line" with no problem', () => {
    expect(submitButtonText(ready)).toEqual({ text: 'Place on flight line', disabled: false });
  });
  it.each([
    [{ glider: null }, 'No glider selected'],
    [{ launchType: null }, 'No launch type selected'],
    [{ flyWith: 'Member' as const, passengerName: '' }, 'Second person not identified'],
    [
      { flyWith: 'Intro' as const, passengerName: 'Ivy Intro', intro: { mode: 'new' as const, introType: null } },
      'Intro not fully defined',
    ],
    [{ funds: below }, 'Insufficient funds'],
    [{ flyWith: 'Member' as const, passengerName: 'Mo Member', sharerFunds: below }, 'Insufficient funds'],
    [
      { flyWith: 'Member' as const, passengerName: 'Mo Member', secondOnLineIn: 'C-GDSB' },
      'Second person is already on the flight line in C-GDSB',
    ],
    [{ pilotOnLineIn: 'C-GDSB' }, 'Selected pilot is already on the flight line in C-GDSB'],
    [{ groundOnly: true }, 'Selected pilot is non flying'],
  ])('%o → %s', (change, reason) => {
    expect(blockingReason({ ...ready, ...change })).toBe(reason);
  });
  it('later reasons override earlier ones: no glider and ground-only shows the ground-only reason', () => {
    expect(blockingReason({ ...ready, glider: null, launchType: null, groundOnly: true })).toBe(
      'Selected pilot is non flying',
    );
    expect(blockingReason({ ...ready, glider: null, launchType: null })).toBe('No launch type selected');
    expect(blockingReason({ ...ready, funds: below, pilotOnLineIn: 'C-GDSB' })).toBe(
      'Selected pilot is already on the flight line in C-GDSB',
    );
  });
  it('a new intro without a payment method is not fully defined; a pre-purchased one needs none', () => {
    expect(blockingReason({ ...introFlight, intro: { mode: 'new', introType: 'Intro flight', payment: '' } })).toBe(
      'Intro not fully defined',
    );
    expect(
      blockingReason({ ...introFlight, intro: { mode: 'new', introType: 'Intro flight', payment: 'Cash' } }),
    ).toBeNull();
    expect(blockingReason(introFlight)).toBeNull();
  });
  it('an intro flight ignores the launch type and a pilot below the minimum, but still warns of low funds', () => {
    expect(submitButtonText({ ...introFlight, funds: below })).toEqual({
      text: 'Warning: Low funds - Place on flight line',
      disabled: false,
    });
    expect(submitButtonText({ ...introFlight, funds: low })).toEqual({
      text: 'Warning: Low funds - Place on flight line',
      disabled: false,
    });
    expect(submitButtonText(introFlight)).toEqual({ text: 'Place on flight line', disabled: false });
  });
  it('below the warning level the warning comes first, before the reason or before "Place on flight line"', () => {
    expect(submitButtonText({ ...ready, funds: low })).toEqual({
      text: 'Warning: Low funds - Place on flight line',
      disabled: false,
    });
    expect(submitButtonText({ ...ready, funds: below })).toEqual({
      text: 'Warning: Low funds - Insufficient funds',
      disabled: true,
    });
    expect(submitButtonText({ ...ready, flyWith: 'Member', passengerName: 'Mo Member', sharerFunds: low })).toEqual({
      text: 'Warning: Low funds - Place on flight line',
      disabled: false,
    });
  });
});

describe('pilot selector order', () => {
  it('puts the user first, then the others by full name', () => {
    const pilots = [
      { userID: 'z', first: 'Zoe', last: 'Adams' },
      { userID: 'me', first: 'Yan', last: 'Young' },
      { userID: 'a', first: 'Amy', last: 'Zed' },
    ];
    expect(orderPilots(pilots, 'me').map((p) => p.userID)).toEqual(['me', 'a', 'z']);
  });
});

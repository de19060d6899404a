import { describe, expect, it } from 'vitest';
import { blockingReason, orderPilots, submitButtonText, type CrewFormState } from './crew-rules.ts';

const levels = { warningLevelCents: 5000, minimumLevelCents: 0 };
const ready: CrewFormState = { glider: 'C-GDSA', launchType: '2000 ft', flyWith: 'Alone', passengerName: '', intro: null, balanceCents: 10000, groundOnly: false };

describe('crew submit button (member spec §5)', () => {
  it('reads "Place on flight line" with no problem', () => {
    expect(submitButtonText(ready, levels)).toEqual({ text: 'Place on flight line', disabled: false });
  });
  it.each([
    [{ glider: null }, 'No glider selected'],
    [{ launchType: null }, 'No launch type selected'],
    [{ flyWith: 'Member' as const, passengerName: '' }, 'Second person not identified'],
    [{ flyWith: 'Intro' as const, passengerName: 'Ivy Intro', intro: { mode: 'new' as const, introType: null } }, 'Intro not fully defined'],
    [{ balanceCents: -1 }, 'Insufficient funds'],
    [{ groundOnly: true }, 'Selected pilot is non flying'],
  ])('%o → %s', (change, reason) => {
    expect(blockingReason({ ...ready, ...change }, levels)).toBe(reason);
  });
  it('later reasons override earlier ones: no glider and ground-only shows the ground-only reason', () => {
    expect(blockingReason({ ...ready, glider: null, launchType: null, groundOnly: true }, levels)).toBe('Selected pilot is non flying');
    expect(blockingReason({ ...ready, glider: null, launchType: null }, levels)).toBe('No launch type selected');
  });
  it('a new intro without a payment method is not fully defined; a pre-purchased one needs none', () => {
    const sale = { ...ready, flyWith: 'Intro' as const, passengerName: 'Ivy Intro', launchType: null };
    expect(blockingReason({ ...sale, intro: { mode: 'new', introType: 'Intro flight', payment: '' } }, levels)).toBe('Intro not fully defined');
    expect(blockingReason({ ...sale, intro: { mode: 'new', introType: 'Intro flight', payment: 'Cash' } }, levels)).toBeNull();
    expect(blockingReason({ ...sale, intro: { mode: 'prepurchased', introType: 'Intro flight' } }, levels)).toBeNull();
  });
  it('an intro flight ignores the launch type and the pilot balance', () => {
    expect(blockingReason({ ...ready, flyWith: 'Intro', passengerName: 'Ivy Intro', launchType: null, balanceCents: -99999, intro: { mode: 'prepurchased', introType: 'Intro flight' } }, levels)).toBeNull();
  });
  it('below the warning level the warning comes first, before the reason or before "Place on flight line"', () => {
    expect(submitButtonText({ ...ready, balanceCents: 4999 }, levels)).toEqual({ text: 'Warning: Low funds - Place on flight line', disabled: false });
    expect(submitButtonText({ ...ready, balanceCents: -1 }, levels)).toEqual({ text: 'Warning: Low funds - Insufficient funds', disabled: true });
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

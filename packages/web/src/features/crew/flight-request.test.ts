import { describe, expect, it } from 'vitest';
import {
  initialDraft,
  withFlyWith,
  withGlider,
  withIntro,
  withIntroMode,
  withPilot,
  withSecond,
  type CrewDraft,
} from '@flightline/domain/field/crew-draft';
import { crewData, ME } from './crew.fixtures.ts';
import { buildFlightRequest, changedWeight, checkFlightRequest, numberOrZero } from './flight-request.ts';

const data = crewData();
const ready: CrewDraft = {
  ...withGlider(data, initialDraft(data), 'C-GDSA'),
  launchType: '2000 ft',
  waterWeight: '20',
};

describe('numbers in the request', () => {
  it.each([
    ['72', 72],
    [' 72.6 ', 73],
    ['72,4', 72],
    ['', 0],
    ['abc', 0],
    ['-5', 0],
    ['Infinity', 0],
  ])('%j → %d', (text, value) => {
    expect(numberOrZero(text)).toBe(value);
  });
});

describe('the request payload', () => {
  it('Alone: no passenger, pilot in command, no sharing, numbers as numbers', () => {
    expect(buildFlightRequest(data, { ...ready, passengerWeight: '80', weight: 'heavy' })).toEqual({
      action: 'Create',
      user: ME,
      flyWith: 'Alone',
      glider: 'C-GDSA',
      launchType: '2000 ft',
      pilotInCharge: true,
      shareCost: false,
      passengerID: '',
      passengerFirst: '',
      passengerLast: '',
      weight: 0,
      passengerWeight: 0,
      gliderWeight: 390,
      waterWeight: 20,
      towSpeed: 60,
      introRef: '',
    });
  });
  it('Instructor: the instructor is forced in command and nobody shares', () => {
    const d = {
      ...withSecond(data, withFlyWith(data, ready, 'Instructor'), 'u-irene'),
      pilotInCharge: true,
      shareCost: true,
    };
    expect(buildFlightRequest(data, d)).toMatchObject({
      passengerID: 'u-irene',
      passengerFirst: 'Irene',
      passengerLast: 'Instructor',
      pilotInCharge: false,
      shareCost: false,
      passengerWeight: 65,
    });
  });
  it('Member: the pilot-in-command choice and the sharing are sent', () => {
    const d = {
      ...withSecond(data, withFlyWith(data, ready, 'Member'), 'u-tom'),
      pilotInCharge: false,
      shareCost: true,
    };
    expect(buildFlightRequest(data, d)).toMatchObject({ passengerID: 'u-tom', pilotInCharge: false, shareCost: true });
  });
  it('Friend: the trimmed names, no member id', () => {
    const d = { ...withFlyWith(data, ready, 'Friend'), friendFirst: ' Fred ', friendLast: 'Friend ' };
    expect(buildFlightRequest(data, d)).toMatchObject({
      passengerID: '',
      passengerFirst: 'Fred',
      passengerLast: 'Friend',
      pilotInCharge: true,
      shareCost: false,
    });
  });
  it(
    'a pre-purchased intro: its reference and passenger, no launch type, ' +
      'the rename as updateIntro with the changed names only',
    () => {
      const intro = data.intros[0]!;
      const d = withIntro(withFlyWith(data, ready, 'Intro'), intro.id);
      const plain = buildFlightRequest(data, d);
      expect(plain).toMatchObject({
        flyWith: 'Intro',
        introRef: intro.id,
        launchType: '',
        passengerFirst: 'Ivy',
        passengerLast: 'Intro',
      });
      expect(plain).not.toHaveProperty('updateIntro');
      const renamed = { ...d, intro: { ...d.intro, rename: { first: 'Ivan', last: 'Intro' } } };
      expect(buildFlightRequest(data, renamed)).toMatchObject({
        passengerFirst: 'Ivan',
        updateIntro: { id: intro.id, recipientFirst: 'Ivan' },
      });
      expect(buildFlightRequest(data, renamed).updateIntro).not.toHaveProperty('recipientLast');
    },
  );
  it('a new intro: the sale as newIntro, its recipient as the passenger', () => {
    const sale = withIntroMode(data, withFlyWith(data, ready, 'Intro'), 'new');
    const d = {
      ...sale,
      intro: {
        ...sale.intro,
        sale: { ...sale.intro.sale, first: 'Nora', last: 'New', payment: 'Cash', paymentRef: ' R-7 ', SN: '' },
      },
    };
    expect(buildFlightRequest(data, d)).toMatchObject({
      introRef: '',
      passengerFirst: 'Nora',
      passengerLast: 'New',
      newIntro: {
        introType: 'Intro flight',
        recipientFirst: 'Nora',
        recipientLast: 'New',
        payment: 'Cash',
        paymentRef: 'R-7',
        SN: '',
      },
    });
  });
});

describe('checked with the server’s schema', () => {
  it('passes a complete request', () => {
    const checked = checkFlightRequest(data, ready);
    expect(checked.ok).toBe(true);
  });
  it('names the field that is out of range', () => {
    expect(checkFlightRequest(data, { ...ready, towSpeed: '250' })).toEqual({
      ok: false,
      problem: 'Tow Speed must be at most 200 kn',
    });
    expect(checkFlightRequest(data, { ...ready, weight: '1200' })).toEqual({
      ok: false,
      problem: 'Pilot weight must be at most 1000 kg',
    });
  });
  it('uses the schema’s own words where it has them', () => {
    expect(checkFlightRequest(data, { ...ready, glider: null })).toEqual({ ok: false, problem: 'No glider selected' });
  });
});

describe('pilot weight update', () => {
  it('only for the member’s own weight, and only when it changed', () => {
    expect(changedWeight(data, ready)).toBeNull();
    expect(changedWeight(data, { ...ready, weight: '72' })).toBe(72);
    expect(changedWeight(data, { ...ready, weight: '' })).toBe(0);
    expect(changedWeight(data, { ...withPilot(data, ready, 'u-tom'), weight: '95' })).toBeNull();
  });
});

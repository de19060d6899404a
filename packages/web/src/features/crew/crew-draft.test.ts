import { describe, expect, it } from 'vitest';
import { blockingReason, submitButtonText } from '@flightline/domain/flights/crew-rules';
import {
  crewFormState,
  initialDraft,
  passengerName,
  pilotChoices,
  pilotInCommandLabel,
  reconcileDraft,
  secondPersonChoices,
  summaryLine,
  withFlyWith,
  withGlider,
  withIntro,
  withIntroMode,
  withPilot,
  withSecond,
  type CrewDraft,
} from '@flightline/domain/field/crew-draft';
import { crewData, ME } from './crew.fixtures.ts';

const data = crewData();
const start = initialDraft(data);
const ids = (pilots: { pilotID: string }[]) => pilots.map((p) => p.pilotID);

describe('the form on arrival', () => {
  it('has the member flying alone with their stored weight and nothing else chosen', () => {
    expect(start).toMatchObject({
      pilotID: ME,
      flyWith: 'Alone',
      glider: null,
      launchType: null,
      weight: '70',
      pilotInCharge: true,
      shareCost: false,
    });
    expect(blockingReason(crewFormState(data, start))).toBe('No launch type selected');
  });
  it('lists the member first in the pilot selector, then the others by full name', () => {
    expect(ids(pilotChoices(data))).toEqual([ME, 'u-alex', 'u-gary', 'u-irene', 'u-tom']);
  });
});

describe('second person', () => {
  it('Instructor lists the instructors without the pilot; Member every flying member but the pilot', () => {
    expect(ids(secondPersonChoices(data, ME, 'Instructor'))).toEqual(['u-alex', 'u-irene']);
    expect(ids(secondPersonChoices(data, 'u-irene', 'Instructor'))).toEqual(['u-alex']);
    expect(ids(secondPersonChoices(data, ME, 'Member'))).toEqual(['u-alex', 'u-irene', 'u-tom']);
    expect(secondPersonChoices(data, ME, 'Friend')).toEqual([]);
  });
  it('choosing the second person fills the passenger weight', () => {
    const d = withSecond(data, withFlyWith(data, start, 'Member'), 'u-tom');
    expect([d.secondID, d.passengerWeight]).toEqual(['u-tom', '90']);
    expect(passengerName(data, d)).toBe('Tom Towpilot');
  });
  it('a second person who is not a choice for the new type is cleared', () => {
    const member = withSecond(data, withFlyWith(data, start, 'Member'), 'u-tom');
    expect(withFlyWith(data, member, 'Instructor').secondID).toBe('');
    const withIrene = withSecond(data, withFlyWith(data, start, 'Member'), 'u-irene');
    expect(withFlyWith(data, withIrene, 'Instructor').secondID).toBe('u-irene');
    expect(withPilot(data, withIrene, 'u-irene').secondID).toBe('');
  });
});

describe('flight type rules', () => {
  it('Instructor puts the instructor in command; Member gives the choice back', () => {
    const instructor = withFlyWith(data, { ...start, pilotInCharge: true }, 'Instructor');
    expect(instructor.pilotInCharge).toBe(false);
    expect(withFlyWith(data, instructor, 'Member').pilotInCharge).toBe(true);
  });
  it('sharing the cost is for Member only', () => {
    const sharing: CrewDraft = { ...withFlyWith(data, start, 'Member'), shareCost: true };
    expect(withFlyWith(data, sharing, 'Friend').shareCost).toBe(false);
  });
  it('a two-person type moves the flight off a single seater, with the new glider’s weight and launch speed', () => {
    const single = withGlider(data, start, 'C-FDSC');
    expect(withFlyWith(data, single, 'Friend')).toMatchObject({
      glider: 'C-GDSB',
      gliderWeight: '360',
      towSpeed: '55',
    });
    const none = withFlyWith(data, single, 'Friend');
    expect(
      withFlyWith(crewData({ recentMultiSeatGliders: [], unusedMultiSeatGliders: [] }), single, 'Friend'),
    ).toMatchObject({ glider: null, gliderWeight: '', towSpeed: '' });
    // The same glider keeps what the member typed.
    expect(withFlyWith(data, { ...none, towSpeed: '65' }, 'Member').towSpeed).toBe('65');
  });
  it('leaving Intro clears the intro selection', () => {
    const intro = withIntro(withFlyWith(data, start, 'Intro'), data.intros[0]!.id);
    expect(intro.intro.selectedId).toBe(data.intros[0]!.id);
    const left = withFlyWith(data, intro, 'Alone');
    expect(left.intro).toEqual(initialDraft(data).intro);
  });
  it('New Intro preselects the first intro launch option', () => {
    const d = withIntroMode(data, withFlyWith(data, start, 'Intro'), 'new');
    expect(d.intro.sale.introType).toBe('Intro flight');
    expect(
      withIntroMode(
        data,
        { ...d, intro: { ...d.intro, sale: { ...d.intro.sale, introType: 'Intro soaring flight' } } },
        'new',
      ).intro.sale.introType,
    ).toBe('Intro soaring flight');
  });
});

describe('prefilled numbers', () => {
  it('a glider brings its weight and launch speed; another pilot their weight', () => {
    const d = withGlider(data, start, 'C-GDSA');
    expect([d.gliderWeight, d.towSpeed]).toEqual(['390', '60']);
    expect(withPilot(data, d, 'u-tom').weight).toBe('90');
    expect(withPilot(data, d, 'u-gary').weight).toBe('');
  });
});

describe('submit button from the draft', () => {
  const ready = { ...withGlider(data, start, 'C-GDSA'), launchType: '2000 ft' };
  it('reads Place on flight line when all is set', () => {
    expect(submitButtonText(crewFormState(data, ready))).toEqual({ text: 'Place on flight line', disabled: false });
  });
  it('a ground-only pilot is non flying', () => {
    expect(blockingReason(crewFormState(data, withPilot(data, ready, 'u-gary')))).toBe('Selected pilot is non flying');
  });
  it('the funds checked are the selected pilot’s, not those of the member placing the flight', () => {
    const tomPoor = crewData({
      pilots: data.pilots.map((p) => (p.pilotID === 'u-tom' ? { ...p, belowMinimum: true, belowWarning: true } : p)),
    });
    expect(submitButtonText(crewFormState(tomPoor, ready))).toEqual({ text: 'Place on flight line', disabled: false });
    expect(submitButtonText(crewFormState(tomPoor, withPilot(tomPoor, ready, 'u-tom')))).toEqual({
      text: 'Warning: Low funds - Insufficient funds',
      disabled: true,
    });
    const mePoor = crewData({ pilot: { ...data.pilot, belowMinimum: true, belowWarning: true, balanceCents: -1 } });
    expect(blockingReason(crewFormState(mePoor, ready))).toBe('Insufficient funds');
    expect(submitButtonText(crewFormState(mePoor, withPilot(mePoor, ready, 'u-tom')))).toEqual({
      text: 'Place on flight line',
      disabled: false,
    });
  });
  it('an intro flight is exempt from Insufficient funds, not from the warning', () => {
    const tomPoor = crewData({
      pilots: data.pilots.map((p) => (p.pilotID === 'u-tom' ? { ...p, belowMinimum: true, belowWarning: true } : p)),
    });
    const intro = withIntro(withFlyWith(tomPoor, withPilot(tomPoor, ready, 'u-tom'), 'Intro'), tomPoor.intros[0]!.id);
    expect(submitButtonText(crewFormState(tomPoor, intro))).toEqual({
      text: 'Warning: Low funds - Place on flight line',
      disabled: false,
    });
  });
  it('a member sharing the cost pays half: their standing counts only while sharing', () => {
    const alexPoor = crewData({
      pilots: data.pilots.map((p) => (p.pilotID === 'u-alex' ? { ...p, belowMinimum: true, belowWarning: true } : p)),
    });
    const withAlex = withSecond(alexPoor, withFlyWith(alexPoor, ready, 'Member'), 'u-alex');
    expect(submitButtonText(crewFormState(alexPoor, withAlex))).toEqual({
      text: 'Place on flight line',
      disabled: false,
    });
    expect(submitButtonText(crewFormState(alexPoor, { ...withAlex, shareCost: true }))).toEqual({
      text: 'Warning: Low funds - Insufficient funds',
      disabled: true,
    });
  });
  it('a pilot or second member already on an unfinished flight is named with the glider they are on', () => {
    const onLine = crewData({
      pilots: data.pilots.map((p) =>
        p.pilotID === 'u-tom' || p.pilotID === 'u-irene' ? { ...p, onLineIn: 'C-GXXX' } : p,
      ),
    });
    expect(blockingReason(crewFormState(onLine, withPilot(onLine, ready, 'u-tom')))).toBe(
      'Selected pilot is already on the flight line in C-GXXX',
    );
    const withIrene = withSecond(onLine, withFlyWith(onLine, ready, 'Instructor'), 'u-irene');
    expect(blockingReason(crewFormState(onLine, withIrene))).toBe(
      'Second person is already on the flight line in C-GXXX',
    );
    expect(blockingReason(crewFormState(onLine, withSecond(onLine, withIrene, 'u-alex')))).toBeNull();
  });
  it('a member flight needs its member; a friend flight both names', () => {
    expect(blockingReason(crewFormState(data, withFlyWith(data, ready, 'Member')))).toBe(
      'Second person not identified',
    );
    const friend = { ...withFlyWith(data, ready, 'Friend'), friendFirst: 'Fred', friendLast: ' ' };
    expect(blockingReason(crewFormState(data, friend))).toBe('Second person not identified');
    expect(blockingReason(crewFormState(data, { ...friend, friendLast: 'Friend' }))).toBeNull();
  });
  it('an intro flight needs its intro, not a launch type; a new intro its payment method', () => {
    const intro = withFlyWith(data, { ...ready, launchType: null }, 'Intro');
    expect(blockingReason(crewFormState(data, intro))).toBe('Second person not identified');
    expect(blockingReason(crewFormState(data, withIntro(intro, data.intros[0]!.id)))).toBeNull();
    const sale = withIntroMode(data, intro, 'new');
    const named = { ...sale, intro: { ...sale.intro, sale: { ...sale.intro.sale, first: 'Nora', last: 'New' } } };
    expect(blockingReason(crewFormState(data, named))).toBe('Intro not fully defined');
    const paid = { ...named, intro: { ...named.intro, sale: { ...named.intro.sale, payment: 'Cash' } } };
    expect(blockingReason(crewFormState(data, paid))).toBeNull();
  });
});

describe('summary line', () => {
  it('says who is in which glider requesting which launch, and with whom', () => {
    const ready = { ...withGlider(data, start, 'C-GDSA'), launchType: '2000 ft' };
    expect(summaryLine(data, ready)).toBe('You (Mary Member) are in C-GDSA requesting 2000 ft, flying alone.');
    expect(summaryLine(data, withSecond(data, withFlyWith(data, ready, 'Instructor'), 'u-irene'))).toBe(
      'You (Mary Member) are in C-GDSA requesting 2000 ft, with instructor Irene Instructor.',
    );
    const shared = { ...withSecond(data, withFlyWith(data, ready, 'Member'), 'u-tom'), shareCost: true };
    expect(summaryLine(data, shared)).toBe(
      'You (Mary Member) are in C-GDSA requesting 2000 ft, with member Tom Towpilot, sharing the cost.',
    );
    expect(summaryLine(data, withPilot(data, start, 'u-tom'))).toBe(
      'Tom Towpilot is in no glider yet with no launch type yet, flying alone.',
    );
  });
  it('an intro flight names its passenger and its intro launch', () => {
    const intro = withIntro(withFlyWith(data, { ...withGlider(data, start, 'C-GDSA') }, 'Intro'), data.intros[0]!.id);
    expect(summaryLine(data, intro)).toBe(
      'You (Mary Member) are in C-GDSA requesting 2000 ft, with intro passenger Ivy Intro.',
    );
    const renamed = { ...intro, intro: { ...intro.intro, rename: { first: 'Ivan', last: 'Intro' } } };
    expect(summaryLine(data, renamed)).toBe(
      'You (Mary Member) are in C-GDSA requesting 2000 ft, with intro passenger Ivan Intro.',
    );
  });
});

describe('pilot in command label and fresh data', () => {
  it('reads Me, or the pilot’s name when requesting for someone else', () => {
    expect(pilotInCommandLabel(data, start)).toBe('Me');
    expect(pilotInCommandLabel(data, withPilot(data, start, 'u-tom'))).toBe('Tom Towpilot');
  });
  it('drops a glider that started flying and an intro that was taken, keeps the rest', () => {
    const d = withIntro(
      withFlyWith(data, { ...withGlider(data, start, 'C-GDSA'), launchType: '2000 ft' }, 'Intro'),
      data.intros[0]!.id,
    );
    expect(reconcileDraft(data, d)).toBe(d);
    const { 'C-GDSA': _taken, ...ready } = data.readyGliders;
    const fresh = crewData({ readyGliders: ready, flyingGliders: ['C-GDSA'], intros: [] });
    expect(reconcileDraft(fresh, d)).toMatchObject({
      glider: null,
      gliderWeight: '',
      towSpeed: '',
      launchType: '2000 ft',
      intro: { selectedId: null },
    });
  });
  it(
    'takes the pilot’s newer stored weight from a fresh read while the ' +
      'field shows the old one untouched, never over a typed one',
    () => {
      const before = crewData({ pilot: { ...data.pilot, weight: 0 } });
      const opened = initialDraft(before);
      expect(opened.weight).toBe('');
      expect(reconcileDraft(data, opened, before).weight).toBe('70');
      expect(reconcileDraft(data, { ...opened, weight: '81' }, before).weight).toBe('81');
      expect(reconcileDraft(data, opened).weight).toBe('');
    },
  );
});

import { describe, expect, it } from 'vitest';
import {
  initialDraft,
  withFlyWith,
  withGlider,
  withIntro,
  withSecond,
  type CrewDraft,
} from '@flightline/domain/field/crew-draft';
import { crewData, ME } from './crew.fixtures.ts';
import { buildFlightRequest } from './flight-request.ts';
import { pendingFlight } from './pending-flight.ts';

const data = crewData();
const ready: CrewDraft = { ...withGlider(data, initialDraft(data), 'C-GDSA'), launchType: '2000 ft' };
const where = { id: '6f1c2c3e-1f7a-4a55-9a9b-0c6d0e1f2a3b', day: '2026-06-20', tappedAt: 1_781_000_000_000 };

describe('a request waiting in the outbox, as the line will list it', () => {
  it(
    'an Alone flight: the pilot’s name, glider, launch, the ' +
      'glider’s tow speed, submitted at the tap, not launched',
    () => {
      const flight = pendingFlight(data, ready, buildFlightRequest(data, ready), where);
      expect(flight).toMatchObject({
        id: where.id,
        dateString: '2026-06-20',
        user: ME,
        first: 'Mary',
        last: 'Member',
        flyWith: 'Alone',
        glider: 'C-GDSA',
        launchType: '2000 ft',
        towSpeed: 60,
        submittedAt: where.tappedAt,
        launchedAt: null,
        landedAt: null,
        cancelledAt: null,
        releaseHeight: 0,
      });
    },
  );

  it('with an instructor: the instructor as passenger', () => {
    const d = withSecond(data, withFlyWith(data, ready, 'Instructor'), 'u-irene');
    expect(pendingFlight(data, d, buildFlightRequest(data, d), where)).toMatchObject({
      flyWith: 'Instructor',
      passengerFirst: 'Irene',
      passengerLast: 'Instructor',
      pilotInCharge: false,
    });
  });

  it('an intro flight: the intro launch’s launch type, the passenger, the intro', () => {
    const intro = data.intros[0]!;
    const d = withIntro(withFlyWith(data, ready, 'Intro'), intro.id);
    expect(pendingFlight(data, d, buildFlightRequest(data, d), where)).toMatchObject({
      launchType: '2000 ft',
      introRef: intro.id,
      passengerFirst: 'Ivy',
    });
  });
});

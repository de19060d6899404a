import { describe, expect, it } from 'vitest';
import type { IntroItem } from '@flightline/domain/api/types';
import { flight } from '../../test/flight.fixtures.ts';
import { placedAnswer } from './placed-answer.ts';

const requested = flight('f1', { glider: 'ASK-21' });
const intro = { id: 'i1', SN: 'A-1001', recipientFirst: 'Ivy', recipientLast: 'Intro' } as IntroItem;

describe('the answer to a placed request, as the confirmation step shows it', () => {
  it('the flight as the server stored it, its message and the intro sold with it', () => {
    const stored = { ...requested, towSpeed: 60 };
    expect(
      placedAnswer(
        {
          statusCode: 200,
          message: 'Flight placed on the flight line: ASK-21',
          item: stored,
          intro,
          balanceCents: 2000,
        },
        requested,
      ),
    ).toEqual({
      answer: { message: 'Flight placed on the flight line: ASK-21', intro },
      flight: stored,
    });
    expect(
      placedAnswer({ statusCode: 200, message: 'Flight placed on the flight line: ASK-21', item: stored }, requested),
    ).toEqual({
      answer: { message: 'Flight placed on the flight line: ASK-21' },
      flight: stored,
    });
  });

  it(
    'a first answer replayed as an older server stored it, its record ' +
      'short of fields: the flight as the request placed it',
    () => {
      const { queuedAt: _queuedAt, lateEntries: _late, ...older } = requested;
      expect(
        placedAnswer({ statusCode: 200, message: 'Flight placed on the flight line: ASK-21', item: older }, requested),
      ).toEqual({
        answer: { message: 'Flight placed on the flight line: ASK-21' },
        flight: requested,
      });
    },
  );
});

import { describe, expect, it } from 'vitest';
import { awaitingLabel, isWaiting, towSpeedText, waitingFlights } from './awaiting-flights.ts';

const flight = (id: string, submittedAt: number, change: Record<string, unknown> = {}) => ({
  id,
  submittedAt,
  queuedAt: submittedAt,
  first: 'Mary',
  last: 'Member',
  glider: 'C-GDSA',
  launchType: '2000 ft',
  towSpeed: 60,
  acceptedAt: null,
  launchedAt: null,
  offTowAt: null,
  landedAt: null,
  cancelledAt: null,
  ...change,
});

describe('awaiting launches', () => {
  it('keeps the flights not accepted, launched, off tow, landed or cancelled, first requested first', () => {
    const flights = [
      flight('c', 300),
      flight('a', 100),
      flight('accepted', 50, { acceptedAt: 1 }),
      flight('launched', 50, { launchedAt: 1 }),
      flight('offtow', 50, { offTowAt: 1 }),
      flight('landed', 50, { landedAt: 1 }),
      flight('cancelled', 50, { cancelledAt: 1 }),
      flight('b', 200),
    ];
    expect(waitingFlights(flights).map((f) => f.id)).toEqual(['a', 'b', 'c']);
    expect(isWaiting(flight('x', 1, { cancelledAt: 0 }))).toBe(false);
  });
  it('a request entered late waits where it arrived, not where its tap time would put it', () => {
    const flights = [flight('a', 100), flight('late', 50, { queuedAt: 250 }), flight('b', 200), flight('c', 300)];
    expect(waitingFlights(flights).map((f) => f.id)).toEqual(['a', 'b', 'late', 'c']);
  });
  it('labels each with first name, last initial, glider and launch type', () => {
    expect(awaitingLabel(flight('a', 1))).toBe('Mary M. C-GDSA 2000 ft');
    expect(awaitingLabel(flight('a', 1, { first: 'Émile', last: 'élan' }))).toBe('Émile É. C-GDSA 2000 ft');
    expect(awaitingLabel(flight('a', 1, { last: '' }))).toBe('Mary C-GDSA 2000 ft');
  });
  it('gives the tow speed in knots', () => {
    expect(towSpeedText({ towSpeed: 60 })).toBe('60 kn');
    expect(towSpeedText({ towSpeed: 0 })).toBe('not given');
  });
});

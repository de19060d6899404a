import { describe, expect, it } from 'vitest';
import { flight, T } from '../../test/flight.fixtures.ts';
import { activeFlightsOf, activeFlightState } from '@flightline/domain/flights/active-flights';

describe('activeFlightsOf', () => {
  const flights = [
    flight('mine-flying', { user: 'me', launchedAt: T + 5, submittedAt: T + 2 }),
    flight('mine-waiting', { user: 'me', submittedAt: T + 1 }),
    flight('as-passenger', { user: 'other', passengerID: 'me', flyWith: 'Instructor', submittedAt: T + 3 }),
    flight('mine-landed', { user: 'me', launchedAt: T, landedAt: T + 100 }),
    flight('mine-cancelled', { user: 'me', cancelledAt: T + 4 }),
    flight('someone-else', { user: 'other' }),
  ];

  it("keeps the member's own flights, as pilot or second person, not landed nor cancelled, in submission order", () => {
    expect(activeFlightsOf(flights, 'me').map((f) => f.id)).toEqual(['mine-waiting', 'mine-flying', 'as-passenger']);
  });

  it('is empty for a member with no flights', () => {
    expect(activeFlightsOf(flights, 'nobody')).toEqual([]);
    expect(activeFlightsOf([], 'me')).toEqual([]);
  });
});

describe('activeFlightState', () => {
  it('says waiting before the launch and flying since the launch time after', () => {
    const clock = (ms: number) => (ms === T ? '14:05' : '?');
    expect(activeFlightState({ launchedAt: null }, clock)).toBe('waiting');
    expect(activeFlightState({ launchedAt: T }, clock)).toBe('flying since 14:05');
  });
});

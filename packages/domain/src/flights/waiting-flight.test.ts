import { describe, expect, it } from 'vitest';
import { waitingFlightFields } from './waiting-flight.ts';

describe('a waiting flight', () => {
  it('has no time after its request, no release, tow or charges', () => {
    expect(waitingFlightFields()).toMatchObject({
      acceptedAt: null,
      launchedAt: null,
      landedAt: null,
      releaseHeight: 0,
      towPilot: '',
      tug: '',
      flightCost: null,
    });
  });

  it('gets a corrections list of its own', () => {
    const a = waitingFlightFields();
    const b = waitingFlightFields();
    expect(a.corrections).toEqual([]);
    expect(a.corrections).not.toBe(b.corrections);
  });
});

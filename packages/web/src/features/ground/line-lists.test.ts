import { describe, expect, it } from 'vitest';
import { flight, T } from '../../test/flight.fixtures.ts';
import { flightLabel, hasReleaseHeight, partitionFlights, pilotShortName, stillWaiting } from './line-lists.ts';

describe('partitionFlights', () => {
  it('splits waiting, in progress and landed, and drops cancelled flights', () => {
    const lists = partitionFlights([
      flight('w2', { submittedAt: T + 2 }),
      flight('p1', { launchedAt: T + 10, acceptedAt: T + 10 }),
      flight('c1', { cancelledAt: T + 5 }),
      flight('l1', { launchedAt: T + 3, landedAt: T + 50 }),
      flight('w1', { submittedAt: T + 1 }),
      flight('cl', { launchedAt: T + 3, landedAt: T + 60, cancelledAt: T + 70 }),
    ]);
    expect(lists.waiting.map((f) => f.id)).toEqual(['w1', 'w2']);
    expect(lists.inProgress.map((f) => f.id)).toEqual(['p1']);
    expect(lists.landed.map((f) => f.id)).toEqual(['l1']);
  });

  it('keeps waiting flights in submission order, in progress by launch, landed newest first', () => {
    const lists = partitionFlights([
      flight('a', { submittedAt: T + 30 }),
      flight('b', { submittedAt: T + 10 }),
      flight('c', { submittedAt: T + 20 }),
      flight('p-late', { submittedAt: T, launchedAt: T + 200 }),
      flight('p-early', { submittedAt: T + 1, launchedAt: T + 100 }),
      flight('l-early', { launchedAt: T, landedAt: T + 300 }),
      flight('l-late', { launchedAt: T, landedAt: T + 400 }),
    ]);
    expect(lists.waiting.map((f) => f.id)).toEqual(['b', 'c', 'a']);
    expect(lists.inProgress.map((f) => f.id)).toEqual(['p-early', 'p-late']);
    expect(lists.landed.map((f) => f.id)).toEqual(['l-late', 'l-early']);
  });

  it('keeps a flight accepted but not launched on the launch picker', () => {
    expect(partitionFlights([flight('a', { acceptedAt: T })]).waiting.map((f) => f.id)).toEqual(['a']);
  });

  it('gives empty lists for an empty day', () => {
    expect(partitionFlights([])).toEqual({ waiting: [], inProgress: [], landed: [] });
  });
});

describe('labels', () => {
  it('shortens the pilot to first name and last initial', () => {
    expect(pilotShortName('Mary', 'Member')).toBe('Mary M.');
    expect(pilotShortName(' Jo ', 'de Vries')).toBe('Jo D.');
    expect(pilotShortName('Cher', '')).toBe('Cher');
    expect(pilotShortName('', 'Smith')).toBe('S.');
  });

  it('labels a flight with pilot, glider and launch type', () => {
    expect(flightLabel(flight('a'))).toBe('Mary M., C-GDSA, 2000 ft');
    expect(flightLabel(flight('a', { launchType: '' }))).toBe('Mary M., C-GDSA');
  });
});

describe('stillWaiting', () => {
  it('finds the chosen flight only while it waits', () => {
    const waiting = [flight('a'), flight('b')];
    expect(stillWaiting(waiting, 'b')?.id).toBe('b');
    expect(stillWaiting(waiting, 'gone')).toBeNull();
    expect(stillWaiting(waiting, null)).toBeNull();
  });
});

describe('hasReleaseHeight', () => {
  it('reads 0 as not recorded', () => {
    expect(hasReleaseHeight({ releaseHeight: 0 })).toBe(false);
    expect(hasReleaseHeight({ releaseHeight: 1800 })).toBe(true);
  });
});

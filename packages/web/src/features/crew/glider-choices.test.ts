import { describe, expect, it } from 'vitest';
import { crewData } from './crew.fixtures.ts';
import { gliderForFlightType, gliderGroups } from '@flightline/domain/field/glider-choices';

describe('glider selector groups', () => {
  it(
    'lists Recently used (most recent first), then the other ready ' + 'gliders by name, then Already Flying disabled',
    () => {
      const groups = gliderGroups(crewData(), 'Alone');
      expect(groups.map((g) => [g.label, g.options.map((o) => [o.label, o.disabled])])).toEqual([
        [
          'Recently used',
          [
            ['C-FDSC (single seat)', false],
            ['C-GDSB', false],
          ],
        ],
        ['Gliders', [['C-GDSA', false]]],
        ['Already Flying', [['C-GXXX', true]]],
      ]);
    },
  );
  it('a single seater is not choosable for a two-person flight', () => {
    const recent = gliderGroups(crewData(), 'Instructor')[0]!;
    expect(recent.options.map((o) => [o.id, o.disabled])).toEqual([
      ['C-FDSC', true],
      ['C-GDSB', false],
    ]);
  });
  it('leaves out empty groups and recent gliders that are no longer ready', () => {
    const data = crewData({ flyingGliders: [], recentGliders: ['C-GONE'], recentMultiSeatGliders: [] });
    expect(gliderGroups(data, 'Alone').map((g) => g.label)).toEqual(['Gliders']);
  });
});

describe('flight type change on a single seater', () => {
  it('switches to a recent multi-seat glider first', () => {
    expect(gliderForFlightType(crewData(), 'C-FDSC', 'Member')).toBe('C-GDSB');
  });
  it('else to the first unused multi-seat glider', () => {
    expect(gliderForFlightType(crewData({ recentMultiSeatGliders: [] }), 'C-FDSC', 'Intro')).toBe('C-GDSA');
  });
  it('else to none', () => {
    expect(
      gliderForFlightType(crewData({ recentMultiSeatGliders: [], unusedMultiSeatGliders: [] }), 'C-FDSC', 'Friend'),
    ).toBeNull();
  });
  it('keeps the glider for Alone, for a multi-seat glider, and when none is chosen', () => {
    expect(gliderForFlightType(crewData(), 'C-FDSC', 'Alone')).toBe('C-FDSC');
    expect(gliderForFlightType(crewData(), 'C-GDSA', 'Instructor')).toBe('C-GDSA');
    expect(gliderForFlightType(crewData(), null, 'Instructor')).toBeNull();
  });
});

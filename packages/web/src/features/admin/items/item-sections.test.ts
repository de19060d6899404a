import { describe, expect, it } from 'vitest';
import type { ServeAdmin } from '@flightline/domain/api/types';
import { BLOCK_DEFAULTS, GLIDER_DEFAULTS, LAUNCH_DEFAULTS, TUG_DEFAULTS } from '@flightline/domain/schemas/fleet';
import { itemSections } from './item-sections.ts';

const data = {
  gliders: [
    { id: 'C-GDSA', ...GLIDER_DEFAULTS, status: 'Ready', blocks: [], taxRates: [] },
    { id: 'C-GDSB', ...GLIDER_DEFAULTS, status: 'Not ready', blocks: [], taxRates: [] },
  ],
  launches: [{ id: '2000 ft', ...LAUNCH_DEFAULTS, isActive: false, heightRanges: [], taxRates: [] }],
  tugs: [{ id: 'C-FTOW', ...TUG_DEFAULTS }],
  blocks: [{ id: 'b1', ...BLOCK_DEFAULTS, name: 'Season', active: false, taxRates: [] }],
  introLaunches: [
    { id: 'Intro flight', launch: '2000 ft', priceCents: 15_000, taxStatus: 'exempt', taxRates: [], isActive: true },
  ],
} as unknown as ServeAdmin;

describe("the Administration page's item cards", () => {
  const cards = itemSections(data);

  it('come in page order, each with its title', () => {
    expect(cards.map((c) => [c.id, c.title])).toEqual([
      ['gliders', 'Glider Administration'],
      ['launches', 'Launch Administration'],
      ['tugs', 'Tug Administration'],
      ['blocks', 'Glider Rental Rate Rules'],
      ['intro-launches', 'Intro Launch Administration'],
    ]);
  });

  it('list a glider or tug not Ready with its status, and an inactive launch or rule as inactive', () => {
    expect(cards[0]!.choices.map((c) => c.label)).toEqual(['C-GDSA', 'C-GDSB (Not ready)']);
    expect(cards[1]!.choices).toEqual([{ value: '2000 ft', label: '2000 ft (inactive)' }]);
    expect(cards[2]!.choices).toEqual([{ value: 'C-FTOW', label: 'C-FTOW (Not ready)' }]);
    expect(cards[3]!.choices).toEqual([{ value: 'b1', label: 'Season (inactive)' }]);
    expect(cards[4]!.choices).toEqual([{ value: 'Intro flight', label: 'Intro flight' }]);
  });

  it('open the chosen item, a new one for New, and a new one for an id no longer listed', () => {
    expect(cards[2]!.editing('C-FTOW')).toEqual({ kind: 'tug', item: data.tugs[0] });
    expect(cards[2]!.editing(null)).toEqual({ kind: 'tug', item: null });
    expect(cards[0]!.editing('C-GONE')).toEqual({ kind: 'glider', item: null });
  });

  it('list a glider with its aircraft type when the club has given one', () => {
    const typed = {
      ...data,
      gliders: [
        { ...data.gliders[0]!, aircraftType: 'ASK 21' },
        { ...data.gliders[1]!, aircraftType: 'Grob 103' },
      ],
    };
    expect(itemSections(typed)[0]!.choices).toEqual([
      { value: 'C-GDSA', label: 'C-GDSA · ASK 21' },
      { value: 'C-GDSB', label: 'C-GDSB · Grob 103 (Not ready)' },
    ]);
  });
});

import type {
  AdminPilot,
  BlockRuleItem,
  GliderItem,
  IntroLaunchItem,
  LaunchItem,
  ServeAdmin,
  TugItem,
} from '@flightline/domain/api/types';
import type { AdminSection } from '../sections.ts';

/** The editor open, with its item (null: a new one). */
export type Editing =
  | { kind: 'glider'; item: GliderItem | null }
  | { kind: 'tug'; item: TugItem | null }
  | { kind: 'launch'; item: LaunchItem | null }
  | { kind: 'introLaunch'; item: IntroLaunchItem | null }
  | { kind: 'block'; item: BlockRuleItem | null }
  | { kind: 'pilot'; item: AdminPilot };

export interface ItemSection {
  section: AdminSection;
  /** The card's id, in the heading's id. */
  id: string;
  title: string;
  /** What the Edit dropdown lists. */
  what: string;
  choices: { value: string; label: string }[];
  /** The editor for the chosen id (an id no longer listed opens a new item), or for a new item (null). */
  editing: (id: string | null) => Editing;
}

const named = (name: string, active: boolean) => (active ? name : `${name} (inactive)`);
const withStatus = (id: string, status: string) => (status === 'Ready' ? id : `${id} (${status})`);

type Card = Pick<ItemSection, 'section' | 'id' | 'title' | 'what'>;

function card<T extends { id: string }>(
  heading: Card,
  items: readonly T[],
  label: (item: T) => string,
  editing: (item: T | null) => Editing,
): ItemSection {
  return {
    ...heading,
    choices: items.map((item) => ({ value: item.id, label: label(item) })),
    editing: (id) => editing(id === null ? null : (items.find((item) => item.id === id) ?? null)),
  };
}

/** The Administration page's five item cards, in page order: New, and Edit from a dropdown of the items. */
export function itemSections(data: ServeAdmin): ItemSection[] {
  return [
    card(
      { section: 'gliders', id: 'gliders', title: 'Glider Administration', what: 'gliders' },
      data.gliders,
      (g) => withStatus(g.aircraftType ? `${g.id} · ${g.aircraftType}` : g.id, g.status),
      (item) => ({ kind: 'glider', item }),
    ),
    card(
      { section: 'launches', id: 'launches', title: 'Launch Administration', what: 'launches' },
      data.launches,
      (l) => named(l.id, l.isActive),
      (item) => ({ kind: 'launch', item }),
    ),
    card(
      { section: 'tugs', id: 'tugs', title: 'Tug Administration', what: 'tugs' },
      data.tugs,
      (t) => withStatus(t.id, t.status),
      (item) => ({ kind: 'tug', item }),
    ),
    card(
      { section: 'blocks', id: 'blocks', title: 'Glider Rental Rate Rules', what: 'rate rules' },
      data.blocks,
      (b) => named(b.name, b.active),
      (item) => ({ kind: 'block', item }),
    ),
    card(
      { section: 'introLaunches', id: 'intro-launches', title: 'Intro Launch Administration', what: 'intro launches' },
      data.introLaunches,
      (l) => named(l.id, l.isActive),
      (item) => ({ kind: 'introLaunch', item }),
    ),
  ];
}

import type { CrewPageData, GliderItem } from '../api/types.ts';
import type { FlyWith } from '../flights/crew-rules.ts';
import { compareText } from '../club/text-order.ts';

/**
 * The crew page's glider selector: groups Recently used, Gliders and Already
 * Flying (disabled), and the rule that moves a two-person flight off a
 * single-seat glider.
 */

export type GliderData = Pick<
  CrewPageData,
  'readyGliders' | 'recentGliders' | 'recentMultiSeatGliders' | 'unusedMultiSeatGliders' | 'flyingGliders'
>;

export interface GliderOption {
  id: string;
  label: string;
  disabled: boolean;
}

export interface GliderGroup {
  label: 'Recently used' | 'Gliders' | 'Already Flying';
  options: GliderOption[];
}

/** Seats of a ready glider; 0 when it is not ready (flying, not ready, unknown). */
export function seatsOf(data: Pick<GliderData, 'readyGliders'>, id: string | null): number {
  if (!id) return 0;
  return data.readyGliders[id]?.places ?? 0;
}

/** A second person needs a second seat. */
export function needsTwoSeats(flyWith: FlyWith): boolean {
  return flyWith !== 'Alone';
}

function option(glider: GliderItem, flyWith: FlyWith): GliderOption {
  const single = glider.places < 2;
  // A two-person flight can't go in a single seater: shown, but not choosable.
  const blocked = single && needsTwoSeats(flyWith);
  return { id: glider.id, label: single ? `${glider.id} (single seat)` : glider.id, disabled: blocked };
}

/**
 * Recently used: the ready gliders the member flew lately, most recent first.
 * Gliders: every other ready glider, by name. Already Flying: on the line
 * now, by name, never choosable. Empty groups are left out.
 */
export function gliderGroups(data: GliderData, flyWith: FlyWith): GliderGroup[] {
  const recent = data.recentGliders.filter((id) => data.readyGliders[id] !== undefined);
  const recentSet = new Set(recent);
  const others = Object.values(data.readyGliders)
    .filter((glider) => !recentSet.has(glider.id))
    .sort((a, b) => compareText(a.id, b.id));
  const groups: GliderGroup[] = [
    { label: 'Recently used', options: recent.map((id) => option(data.readyGliders[id]!, flyWith)) },
    { label: 'Gliders', options: others.map((glider) => option(glider, flyWith)) },
    {
      label: 'Already Flying',
      options: [...new Set(data.flyingGliders)].sort(compareText).map((id) => ({ id, label: id, disabled: true })),
    },
  ];
  return groups.filter((group) => group.options.length > 0);
}

/**
 * Changing the flight type: a non-Alone type on a single-seat glider switches
 * to a recent multi-seat glider, else the first unused multi-seat one, else
 * none. Any other glider stays.
 */
export function gliderForFlightType(data: GliderData, glider: string | null, flyWith: FlyWith): string | null {
  if (!glider || !needsTwoSeats(flyWith)) return glider;
  const seats = seatsOf(data, glider);
  if (seats === 0 || seats >= 2) return glider;
  const ready = (id: string) => seatsOf(data, id) >= 2;
  return data.recentMultiSeatGliders.find(ready) ?? data.unusedMultiSeatGliders.find(ready) ?? null;
}

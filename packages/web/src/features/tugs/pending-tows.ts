import type { TugPageData, TugStatus } from '@flightline/domain/api/types';
import type { OutboxEntry } from '@flightline/domain/field/outbox';

/**
 * The tugs as this phone's tug events still in the field outbox will leave
 * them (docs/offline.md): the last readings and the checked-in pilot the next
 * event is checked against, and the waiting events per tug, marked "waiting
 * to send" on the page.
 */

export interface PendingTows {
  tugs: TugStatus[];
  waiting: Map<string, OutboxEntry[]>;
}

const later = (last: number | null, hobbs: number) => (last === null ? hobbs : Math.max(last, hobbs));

export function withPendingTowEvents(page: TugPageData, entries: readonly OutboxEntry[]): PendingTows {
  const tugs = new Map(page.tugs.map((t) => [t.id, t]));
  const waiting = new Map<string, OutboxEntry[]>();
  for (const entry of entries) {
    if (entry.kind !== 'tow-event' || entry.refusal !== null) continue;
    const data = entry.input.data;
    const tug = tugs.get(data.tug);
    if (!tug) continue;
    const hobbs = data.hobbs;
    const next: TugStatus = { ...tug, lastHobbs: later(tug.lastHobbs, hobbs) };
    if (data.pilot !== undefined && data.pilot !== '') {
      const pilot = page.towPilots.find((p) => p.userID === data.pilot);
      Object.assign(next, {
        currentPilot: data.pilot,
        pilotName: pilot ? `${pilot.first} ${pilot.last}` : '',
        lastPilotHobbs: hobbs,
      });
    } else if (data.pilotLogOut === true) {
      Object.assign(next, { currentPilot: '', pilotName: '', lastPilotHobbs: hobbs });
    } else if (data.fuel !== undefined && data.fuel > 0) {
      next.lastFuelHobbs = hobbs;
    } else if (data.oil === true) {
      next.lastOilHobbs = hobbs;
    }
    tugs.set(tug.id, next);
    waiting.set(tug.id, [...(waiting.get(tug.id) ?? []), entry]);
  }
  return { tugs: [...tugs.values()], waiting };
}

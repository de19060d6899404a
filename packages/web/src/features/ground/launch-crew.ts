import type { GroundStatus, TugStatus } from '@flightline/domain/api/types';

/**
 * The Launched By picker (domain rules "Tugs"): Ready tugs, and the tow pilot who defaults to the tug's checked-in
 * one.
 */

export type LinePilot = NonNullable<GroundStatus['pilots']>[number];

export interface TowPilotChoice {
  userID: string;
  name: string;
}

export function readyTugs(tugs: readonly TugStatus[]): TugStatus[] {
  return tugs.filter((t) => t.status === 'Ready').sort((a, b) => a.id.localeCompare(b.id));
}

const fullName = (p: { first: string; last: string }) => `${p.first} ${p.last}`.trim();

/**
 * The tow pilot choices: the club's tow pilots by name, and the tug's
 * checked-in pilot even if the list lacks them (a flag changed since check-in).
 */
export function towPilotChoices(pilots: readonly LinePilot[], tug: TugStatus | null): TowPilotChoice[] {
  const choices = pilots.filter((p) => p.isTowPilot).map((p) => ({ userID: p.userID, name: fullName(p) }));
  if (tug?.currentPilot && !choices.some((c) => c.userID === tug.currentPilot)) {
    choices.push({ userID: tug.currentPilot, name: tug.pilotName || 'Checked-in pilot' });
  }
  return choices.sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}

/** What the Launch button says: why it can't launch yet, or 'Launch {glider}'. */
export function launchButtonText(input: {
  glider: string | null;
  tugsReady: number;
  tug: string | null;
  minutesOk: boolean;
}): { text: string; disabled: boolean } {
  if (!input.glider) return { text: 'Choose the next flight', disabled: true };
  if (input.tugsReady > 0 && !input.tug) return { text: 'Choose the tug', disabled: true };
  if (!input.minutesOk) return { text: 'Set the minutes ago', disabled: true };
  return { text: `Launch ${input.glider}`, disabled: false };
}

/** The question Launch asks first when a tow would go up with nobody named flying the tug (issue 15 item 9). */
export const NO_TOW_PILOT_QUESTION = 'No tow pilot — launch anyway?';

/**
 * Whether Launch must ask NO_TOW_PILOT_QUESTION: a tug is chosen, no pilot is
 * checked in on it and none was chosen by hand. Without a tug there is no tow
 * to fly; a checked-in pilot is the tow pilot the server records.
 */
export function launchesWithoutTowPilot(tug: TugStatus | null, towPilot: string): boolean {
  return tug !== null && !tug.currentPilot && !towPilot;
}

/** The tug a phone had chosen, if it is still Ready; with exactly one Ready tug, that one. */
export function chosenTug(ready: readonly TugStatus[], id: string | null): TugStatus | null {
  const found = id === null ? undefined : ready.find((t) => t.id === id);
  if (found) return found;
  return ready.length === 1 ? ready[0]! : null;
}

import type { TugStatus } from '@flightline/domain/api/types';
import {
  formatHundredths,
  hobbsBelowMessage,
  hundredthsOfNumber,
  parseHundredths,
} from '@flightline/domain/flights/tugs';
import type { TowEventData } from './api.ts';

/**
 * The tug page's form: four modes, Hobbs hours and fuel litres typed as text
 * with up to 2 decimals, checked here with the server's own wording before
 * anything is sent.
 */

export type TowMode = 'checkIn' | 'checkOut' | 'refuel' | 'oil';

export const MODES: { mode: TowMode; label: string }[] = [
  { mode: 'checkIn', label: 'Pilot check in' },
  { mode: 'checkOut', label: 'Pilot check out' },
  { mode: 'refuel', label: 'Refuel' },
  { mode: 'oil', label: 'Oil Change' },
];

/** The typed fields; pilot '' is the dropdown's None. */
export interface TowDraft {
  hobbs: string;
  fuel: string;
  pilot: string;
}

export type TowErrors = Partial<Record<'hobbs' | 'fuel' | 'pilot' | 'form', string>>;

export type Checked = { ok: true; data: TowEventData } | { ok: false; errors: TowErrors };

export const HOBBS_FORMAT = 'Enter the Hobbs reading in hours, with up to 2 decimals';
export const FUEL_FORMAT = 'Enter the fuel added in litres, with up to 2 decimals';
export const FUEL_MISSING = 'Enter the fuel added';
export const PILOT_MISSING = 'Choose a tow pilot';

/** API hours (a number with up to 2 decimals) → hundredths; null stays null. */
const hundredths = (hours: number | null): number | null => (hours === null ? null : hundredthsOfNumber(hours));

/** Hours as the page shows them: 1235.29 → '1235.29', 12 → '12.00'. */
export function hoursText(hours: number): string {
  return formatHundredths(hundredthsOfNumber(hours));
}

/** The Hobbs field's starting text: the tug's last reading, or empty for a tug never logged. */
export function hobbsPrefill(tug: Pick<TugStatus, 'lastHobbs'> | undefined): string {
  return tug?.lastHobbs === null || tug?.lastHobbs === undefined ? '' : hoursText(tug.lastHobbs);
}

/** The note under each mode: when it last happened on this tug. */
export function lastNote(mode: TowMode, tug: TugStatus): string {
  const at = (hours: number | null, what: string, never: string) =>
    hours === null ? never : `${what} ${hoursText(hours)} hours`;
  switch (mode) {
    case 'checkIn':
    case 'checkOut':
      return at(tug.lastPilotHobbs, 'Last pilot change was at', 'No pilot change recorded yet');
    case 'refuel':
      return at(tug.lastFuelHobbs, 'Last refuel was at', 'No refuel recorded yet');
    case 'oil':
      return at(tug.lastOilHobbs, 'Last oil change was at', 'No oil change recorded yet');
  }
}

/** The check-out button's label: 'Check out {pilot}'. */
export function checkOutLabel(tug: Pick<TugStatus, 'pilotName' | 'currentPilot'> | undefined): string {
  return tug?.currentPilot ? `Check out ${tug.pilotName}` : 'Check out';
}

/** The tug chosen when the page opens: the only one, else the only Ready one, else none (the person chooses). */
export function defaultTug(tugs: Pick<TugStatus, 'id' | 'status'>[]): string {
  if (tugs.length === 1) return tugs[0]!.id;
  const ready = tugs.filter((tug) => tug.status === 'Ready');
  return ready.length === 1 ? ready[0]!.id : '';
}

/** More hours than a tug flies between two logged events: likely a typing slip (1234.5 typed as 12345). */
export const LARGE_JUMP_HOURS = 24;

/**
 * The question to ask before sending a reading far above the last one: a
 * reading is never lowered afterwards (the log is append-only and the Hobbs
 * only grows), so a slip would block the tug's log. Null when there is nothing to ask.
 */
export function hobbsJumpWarning(tug: Pick<TugStatus, 'id' | 'lastHobbs'>, hobbsText: string): string | null {
  const hobbs = parseHundredths(hobbsText);
  const last = hundredths(tug.lastHobbs);
  if (hobbs === null || last === null || hobbs - last <= LARGE_JUMP_HOURS * 100) return null;
  return (
    `Hobbs ${formatHundredths(hobbs)} is ${formatHundredths(hobbs - last)} hours above the last reading ` +
    `of ${tug.id} (${formatHundredths(last)} h). A reading cannot be lowered later. Is it right?`
  );
}

/** The payload for a mode, or the errors to show beside the fields. */
export function towData(
  mode: TowMode,
  draft: TowDraft,
  tug: TugStatus,
  context: { time: number; by: string },
): Checked {
  const errors: TowErrors = {};
  const hobbs = parseHundredths(draft.hobbs);
  const last = hundredths(tug.lastHobbs);
  if (hobbs === null) errors.hobbs = HOBBS_FORMAT;
  else if (last !== null && hobbs < last) errors.hobbs = hobbsBelowMessage(tug.id, hobbs, last);
  let fuel = 0;
  if (mode === 'refuel') {
    const parsed = parseHundredths(draft.fuel);
    if (draft.fuel.trim() === '') errors.fuel = FUEL_MISSING;
    else if (parsed === null) errors.fuel = FUEL_FORMAT;
    else if (parsed === 0) errors.fuel = FUEL_MISSING;
    else fuel = parsed;
  }
  if (mode === 'checkIn') {
    if (draft.pilot === '') errors.pilot = PILOT_MISSING;
    else if (draft.pilot === tug.currentPilot) errors.pilot = `${tug.pilotName} is already checked in on ${tug.id}`;
  }
  if (mode === 'checkOut' && !tug.currentPilot) errors.form = `No pilot is checked in on ${tug.id}`;
  if (Object.keys(errors).length > 0 || hobbs === null) return { ok: false, errors };
  return {
    ok: true,
    data: {
      time: context.time,
      by: context.by,
      tug: tug.id,
      hobbs: hobbs / 100,
      oil: mode === 'oil',
      fuel: fuel / 100,
      pilot: mode === 'checkIn' ? draft.pilot : '',
      pilotLogOut: mode === 'checkOut',
    },
  };
}

/** What the outbox and the navbar call a tug event while it waits: 'Refuel 30.00 L on C-FTOW at 1236.50 h'. */
export function towLabel(
  data: Pick<TowEventData, 'tug' | 'hobbs' | 'oil' | 'fuel' | 'pilot' | 'pilotLogOut'>,
  names: { checkedIn: string; pilot: string },
): string {
  const at = `at ${hoursText(data.hobbs)} h`;
  if (data.pilot) return `Check in ${names.pilot || 'a tow pilot'} on ${data.tug} ${at}`;
  if (data.pilotLogOut) return `Check out ${names.checkedIn || 'the pilot'} of ${data.tug} ${at}`;
  if (data.fuel > 0) return `Refuel ${hoursText(data.fuel)} L on ${data.tug} ${at}`;
  return `Oil change on ${data.tug} ${at}`;
}

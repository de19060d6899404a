import type { IntroItem, LogsData } from '@flightline/domain/api/types';
import type { Choice, LogPilot } from './log-views.ts';
import type { FlightDraft } from './flight-draft.ts';

/**
 * What the Editing Flight form offers: the club's gliders, launches and tugs;
 * active pilots without the ground-only ones; the instructors or members as
 * second person; the intros still free for this flight; the tow pilots. A
 * value the flight holds that is no longer on offer (a retired glider, a
 * pilot now ground-only) stays as a disabled choice, so the form shows what
 * is stored and a change means a new choice.
 */

export interface EditChoice extends Choice {
  disabled?: boolean;
}

export interface EditChoices {
  gliders: EditChoice[];
  pilots: EditChoice[];
  /** For Instructor and Member flights: the second person. */
  secondPersons: EditChoice[];
  intros: EditChoice[];
  launches: EditChoice[];
  towPilots: EditChoice[];
  tugs: EditChoice[];
}

const byLabel = (a: Choice, b: Choice) => a.label.localeCompare(b.label);
const name = (p: Pick<LogPilot, 'first' | 'last'>) => `${p.first} ${p.last}`.trim();

/** The offered choices, with `current` added (disabled) when it is set and not among them. */
function keeping(choices: EditChoice[], current: string, label: (id: string) => string = (id) => id): EditChoice[] {
  if (!current || choices.some((c) => c.value === current)) return choices;
  return [...choices, { value: current, label: label(current), disabled: true }];
}

/** An intro's button text: serial number and passenger. */
export function introLabel(intro: Pick<IntroItem, 'SN' | 'recipientFirst' | 'recipientLast'>): string {
  return `${intro.SN} ${intro.recipientFirst} ${intro.recipientLast}`.trim();
}

/** Free for this flight: not refunded or cancelled, and on no other flight (domain rules "Intros"). */
export function introAvailable(intro: IntroItem, flightId: string): boolean {
  return !intro.refunded && !intro.cancelled && (intro.flightRef === '' || intro.flightRef === flightId);
}

export function editChoices(data: LogsData, draft: FlightDraft, flightId: string): EditChoices {
  const pilotName = (id: string) => {
    const p = data.pilots.find((x) => x.userID === id);
    return p ? name(p) : 'Unknown';
  };
  // Members who have left stay in the list for their names only.
  const active = data.pilots.filter((p) => p.isActive !== false);
  const flying = active.filter((p) => !p.groundOnly);
  const pilots = flying.map((p) => ({ value: p.userID, label: name(p) })).sort(byLabel);
  const second = flying
    .filter((p) => p.userID !== draft.user && (draft.flyWith !== 'Instructor' || p.isInstructor))
    .map((p) => ({ value: p.userID, label: name(p) }))
    .sort(byLabel);
  const intros = (data.intros ?? [])
    .filter((i) => introAvailable(i, flightId))
    .map((i) => ({ value: i.id, label: introLabel(i) }))
    .sort(byLabel);
  const introName = (id: string) => {
    const i = (data.intros ?? []).find((x) => x.id === id);
    return i ? introLabel(i) : 'Unknown intro';
  };
  return {
    gliders: keeping((data.gliders ?? []).map((g) => ({ value: g.id, label: g.id })).sort(byLabel), draft.glider),
    pilots: keeping(pilots, draft.user, (id) => `${pilotName(id)} (ground only)`),
    secondPersons: keeping(second, draft.passengerID, pilotName),
    intros: keeping(intros, draft.introRef, introName),
    launches: keeping(
      (data.launches ?? []).filter((l) => l.isActive).map((l) => ({ value: l.id, label: l.id })),
      draft.launchType,
    ),
    towPilots: keeping(
      flying
        .filter((p) => p.isTowPilot)
        .map((p) => ({ value: p.userID, label: name(p) }))
        .sort(byLabel),
      draft.towPilot,
      pilotName,
    ),
    tugs: keeping((data.tugs ?? []).map((t) => ({ value: t.id, label: t.id })).sort(byLabel), draft.tug),
  };
}

/**
 * The draft after Flying With changes: a second person who still fits the
 * new type stays; otherwise the choice starts empty.
 */
export function withFlyWith(draft: FlightDraft, flyWith: FlightDraft['flyWith'], data: LogsData): FlightDraft {
  const person = data.pilots.find((p) => p.userID === draft.passengerID);
  const fits =
    person !== undefined &&
    !person.groundOnly &&
    person.isActive !== false &&
    (flyWith === 'Member' || (flyWith === 'Instructor' && person.isInstructor));
  return {
    ...draft,
    flyWith,
    passengerID: fits ? draft.passengerID : '',
    shareCost: flyWith === 'Member' && draft.shareCost,
    pilotInCharge: flyWith === 'Instructor' || flyWith === 'Member' ? draft.pilotInCharge : true,
  };
}

import type { CrewPageData, IntroItem, IntroLaunchItem } from '../api/types.ts';
import type { CrewFormState, FlyWith } from '../flights/crew-rules.ts';
import { compareText } from '../club/text-order.ts';
import { gliderForFlightType } from './glider-choices.ts';

/**
 * The Request Flight form as the member fills it (docs/flight-line.md
 * "Requesting a flight"), and what each change does to the rest. Numbers stay
 * as typed text until the request is built.
 */

export type CrewPilot = CrewPageData['pilots'][number];
export type IntroMode = 'prepurchased' | 'new';

export interface IntroSaleDraft {
  /** The intro launch option (Launch Method). */
  introType: string;
  first: string;
  last: string;
  payment: string;
  paymentRef: string;
  /** '' lets the server generate one. */
  SN: string;
}

export interface IntroDraft {
  mode: IntroMode;
  search: string;
  /** The pre-purchased intro chosen, by id. */
  selectedId: string | null;
  /** The passenger as renamed in Edit Passenger for Intro; null while unchanged. */
  rename: { first: string; last: string } | null;
  sale: IntroSaleDraft;
}

export interface CrewDraft {
  /** The pilot of the flight (the payer of an Alone, Instructor or Friend flight). */
  pilotID: string;
  flyWith: FlyWith;
  /** The instructor or member flying with the pilot; '' when none is chosen. */
  secondID: string;
  friendFirst: string;
  friendLast: string;
  /** true: the pilot is in command; false: the second person is. */
  pilotInCharge: boolean;
  shareCost: boolean;
  intro: IntroDraft;
  glider: string | null;
  launchType: string | null;
  weight: string;
  passengerWeight: string;
  gliderWeight: string;
  waterWeight: string;
  towSpeed: string;
}

export type CrewData = Pick<
  CrewPageData,
  | 'pilot'
  | 'pilots'
  | 'launches'
  | 'introLaunches'
  | 'intros'
  | 'readyGliders'
  | 'recentGliders'
  | 'recentMultiSeatGliders'
  | 'unusedMultiSeatGliders'
  | 'flyingGliders'
> & { clubInfo: Pick<CrewPageData['clubInfo'], 'paymentMethods' | 'warningLevelCents' | 'minimumLevelCents'> };

const weightText = (kg: number | undefined) => (kg && kg > 0 ? String(kg) : '');

export function fullName(person: { first: string; last: string }): string {
  return `${person.first} ${person.last}`.trim();
}

export function emptyIntro(): IntroDraft {
  return {
    mode: 'prepurchased',
    search: '',
    selectedId: null,
    rename: null,
    sale: { introType: '', first: '', last: '', payment: '', paymentRef: '', SN: '' },
  };
}

/** The form on arrival: the member flies alone, weight from their record, nothing else chosen. */
export function initialDraft(data: CrewData): CrewDraft {
  return {
    pilotID: data.pilot.pilotID,
    flyWith: 'Alone',
    secondID: '',
    friendFirst: '',
    friendLast: '',
    pilotInCharge: true,
    shareCost: false,
    intro: emptyIntro(),
    glider: null,
    launchType: null,
    weight: weightText(data.pilot.weight),
    passengerWeight: '',
    gliderWeight: '',
    waterWeight: '',
    towSpeed: '',
  };
}

export function pilotOf(data: CrewData, id: string): CrewPilot | undefined {
  if (id === data.pilot.pilotID) return data.pilot;
  return data.pilots.find((pilot) => pilot.pilotID === id);
}

/** Pilot selector: the member first, then the other pilots by full name. */
export function pilotChoices(data: CrewData): CrewPilot[] {
  const me = data.pilot.pilotID;
  const others = data.pilots.filter((p) => p.pilotID !== me).sort((a, b) => compareText(fullName(a), fullName(b)));
  return [data.pilots.find((p) => p.pilotID === me) ?? data.pilot, ...others];
}

/** Pilot in Command's first choice: Me, or the pilot's name when requesting for someone else. */
export function pilotInCommandLabel(data: CrewData, draft: CrewDraft): string {
  if (draft.pilotID === data.pilot.pilotID) return 'Me';
  const pilot = pilotOf(data, draft.pilotID);
  return pilot ? fullName(pilot) : 'Pilot';
}

/**
 * Who can fly with the pilot: Instructor lists the instructors, Member every
 * member, both without the pilot themself and without ground-only members
 * (who can't be on the flight line), by full name.
 */
export function secondPersonChoices(data: CrewData, pilotID: string, flyWith: FlyWith): CrewPilot[] {
  if (flyWith !== 'Instructor' && flyWith !== 'Member') return [];
  return data.pilots
    .filter((p) => p.pilotID !== pilotID && !p.groundOnly && (flyWith === 'Member' || p.isInstructor))
    .sort((a, b) => compareText(fullName(a), fullName(b)));
}

function keepSecond(data: CrewData, draft: CrewDraft, pilotID: string, flyWith: FlyWith): string {
  return secondPersonChoices(data, pilotID, flyWith).some((p) => p.pilotID === draft.secondID) ? draft.secondID : '';
}

/**
 * A new flight type: the glider moves off a single seater for two people;
 * Instructor puts the instructor in command; only Member can share the cost;
 * leaving Intro clears the intro.
 */
export function withFlyWith(data: CrewData, draft: CrewDraft, flyWith: FlyWith): CrewDraft {
  if (flyWith === draft.flyWith) return draft;
  const secondID = keepSecond(data, draft, draft.pilotID, flyWith);
  const glider = gliderForFlightType(data, draft.glider, flyWith);
  return {
    // Another glider brings its own weight and launch speed.
    ...(glider === draft.glider ? draft : withGlider(data, draft, glider)),
    flyWith,
    secondID,
    pilotInCharge: flyWith !== 'Instructor',
    shareCost: flyWith === 'Member' && draft.shareCost,
    intro: draft.flyWith === 'Intro' ? emptyIntro() : draft.intro,
    passengerWeight: secondID === draft.secondID ? draft.passengerWeight : '',
  };
}

/** Another pilot: their weight, and a second person who is still a choice. */
export function withPilot(data: CrewData, draft: CrewDraft, pilotID: string): CrewDraft {
  const secondID = keepSecond(data, draft, pilotID, draft.flyWith);
  return {
    ...draft,
    pilotID,
    weight: weightText(pilotOf(data, pilotID)?.weight),
    secondID,
    passengerWeight: secondID === draft.secondID ? draft.passengerWeight : '',
  };
}

/** The instructor or member chosen: their weight as the passenger weight. */
export function withSecond(data: CrewData, draft: CrewDraft, secondID: string): CrewDraft {
  return { ...draft, secondID, passengerWeight: weightText(pilotOf(data, secondID)?.weight) };
}

/** A glider chosen: its weight and launch speed as the glider weight and tow speed. */
export function withGlider(data: CrewData, draft: CrewDraft, glider: string | null): CrewDraft {
  const item = glider ? data.readyGliders[glider] : undefined;
  return { ...draft, glider, gliderWeight: weightText(item?.weight), towSpeed: weightText(item?.launchSpeed) };
}

/** Switching to New Intro preselects the first intro launch option. */
export function withIntroMode(data: CrewData, draft: CrewDraft, mode: IntroMode): CrewDraft {
  const sale =
    mode === 'new' && !draft.intro.sale.introType
      ? { ...draft.intro.sale, introType: data.introLaunches[0]?.id ?? '' }
      : draft.intro.sale;
  return { ...draft, intro: { ...draft.intro, mode, sale } };
}

/** A pre-purchased intro chosen (or the choice cleared); a rename belongs to the intro it was made for. */
export function withIntro(draft: CrewDraft, introId: string | null): CrewDraft {
  return { ...draft, intro: { ...draft.intro, selectedId: introId, rename: null } };
}

export function selectedIntro(data: CrewData, draft: CrewDraft): IntroItem | undefined {
  if (draft.flyWith !== 'Intro' || draft.intro.mode !== 'prepurchased' || !draft.intro.selectedId) return undefined;
  return data.intros.find((intro) => intro.id === draft.intro.selectedId);
}

/** The intro's passenger: the rename when there is one, else the recipient. */
export function introPassenger(draft: CrewDraft, intro: IntroItem): { first: string; last: string } {
  return draft.intro.rename ?? { first: intro.recipientFirst, last: intro.recipientLast };
}

export function introLaunchOption(data: CrewData, id: string): IntroLaunchItem | undefined {
  return data.introLaunches.find((option) => option.id === id);
}

/** The intro launch option an intro flight uses, by id: the pre-purchased intro's or the one being sold. */
export function introTypeOf(data: CrewData, draft: CrewDraft): string | null {
  if (draft.flyWith !== 'Intro') return null;
  if (draft.intro.mode === 'new') return draft.intro.sale.introType || null;
  return selectedIntro(data, draft)?.launchType ?? null;
}

/** The launch the flight asks for: the launch type chosen, or an intro's launch. */
export function launchOf(data: CrewData, draft: CrewDraft): string | null {
  if (draft.flyWith !== 'Intro') return draft.launchType;
  const type = introTypeOf(data, draft);
  return type ? (introLaunchOption(data, type)?.launch ?? type) : null;
}

/** The second person's name, '' when not identified. */
export function passengerName(data: CrewData, draft: CrewDraft): string {
  switch (draft.flyWith) {
    case 'Alone':
      return '';
    case 'Instructor':
    case 'Member': {
      const second = secondPersonChoices(data, draft.pilotID, draft.flyWith).find((p) => p.pilotID === draft.secondID);
      return second ? fullName(second) : '';
    }
    case 'Friend':
      return draft.friendFirst.trim() && draft.friendLast.trim()
        ? `${draft.friendFirst.trim()} ${draft.friendLast.trim()}`
        : '';
    case 'Intro': {
      if (draft.intro.mode === 'new') {
        const { first, last } = draft.intro.sale;
        return first.trim() && last.trim() ? `${first.trim()} ${last.trim()}` : '';
      }
      const intro = selectedIntro(data, draft);
      return intro ? fullName(introPassenger(draft, intro)) : '';
    }
  }
}

/**
 * What the submit button checks (crew-rules), for the pilot being placed:
 * their standing against the club's levels and the flight they are already
 * on come with the page's data (only the caller's own amount, or everyone's
 * for an admin); a member sharing the cost pays half, so counts too.
 */
export function crewFormState(data: CrewData, draft: CrewDraft): CrewFormState {
  const pilot = pilotOf(data, draft.pilotID);
  const second =
    draft.flyWith === 'Instructor' || draft.flyWith === 'Member'
      ? secondPersonChoices(data, draft.pilotID, draft.flyWith).find((p) => p.pilotID === draft.secondID)
      : undefined;
  const intro =
    draft.flyWith === 'Intro'
      ? {
          mode: draft.intro.mode,
          introType: introTypeOf(data, draft),
          ...(draft.intro.mode === 'new' ? { payment: draft.intro.sale.payment } : {}),
        }
      : null;
  return {
    glider: draft.glider,
    launchType: draft.flyWith === 'Intro' ? launchOf(data, draft) : draft.launchType,
    flyWith: draft.flyWith,
    passengerName: passengerName(data, draft),
    intro,
    funds: { belowMinimum: pilot?.belowMinimum ?? false, belowWarning: pilot?.belowWarning ?? false },
    sharerFunds:
      draft.flyWith === 'Member' && draft.shareCost && second
        ? { belowMinimum: second.belowMinimum, belowWarning: second.belowWarning }
        : null,
    groundOnly: pilot?.groundOnly ?? false,
    pilotOnLineIn: pilot?.onLineIn ?? null,
    secondOnLineIn: second?.onLineIn ?? null,
  };
}

/** "who is in which glider requesting which launch, and with whom". */
export function summaryLine(data: CrewData, draft: CrewDraft): string {
  const pilot = pilotOf(data, draft.pilotID);
  const who =
    draft.pilotID === data.pilot.pilotID ? `You (${fullName(data.pilot)})` : pilot ? fullName(pilot) : 'The pilot';
  const verb = draft.pilotID === data.pilot.pilotID ? 'are' : 'is';
  const glider = draft.glider ? `in ${draft.glider}` : 'in no glider yet';
  const launch = launchOf(data, draft);
  const requesting = launch ? `requesting ${launch}` : 'with no launch type yet';
  const name = passengerName(data, draft);
  const companion: Record<FlyWith, string> = {
    Alone: 'flying alone',
    Instructor: name ? `with instructor ${name}` : 'with an instructor not yet chosen',
    Member: name ? `with member ${name}${draft.shareCost ? ', sharing the cost' : ''}` : 'with a member not yet chosen',
    Intro: name ? `with intro passenger ${name}` : 'with an intro passenger not yet identified',
    Friend: name ? `with friend ${name}` : 'with a friend not yet named',
  };
  return `${who} ${verb} ${glider} ${requesting}, ${companion[draft.flyWith]}.`;
}

/** Fresh page data (after a reload or a refusal): drop choices that are no longer possible. */
export function reconcileDraft(data: CrewData, current: CrewDraft, previous?: CrewData): CrewDraft {
  // The page may open on the last data seen and then read it again: the pilot's stored weight follows while the field
  // still shows the old one.
  const storedBefore = previous ? weightText(pilotOf(previous, current.pilotID)?.weight) : null;
  const stored = weightText(pilotOf(data, current.pilotID)?.weight);
  const draft =
    storedBefore !== null && current.weight === storedBefore && stored !== storedBefore
      ? { ...current, weight: stored }
      : current;
  const glider = draft.glider && data.readyGliders[draft.glider] ? draft.glider : null;
  const selectedId =
    draft.intro.selectedId && data.intros.some((intro) => intro.id === draft.intro.selectedId)
      ? draft.intro.selectedId
      : null;
  const secondID = keepSecond(data, draft, draft.pilotID, draft.flyWith);
  const launchType =
    draft.launchType && data.launches.some((launch) => launch.id === draft.launchType) ? draft.launchType : null;
  if (
    glider === draft.glider &&
    selectedId === draft.intro.selectedId &&
    secondID === draft.secondID &&
    launchType === draft.launchType
  )
    return draft;
  return {
    // A glider no longer free takes its weight and launch speed with it.
    ...(glider === draft.glider ? draft : withGlider(data, draft, glider)),
    launchType,
    secondID,
    intro: selectedId === draft.intro.selectedId ? draft.intro : { ...draft.intro, selectedId, rename: null },
  };
}

import type { FlightCorrection, FlightRecord, IntroItem } from '@flightline/domain/api/types';
import { FLOWN_ALONE, type FlyWith } from '@flightline/domain/flights/crew-rules';
import { changeFlightSchema, type ChangeFlight } from '@flightline/domain/schemas/flights';
import { clockOf, dayAndClockOf, dayOf, instantOf } from './club-clock.ts';
import { fullName, type LogPilot } from './log-views.ts';

/**
 * The flight modal's edit (docs/flight-line.md "Log edits: ChangeFlight"):
 * the form's draft, the ChangeFlight body it becomes, the Confirm Changes
 * list (each changed value with the old one), and the revisions' rows.
 */

export const RELEASE_HEIGHT_POSITIVE = 'Release height must be positive';
export const UPDATE_FAILED = 'Could not update flight';
/** 'Sucessfully' is the spec's spelling, kept on purpose. */
export const updatedMessage = (id: string) => `Sucessfully updated flight ${id}`;

/** The schema's ceiling (changeFlightSchema). */
const MAX_RELEASE_HEIGHT = 100_000;

/** What the Editing Flight form holds: text as typed, ids as chosen. */
export interface FlightDraft {
  glider: string;
  user: string;
  flyWith: FlyWith;
  /** Instructor and Member flights: the second person's id. */
  passengerID: string;
  /** Friend flights: the passenger's names. */
  passengerFirst: string;
  passengerLast: string;
  introRef: string;
  shareCost: boolean;
  pilotInCharge: boolean;
  launchType: string;
  /** 'HH:mm' in the club's zone, or '' (not launched / not landed). */
  takeoff: string;
  landing: string;
  releaseHeight: string;
  towPilot: string;
  tug: string;
}

/** What names and labels come from: the club's zone, its members and its intros. */
export interface FlightLookups {
  timeZone: string;
  pilots: ReadonlyMap<string, Pick<LogPilot, 'first' | 'last'>>;
  intros: ReadonlyMap<string, Pick<IntroItem, 'SN' | 'recipientFirst' | 'recipientLast'>>;
}

export function draftOf(flight: FlightRecord, timeZone: string): FlightDraft {
  return {
    glider: flight.glider,
    user: flight.user,
    flyWith: flight.flyWith,
    passengerID: flight.passengerID,
    passengerFirst: flight.passengerFirst,
    passengerLast: flight.passengerLast,
    introRef: flight.introRef,
    shareCost: flight.shareCost,
    pilotInCharge: flight.pilotInCharge,
    launchType: flight.launchType,
    takeoff: flight.launchedAt === null ? '' : clockOf(flight.launchedAt, timeZone),
    landing: flight.landedAt === null ? '' : clockOf(flight.landedAt, timeZone),
    releaseHeight: String(flight.releaseHeight),
    towPilot: flight.towPilot,
    tug: flight.tug,
  };
}

/** Whether the second person is a club member chosen from the list. */
export const withMember = (flyWith: FlyWith) => flyWith === 'Instructor' || flyWith === 'Member';

/**
 * A time field as an instant on the flight's day. A field left as it was
 * keeps the stored instant (its seconds too), so an untouched time is no
 * change; a time on a flight that crossed midnight stays on its own day.
 */
function timeOf(
  text: string,
  original: number | null,
  fallbackDay: string,
  timeZone: string,
): number | null | 'invalid' {
  const clock = text.trim();
  if (clock === '') return null;
  if (original !== null && clock === clockOf(original, timeZone)) return original;
  const day = original === null ? fallbackDay : dayOf(original, timeZone);
  return instantOf(day, clock, timeZone) ?? 'invalid';
}

/** The release height as typed: a whole number ≥ 0 (an empty field is 0), or the problem. */
export function parseReleaseHeight(text: string): number | string {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  const value = Number(trimmed);
  if (Number.isNaN(value)) return 'Release height must be a whole number';
  if (value < 0) return RELEASE_HEIGHT_POSITIVE;
  if (!Number.isInteger(value)) return 'Release height must be a whole number';
  if (value > MAX_RELEASE_HEIGHT) return `Release height must be ${MAX_RELEASE_HEIGHT} or less`;
  return value;
}

export type BuiltChange = { ok: true; body: ChangeFlight } | { ok: false; problem: string };

/**
 * The ChangeFlight body from the draft, with only the fields its flight type
 * uses (as the crew page sends them), or the first problem; then the server's
 * own schema has its say. Release height first: a negative one is the spec's
 * 'Release height must be positive' (alert, no submit).
 */
export function buildChangeFlight(
  flight: FlightRecord,
  draft: FlightDraft,
  lookups: FlightLookups,
  idempotencyKey: string,
): BuiltChange {
  const height = parseReleaseHeight(draft.releaseHeight);
  if (typeof height === 'string') return { ok: false, problem: height };
  if (!draft.glider) return { ok: false, problem: 'No glider selected' };
  if (!draft.user) return { ok: false, problem: 'Choose the pilot' };

  const launchedAt = timeOf(draft.takeoff, flight.launchedAt, flight.dateString, lookups.timeZone);
  const landedAt = timeOf(draft.landing, flight.landedAt, flight.dateString, lookups.timeZone);
  if (launchedAt === 'invalid') return { ok: false, problem: 'Enter the takeoff time as hh:mm' };
  if (landedAt === 'invalid') return { ok: false, problem: 'Enter the landing time as hh:mm' };
  // The log corrects flights that launched; a landing is undone on the flight line, not here.
  if (launchedAt === null) return { ok: false, problem: 'Enter the takeoff time' };
  if (landedAt === null && flight.landedAt !== null) return { ok: false, problem: 'Enter the landing time' };
  if (landedAt !== null && launchedAt !== null && landedAt < launchedAt)
    return { ok: false, problem: 'The landing time must be after the takeoff time' };

  const second = secondOf(draft, lookups);
  if (typeof second === 'string') return { ok: false, problem: second };

  const body: ChangeFlight = {
    id: flight.id,
    action: 'ChangeFlight',
    idempotencyKey,
    date: flight.dateString,
    glider: draft.glider,
    user: draft.user,
    flyWith: draft.flyWith,
    ...second,
    launchType: draft.launchType,
    towPilot: draft.towPilot,
    tug: draft.tug,
    launchedAt,
    landedAt,
    releaseHeight: height,
  };
  const checked = changeFlightSchema.safeParse(body);
  if (!checked.success) return { ok: false, problem: checked.error.issues[0]?.message ?? 'The flight is not complete' };
  return { ok: true, body };
}

type Second = Pick<
  ChangeFlight,
  'passengerID' | 'passengerFirst' | 'passengerLast' | 'pilotInCharge' | 'shareCost' | 'introRef'
>;

/** The second person's fields for the flight type, or why they are not complete. */
function secondOf(draft: FlightDraft, lookups: FlightLookups): Second | string {
  const alone: Second = FLOWN_ALONE;
  switch (draft.flyWith) {
    case 'Alone':
      return alone;
    case 'Instructor':
    case 'Member': {
      const role = draft.flyWith === 'Instructor' ? 'instructor' : 'member';
      if (!draft.passengerID) return `Second person not identified: choose the ${role}`;
      if (draft.passengerID === draft.user) return `The ${role} must be someone other than the pilot`;
      const person = lookups.pilots.get(draft.passengerID);
      return {
        ...alone,
        passengerID: draft.passengerID,
        passengerFirst: person?.first ?? '',
        passengerLast: person?.last ?? '',
        pilotInCharge: draft.pilotInCharge,
        // Sharing is between two members.
        shareCost: draft.flyWith === 'Member' && draft.shareCost,
      };
    }
    case 'Friend': {
      const first = draft.passengerFirst.trim();
      const last = draft.passengerLast.trim();
      if (!first || !last) return "Second person not identified: enter the friend's first and last name";
      return { ...alone, passengerFirst: first, passengerLast: last };
    }
    case 'Intro': {
      const intro = lookups.intros.get(draft.introRef);
      if (!draft.introRef || !intro) return 'Second person not identified: choose the intro';
      return {
        ...alone,
        introRef: draft.introRef,
        passengerFirst: intro.recipientFirst,
        passengerLast: intro.recipientLast,
      };
    }
  }
}

// ── How values read ─────────────────────────────────────────────────────────

const NONE = '—';

/** The parts of a flight that say who flew, as stored or as about to be sent. */
type People = Pick<
  FlightRecord,
  'user' | 'flyWith' | 'passengerID' | 'passengerFirst' | 'passengerLast' | 'pilotInCharge' | 'introRef'
>;

/** The Passenger line: the member, the passenger's names, the intro's serial number; '—' when alone. */
export function passengerText(flight: People, lookups: FlightLookups): string {
  if (flight.flyWith === 'Alone') return NONE;
  const name = flight.passengerID
    ? fullName(lookups.pilots, flight.passengerID)
    : `${flight.passengerFirst} ${flight.passengerLast}`.trim();
  const intro = flight.flyWith === 'Intro' && flight.introRef ? lookups.intros.get(flight.introRef) : undefined;
  const text = name || NONE;
  return intro ? `${text} (intro ${intro.SN})` : text;
}

/** The Pilot in Command line: who was in command, by name. */
export function commandText(flight: People, lookups: FlightLookups): string {
  if (flight.pilotInCharge || flight.flyWith === 'Alone') return fullName(lookups.pilots, flight.user) || NONE;
  return passengerText({ ...flight, flyWith: flight.flyWith, introRef: '' }, lookups);
}

export function yesNo(value: boolean): string {
  return value ? 'Yes' : 'No';
}

export function clockText(ms: number | null, timeZone: string): string {
  return ms === null ? NONE : clockOf(ms, timeZone);
}

function plain(value: unknown): string {
  if (value === null || value === undefined || value === '') return NONE;
  if (typeof value === 'boolean') return yesNo(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

// ── Confirm Changes ─────────────────────────────────────────────────────────

export interface ChangeRow {
  key: string;
  label: string;
  from: string;
  to: string;
}

type Edited = People &
  Pick<
    FlightRecord,
    'glider' | 'shareCost' | 'launchType' | 'launchedAt' | 'landedAt' | 'releaseHeight' | 'towPilot' | 'tug'
  >;

/** The rows of Confirm Changes, in the form's order; each reads the value as the person sees it. */
const ROWS: readonly { key: string; label: string; text: (f: Edited, l: FlightLookups) => string }[] = [
  { key: 'glider', label: 'Glider', text: (f) => plain(f.glider) },
  { key: 'user', label: 'Pilot', text: (f, l) => fullName(l.pilots, f.user) || NONE },
  { key: 'flyWith', label: 'Flying With', text: (f) => f.flyWith },
  { key: 'passenger', label: 'Passenger', text: passengerText },
  { key: 'shareCost', label: 'Sharing Cost?', text: (f) => yesNo(f.shareCost) },
  { key: 'pilotInCharge', label: 'Pilot in Command', text: commandText },
  { key: 'launchType', label: 'Launch', text: (f) => plain(f.launchType) },
  { key: 'launchedAt', label: 'Takeoff Time', text: (f, l) => clockText(f.launchedAt, l.timeZone) },
  { key: 'landedAt', label: 'Landing Time', text: (f, l) => clockText(f.landedAt, l.timeZone) },
  { key: 'releaseHeight', label: 'Release Height', text: (f) => String(f.releaseHeight) },
  { key: 'towPilot', label: 'Tow Pilot', text: (f, l) => (f.towPilot ? fullName(l.pilots, f.towPilot) : NONE) },
  { key: 'tug', label: 'Tug', text: (f) => plain(f.tug) },
];

/** Each value the edit changes, old and new; empty when the edit changes nothing. */
export function changeRows(flight: FlightRecord, body: ChangeFlight, lookups: FlightLookups): ChangeRow[] {
  const edited: Edited = { ...body, flyWith: body.flyWith as FlyWith, introRef: body.introRef ?? '' };
  return ROWS.map((row) => ({
    key: row.key,
    label: row.label,
    from: row.text(flight, lookups),
    to: row.text(edited, lookups),
  })).filter((row) => row.from !== row.to);
}

// ── Revisions ───────────────────────────────────────────────────────────────

const FIELD_LABELS: Record<string, string> = {
  glider: 'Glider',
  user: 'Pilot',
  first: 'Pilot first name',
  last: 'Pilot last name',
  flyWith: 'Flying With',
  passengerID: 'Passenger',
  passengerFirst: 'Passenger first name',
  passengerLast: 'Passenger last name',
  introRef: 'Intro',
  shareCost: 'Sharing Cost?',
  pilotInCharge: 'Pilot in Command?',
  launchType: 'Launch',
  launchedAt: 'Takeoff Time',
  landedAt: 'Landing Time',
  releaseHeight: 'Release Height',
  towPilot: 'Tow Pilot',
  tug: 'Tug',
  launchCost: 'Launch cost',
  flightCost: 'Flight cost',
};

/** Stored names may be snake_case (launched_at) or camelCase (launchedAt), ids as passenger_id. */
function camel(key: string): string {
  const named = key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  return named === 'passengerId'
    ? 'passengerID'
    : named === 'towPilotId'
      ? 'towPilot'
      : named === 'userId'
        ? 'user'
        : named;
}

function correctionValue(field: string, value: unknown, lookups: FlightLookups): string {
  if (value === null || value === undefined || value === '') return NONE;
  switch (field) {
    case 'launchedAt':
    case 'landedAt':
      if (typeof value === 'number') return clockOf(value, lookups.timeZone);
      if (typeof value === 'string' && !Number.isNaN(Date.parse(value)))
        return clockOf(Date.parse(value), lookups.timeZone);
      return plain(value);
    case 'user':
    case 'passengerID':
    case 'towPilot':
      return typeof value === 'string' ? fullName(lookups.pilots, value) : plain(value);
    case 'introRef':
      return typeof value === 'string' ? (lookups.intros.get(value)?.SN ?? value) : plain(value);
    default:
      return plain(value);
  }
}

export interface RevisionView {
  key: string;
  who: string;
  when: string;
  rows: ChangeRow[];
}

/** A correction as the revisions accordion shows it: who, when (club zone), each field old → new. */
export function revisionOf(correction: FlightCorrection, index: number, lookups: FlightLookups): RevisionView {
  const rows = Object.entries(correction.changes).map(([key, [from, to]]) => {
    const field = camel(key);
    return {
      key,
      label: FIELD_LABELS[field] ?? key,
      from: correctionValue(field, from, lookups),
      to: correctionValue(field, to, lookups),
    };
  });
  return {
    key: `${correction.submittedAt}-${index}`,
    who: correction.byName || fullName(lookups.pilots, correction.by) || NONE,
    when: dayAndClockOf(correction.submittedAt, lookups.timeZone),
    rows,
  };
}

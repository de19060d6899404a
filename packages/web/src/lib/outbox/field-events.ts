import type { FlightRecord } from '@flightline/domain/api/types';
import type { NewOutboxEntryOf } from '@flightline/domain/field/outbox';
import type { FlightRequest, UpdateFlight } from '@flightline/domain/schemas/flights';
import { newIdempotencyKey } from '../new-id.ts';

/**
 * The writes made at the field, as outbox entries (docs/offline.md, "The
 * outbox"): each names its declared call and carries that call's input, with
 * its idempotency key and the time the person tapped, and what the screens
 * call it while it waits.
 */

export interface Tapper {
  club: string;
  userId: string;
  userName: string;
}

/** A line action as the line page sends it: the body without the key, club and times. */
export type LineActionInput = Exclude<UpdateFlight, { action: 'ChangeFlight' }>;
export type LineActionName = LineActionInput['action'];

const ACTION_LABELS: Record<LineActionName, string> = {
  Launch: 'Launch',
  Landing: 'Landing',
  UndoLaunch: 'Undo launch',
  UndoLanding: 'Undo landing',
  CancelRequest: 'Remove from line',
  ReleaseHeight: 'Release height',
};

/** update-item FLIGHT from the crew page; `flight` is the request as the line will show it while it waits. */
export function flightRequestEntry(input: {
  id: string;
  date: string;
  data: FlightRequest;
  flight: FlightRecord;
  by: Tapper;
  tappedAt: number;
}): NewOutboxEntryOf<'flight-request'> {
  return {
    id: input.id,
    kind: 'flight-request',
    call: 'POST /api/update-item/',
    input: {
      type: 'FLIGHT',
      club: input.by.club,
      id: input.id,
      date: input.date,
      data: { ...input.data, submittedAt: input.tappedAt },
    },
    tappedAt: input.tappedAt,
    userId: input.by.userId,
    userName: input.by.userName,
    label: `Flight request: ${input.flight.glider}`,
    flightId: input.id,
    preview: { ...input.flight, submittedAt: input.tappedAt, queuedAt: input.tappedAt } satisfies FlightRecord,
  };
}

/**
 * update-item PILOT weight: the member's own weight, changed on the crew page
 * with a flight request. Queued right behind the request, it is sent once the
 * request is through and refused with it (the outbox's rule for a flight's
 * later events), as the crew page sent it after the request's answer before;
 * with no signal it waits with the request instead of being lost.
 */
export function pilotWeightEntry(input: {
  pilotId: string;
  weight: number;
  flightId: string;
  by: Tapper;
  tappedAt: number;
}): NewOutboxEntryOf<'pilot-weight'> {
  return {
    id: newIdempotencyKey(),
    kind: 'pilot-weight',
    call: 'POST /api/update-item/',
    input: { type: 'PILOT', id: input.pilotId, data: { weight: input.weight } },
    tappedAt: input.tappedAt,
    userId: input.by.userId,
    userName: input.by.userName,
    label: `Pilot weight ${input.weight} kg`,
    flightId: input.flightId,
    preview: null,
  };
}

/**
 * A line action (update-flight), tapped now unless `tappedAt` says when. Its
 * time is when it happened: the tap, or the line page's "Happened N Minutes
 * ago" for a launch or landing.
 */
export function lineActionEntry(input: {
  action: LineActionInput;
  glider: string;
  by: Tapper;
  tappedAt?: number;
}): NewOutboxEntryOf<'line-action'> {
  const key = newIdempotencyKey();
  const { action } = input;
  const tappedAt = input.tappedAt ?? Date.now();
  const label =
    action.action === 'ReleaseHeight'
      ? `Release height ${action.releaseHeight} ${input.glider}`
      : `${ACTION_LABELS[action.action]} ${input.glider}`;
  return {
    id: key,
    kind: 'line-action',
    call: 'POST /api/update-flight/',
    input: {
      ...action,
      club: input.by.club,
      idempotencyKey: key,
      time: action.time ?? tappedAt,
      enteredTime: tappedAt,
    },
    tappedAt,
    userId: input.by.userId,
    userName: input.by.userName,
    label,
    flightId: action.id,
    preview: null,
  };
}

/** A tug event's data, as create-tow takes it. */
export type TowEventData = NewOutboxEntryOf<'tow-event'>['input']['data'];

/** A tug event (create-tow); `data.time` is the tap (now unless `tappedAt` says when). */
export function towEventEntry(input: {
  idempotencyKey: string;
  data: TowEventData;
  label: string;
  by: Tapper;
  tappedAt?: number;
}): NewOutboxEntryOf<'tow-event'> {
  const tappedAt = input.tappedAt ?? Date.now();
  return {
    id: input.idempotencyKey,
    kind: 'tow-event',
    call: 'POST /api/create-tow/',
    input: { club: input.by.club, idempotencyKey: input.idempotencyKey, data: { ...input.data, time: tappedAt } },
    tappedAt,
    userId: input.by.userId,
    userName: input.by.userName,
    label: input.label,
    preview: null,
  };
}

/** Who taps, from the session. */
export function tapperOf(session: { club: string | null; userID: string | null; first: string; last: string }): Tapper {
  return {
    club: session.club ?? '',
    userId: session.userID ?? '',
    userName: `${session.first} ${session.last}`.trim(),
  };
}

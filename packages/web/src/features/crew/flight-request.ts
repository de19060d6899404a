import { flightRequestSchema, type FlightRequest } from '@flightline/domain/schemas/flights';
import {
  introPassenger,
  secondPersonChoices,
  selectedIntro,
  type CrewData,
  type CrewDraft,
} from '@flightline/domain/field/crew-draft';

/**
 * The crew page's request: the draft turned into update-item FLIGHT data,
 * checked with the server's own schema before it is sent.
 */

/** Weights and speeds that are not numbers are sent as 0; whole, never negative. */
export function numberOrZero(text: string): number {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? Math.max(0, Math.round(value)) : 0;
}

/** update-item FLIGHT data from the draft: only the fields the flight type uses. */
export function buildFlightRequest(data: CrewData, draft: CrewDraft): FlightRequest {
  const request: FlightRequest = {
    action: 'Create',
    user: draft.pilotID,
    flyWith: draft.flyWith,
    glider: draft.glider ?? '',
    // An intro flight flies its intro's launch: the server takes it from there.
    launchType: draft.flyWith === 'Intro' ? '' : (draft.launchType ?? ''),
    pilotInCharge: true,
    shareCost: false,
    passengerID: '',
    passengerFirst: '',
    passengerLast: '',
    weight: numberOrZero(draft.weight),
    passengerWeight: draft.flyWith === 'Alone' ? 0 : numberOrZero(draft.passengerWeight),
    gliderWeight: numberOrZero(draft.gliderWeight),
    waterWeight: numberOrZero(draft.waterWeight),
    towSpeed: numberOrZero(draft.towSpeed),
    introRef: '',
  };
  switch (draft.flyWith) {
    case 'Alone':
      return request;
    case 'Instructor':
    case 'Member': {
      const second = secondPersonChoices(data, draft.pilotID, draft.flyWith).find((p) => p.pilotID === draft.secondID);
      return {
        ...request,
        passengerID: second?.pilotID ?? '',
        passengerFirst: second?.first ?? '',
        passengerLast: second?.last ?? '',
        // The instructor is always in command; sharing is for Member only.
        pilotInCharge: draft.flyWith === 'Member' ? draft.pilotInCharge : false,
        shareCost: draft.flyWith === 'Member' && draft.shareCost,
      };
    }
    case 'Friend':
      return { ...request, passengerFirst: draft.friendFirst.trim(), passengerLast: draft.friendLast.trim() };
    case 'Intro': {
      if (draft.intro.mode === 'new') {
        const sale = draft.intro.sale;
        return {
          ...request,
          passengerFirst: sale.first.trim(),
          passengerLast: sale.last.trim(),
          newIntro: {
            introType: sale.introType,
            recipientFirst: sale.first.trim(),
            recipientLast: sale.last.trim(),
            payment: sale.payment,
            paymentRef: sale.paymentRef.trim(),
            SN: sale.SN.trim(),
          },
        };
      }
      const intro = selectedIntro(data, draft);
      if (!intro) return request;
      const passenger = introPassenger(draft, intro);
      const first = passenger.first.trim();
      const last = passenger.last.trim();
      // Update intro: the id plus the names that changed.
      const renamed = {
        ...(first !== intro.recipientFirst ? { recipientFirst: first } : {}),
        ...(last !== intro.recipientLast ? { recipientLast: last } : {}),
      };
      return {
        ...request,
        introRef: intro.id,
        passengerFirst: first,
        passengerLast: last,
        ...(Object.keys(renamed).length > 0 ? { updateIntro: { id: intro.id, ...renamed } } : {}),
      };
    }
  }
}

const FIELD_LABELS: Record<string, string> = {
  weight: 'Pilot weight',
  passengerWeight: 'Passenger weight',
  gliderWeight: 'Glider weight',
  waterWeight: 'Water ballast',
  towSpeed: 'Tow Speed',
  passengerFirst: 'Passenger first name',
  passengerLast: 'Passenger last name',
  glider: 'Glider',
  launchType: 'Launch type',
};

const NUMBER_UNITS: Record<string, string> = { towSpeed: 'kn' };

/** A schema issue as zod reports it (the web app does not depend on zod itself). */
interface IssueLike {
  code: string;
  path: readonly PropertyKey[];
  message: string;
}

/** The first problem of a request the schema refuses, in words a member reads. */
export function describeRequestProblem(error: { issues: readonly IssueLike[] }): string {
  const issue = error.issues[0];
  if (!issue) return 'The flight request is not complete';
  const field = String(issue.path[issue.path.length - 1] ?? '');
  const label = FIELD_LABELS[field];
  if (label && issue.code === 'too_big' && 'maximum' in issue) {
    const unit = NUMBER_UNITS[field] ?? (field.toLowerCase().includes('weight') ? 'kg' : '');
    return `${label} must be at most ${String(issue.maximum)}${unit ? ` ${unit}` : ''}`;
  }
  if (label && issue.code === 'too_big') return `${label} is too long`;
  // The schema's own messages are written for people ('No glider selected', 'Enter the passenger first name').
  if (!label || !/^(Too|Invalid)/.test(issue.message)) return issue.message;
  return `${label}: ${issue.message}`;
}

export type CheckedRequest = { ok: true; request: FlightRequest } | { ok: false; problem: string };

/** The request as the server will read it, or why it would be refused. */
export function checkFlightRequest(data: CrewData, draft: CrewDraft): CheckedRequest {
  const parsed = flightRequestSchema.safeParse(buildFlightRequest(data, draft));
  return parsed.success
    ? { ok: true, request: parsed.data }
    : { ok: false, problem: describeRequestProblem(parsed.error) };
}

/** The pilot's weight to store (update-item PILOT), only for the member's own, changed weight. */
export function changedWeight(data: CrewData, draft: CrewDraft): number | null {
  if (draft.pilotID !== data.pilot.pilotID) return null;
  const weight = numberOrZero(draft.weight);
  return weight !== data.pilot.weight ? weight : null;
}

import type { FlightRecord } from '@flightline/domain/api/types';
import type { FlightRequest } from '@flightline/domain/schemas/flights';
import { FLY_WITH } from '@flightline/domain/flights/crew-rules';
import { waitingFlightFields } from '@flightline/domain/flights/waiting-flight';
import { launchOf, pilotOf, type CrewData, type CrewDraft } from '@flightline/domain/field/crew-draft';

/**
 * A request still in the field outbox, as the line will list it once sent
 * (docs/offline.md): the crew page's confirmation while it waits, and the
 * line page's waiting flight on this phone. The server decides the rest (a
 * new intro's serial, the tow speed it fills in).
 */
export function pendingFlight(
  data: CrewData,
  draft: CrewDraft,
  request: FlightRequest,
  where: { id: string; day: string; tappedAt: number },
): FlightRecord {
  const pilot = pilotOf(data, request.user);
  return {
    id: where.id,
    dateString: where.day,
    user: request.user,
    first: pilot?.first ?? '',
    last: pilot?.last ?? '',
    // The request's own choice (a string in its schema), which the draft holds as one of the choices.
    flyWith: FLY_WITH.find((choice) => choice === request.flyWith) ?? draft.flyWith,
    passengerID: request.passengerID,
    passengerFirst: request.passengerFirst,
    passengerLast: request.passengerLast,
    pilotInCharge: request.pilotInCharge,
    shareCost: request.shareCost,
    glider: request.glider,
    launchType: launchOf(data, draft) ?? request.launchType,
    introRef: request.introRef,
    towSpeed: request.towSpeed || (data.readyGliders[request.glider]?.launchSpeed ?? 0),
    submittedAt: where.tappedAt,
    queuedAt: where.tappedAt,
    ...waitingFlightFields(),
  };
}

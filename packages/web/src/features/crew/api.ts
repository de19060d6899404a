import { useQuery } from '@tanstack/react-query';
import type { CrewPageData, FlightActionResult, FlightCreated, PilotWeight, UpdateItemResult } from '@flightline/domain/api-types';
import type { FlightRequest } from '@flightline/domain/schemas/flights';
import { get, post } from '../../lib/api.ts';

// The club is in each key so a club switch never shows the other club's gliders.

export const crewKey = (club: string, userID: string) => ['serve-crew', club, userID] as const;

/** GET /api/serve-crew: everything the Request Flight page needs. */
export function useCrewPage(club: string, userID: string) {
  return useQuery({
    queryKey: crewKey(club, userID),
    queryFn: ({ signal }) => get<CrewPageData>('/serve-crew', { userID }, signal),
    // A glider another member just took must not look free: reload on return to the page.
    staleTime: 0,
    retry: false,
  });
}

/** update-item FLIGHT: the flight id is also the idempotency key, so a retry sends the same one. */
export function requestFlight(id: string, date: string, data: FlightRequest): Promise<FlightCreated> {
  return post<FlightCreated>('/update-item/', { type: 'FLIGHT', id, date, data });
}

/** update-item PILOT: the member's own weight. */
export function updatePilotWeight(userID: string, weight: number): Promise<UpdateItemResult<PilotWeight>> {
  return post<UpdateItemResult<PilotWeight>>('/update-item/', { type: 'PILOT', id: userID, data: { weight } });
}

/** update-flight CancelRequest: the request leaves the line and its glider is Ready again. */
export function cancelFlightRequest(id: string, date: string, idempotencyKey: string): Promise<FlightActionResult> {
  return post<FlightActionResult>('/update-flight/', { action: 'CancelRequest', id, date, idempotencyKey });
}

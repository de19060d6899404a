import { useQuery } from '@tanstack/react-query';
import type { CrewPageData, PilotWeight, UpdateItemResult } from '@flightline/domain/api-types';
import { get, post } from '../../lib/api.ts';

// The club is in each key so a club switch never shows the other club's gliders.

export const crewKey = (club: string, userID: string) => ['serve-crew', club, userID] as const;

/** GET /api/serve-crew: everything the Request Flight page needs. */
export function useCrewPage(club: string, userID: string) {
  return useQuery({
    queryKey: crewKey(club, userID),
    // No parameters: the signed-in member's own page (userID is in the key). The server preloads this very
    // address with the page's HTML (http/web-app.ts PAGE_READS), so the read is under way before the script runs.
    queryFn: ({ signal }) => get<CrewPageData>('/serve-crew', undefined, signal),
    // A glider another member just took must not look free: reload on return to the page.
    staleTime: 0,
    retry: false,
  });
}

/** update-item PILOT: the member's own weight. */
export function updatePilotWeight(userID: string, weight: number): Promise<UpdateItemResult<PilotWeight>> {
  return post<UpdateItemResult<PilotWeight>>('/update-item/', { type: 'PILOT', id: userID, data: { weight } });
}
// The flight request and its cancellation go through the field outbox (lib/outbox/field-events.ts).

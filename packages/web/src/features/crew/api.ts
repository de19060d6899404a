import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { crewPageQuery } from '../../lib/api/crew.ts';

/** GET /api/serve-crew: everything the Request Flight page needs. */
export function useCrewPage(club: string, userID: string) {
  return useQuery({
    ...crewPageQuery(club, userID),
    // A glider another member just took must not look free: reload on return to the page.
    staleTime: 0,
    retry: false,
  });
}

/** update-item PILOT: the member's own weight. */
export function updatePilotWeight(userID: string, weight: number) {
  return call('POST /api/update-item/', { type: 'PILOT', id: userID, data: { weight } });
}
// The flight request and its cancellation go through the field outbox (lib/outbox/field-events.ts).

import { useQuery } from '@tanstack/react-query';
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

// The flight request, the member's own weight changed with it and its cancellation go through the field outbox
// (lib/outbox/field-events.ts).

import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../api.ts';
import { accountingKeys } from './accounting.ts';
import { accountKeys } from './accounts.ts';
import { adminKeys } from './admin.ts';
import { flightKeys } from './flights.ts';
import { introKeys } from './intros.ts';
import { memberKeys } from './members.ts';

// The club is in each key so a club switch never shows the other club's gliders; 'serve-crew' is the root the offline
// tests read.
export const crewKeys = {
  club: (club: string) => ['serve-crew', club] as const,
};

/** GET /api/serve-crew: everything the Request Flight page needs. */
export function crewPageQuery(club: string, userID: string) {
  return queryOptions({
    queryKey: [...crewKeys.club(club), userID] as const,
    // No parameters: the signed-in member's own page (userID is in the key). The server preloads this very
    // address with the page's HTML (app/web-app.ts PAGE_READS), so the read is under way before the script runs.
    queryFn: ({ signal }) => call('GET /api/serve-crew', {}, signal),
  });
}

/**
 * After a flight request or its cancellation was answered: every read it may
 * have changed, by name rather than the whole cache. The crew page and the
 * lists that show the flight (the line, the waiting list, Home's flights);
 * the intros, one of which may have been sold, used or freed, and with a sale
 * the member's account and the club's accounting; the member's pilot record
 * (a new weight); the Administration page's lists, which hold all of these.
 */
export async function afterFlightRequest(client: QueryClient, club: string, userID: string): Promise<void> {
  await Promise.all(
    [
      crewKeys.club(club),
      flightKeys.groundStatus(club),
      flightKeys.awaiting(club),
      flightKeys.ofDay(club),
      introKeys.club(club),
      accountKeys.balance(club, userID),
      accountKeys.blocks(club, userID),
      accountKeys.transactions(club, userID),
      accountingKeys.club(club),
      memberKeys.pilot,
      adminKeys.all,
    ].map((queryKey) => client.invalidateQueries({ queryKey })),
  );
}

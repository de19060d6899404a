import type { QueryKey } from '@tanstack/react-query';
import type { LiveNoticeKindName } from '@flightline/domain/live-stream-protocol';

/**
 * Which reads a change notice makes stale (docs/live.md). The prefixes are
 * the keys of the screens' queries (features/ground/api.ts, awaiting,
 * crew/api.ts, tugs/api.ts, home/): features/ground/api.test.ts and
 * features/crew/api.test.ts check they still match. TanStack Query refetches the ones a screen shows and marks the rest
 * stale.
 */
export const lineKeys = {
  groundStatus: (club: string) => ['ground-status', club],
  awaiting: (club: string) => ['list-items', 'FLIGHT', club],
  homeFlights: (club: string) => ['flights-of-day', club],
  crew: (club: string) => ['serve-crew', club],
  tugs: (club: string) => ['tugs', club],
  balance: (club: string, userID: string) => ['balance', club, userID],
  blocks: (club: string, userID: string) => ['block-balances', club, userID],
} satisfies Record<string, (club: string, userID: string) => QueryKey>;

/** Every read the live line keeps fresh: read again when the stream (re)opens, and for a notice this version does not know. */
export function lineReads(club: string, userID: string): QueryKey[] {
  return Object.values(lineKeys).map((key) => key(club, userID));
}

/** The reads a notice of this kind affects (null: a notice this version does not know). */
export function readsAffectedBy(kind: LiveNoticeKindName | null, club: string, userID: string): QueryKey[] {
  const k = lineKeys;
  switch (kind) {
    case 'flight':
      // The line, the waiting list, Home's active flights; the crew page's flying gliders and who is on a flight.
      return [k.groundStatus(club), k.awaiting(club), k.homeFlights(club), k.crew(club)];
    case 'glider':
      return [k.crew(club)];
    case 'tug':
      // The tug page, and the line's tugs with their checked-in pilots.
      return [k.tugs(club), k.groundStatus(club)];
    case 'intro':
      return [k.crew(club), k.groundStatus(club)];
    case 'account':
      // The member's balance and blocks on Home, and the balance the crew page checks.
      return [k.balance(club, userID), k.blocks(club, userID), k.crew(club)];
    default:
      return lineReads(club, userID);
  }
}

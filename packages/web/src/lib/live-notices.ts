import type { QueryKey } from '@tanstack/react-query';
import type { LiveNoticeKindName } from '@flightline/domain/field/live-stream-protocol';
import { accountKeys } from './api/accounts.ts';
import { crewKeys } from './api/crew.ts';
import { flightKeys } from './api/flights.ts';
import { ognKeys } from './api/ogn.ts';
import { tugKeys } from './api/tugs.ts';

/**
 * Which reads a change notice makes stale (docs/live.md): the roots of the
 * screens' queries, from the modules that key them (lib/api/flights.ts,
 * crew.ts, tugs.ts, accounts.ts). TanStack Query refetches the ones a screen
 * shows and marks the rest stale.
 */
export const lineKeys = {
  groundStatus: (club: string) => flightKeys.groundStatus(club),
  awaiting: (club: string) => flightKeys.awaiting(club),
  homeFlights: (club: string) => flightKeys.ofDay(club),
  crew: (club: string) => crewKeys.club(club),
  tugs: (club: string) => tugKeys.club(club),
  balance: (club: string, userID: string) => accountKeys.balance(club, userID),
  blocks: (club: string, userID: string) => accountKeys.blocks(club, userID),
  ogn: (club: string) => ognKeys.line(club),
  // features/roster/api.ts rosterKeys.club, spelled out: importing it would put the roster's reads in every page's
  // bundle.
  roster: (club: string) => ['roster', club] as const,
} satisfies Record<string, (club: string, userID: string) => QueryKey>;

/**
 * Every read the live line keeps fresh: read again when the stream (re)opens, and for a notice this version does
 * not know.
 */
export function lineReads(club: string, userID: string): QueryKey[] {
  return Object.values(lineKeys).map((key) => key(club, userID));
}

/** The reads a notice of this kind affects (null: a notice this version does not know). */
export function readsAffectedBy(kind: LiveNoticeKindName | null, club: string, userID: string): QueryKey[] {
  const k = lineKeys;
  switch (kind) {
    case 'flight':
      // The line, the waiting list, Home's active flights; the crew page's flying gliders and who is on a flight.
      return [k.groundStatus(club), k.awaiting(club), k.homeFlights(club), k.crew(club), k.ogn(club)];
    case 'glider':
      return [k.crew(club)];
    case 'tug':
      // The tug page, and the line's tugs with their checked-in pilots.
      return [k.tugs(club), k.groundStatus(club)];
    case 'intro':
      return [k.crew(club), k.groundStatus(club)];
    case 'ogn':
      // The feed's state, a suggestion or an unmatched takeoff (docs/ogn.md).
      return [k.ogn(club)];
    case 'roster':
      // The roster screens and Home's duties: duties, swap offers, a day's plans (docs/duty-roster.md).
      return [k.roster(club)];
    case 'account':
      // The member's balance and blocks on Home, and the balance the crew page checks.
      return [k.balance(club, userID), k.blocks(club, userID), k.crew(club)];
    default:
      return lineReads(club, userID);
  }
}

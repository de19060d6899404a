import { queryOptions } from '@tanstack/react-query';
import { call } from '../api.ts';

// 'tugs' is the root the offline tests and the live stream's tug notices read.
export const tugKeys = {
  club: (club: string) => ['tugs', club] as const,
};

/** The club's tugs with their last readings and checked-in pilots, and the tow pilots to check in. */
export function tugPageQuery(club: string) {
  return queryOptions({
    queryKey: tugKeys.club(club),
    // The club is named in the call, so a club switched in another tab is refused, not logged on the wrong club's tug.
    queryFn: ({ signal }) => call('GET /api/get-tugs', { club }, signal),
  });
}

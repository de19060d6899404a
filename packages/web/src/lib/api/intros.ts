import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { IntroCancel, IntroRefund, IntroSale, IntroWriteDown } from '@flightline/domain/schemas/intros';
import { call } from '../api.ts';
import { refreshAdmin } from './admin.ts';
import { listItems } from './items.ts';

// The intros resource, read by the intro pages and by Accounting's intro remainders.
export const introKeys = {
  club: (club: string) => ['intros', club] as const,
};

/** The club's intros with what each still owes, its payment methods and default stale period (refund and cancel). */
export function introsQuery(club: string) {
  return queryOptions({
    queryKey: introKeys.club(club),
    queryFn: ({ signal }) => call('GET /api/get-intros', {}, signal),
  });
}

export function useIntros(club: string) {
  return useQuery(introsQuery(club));
}

/** The intro launch options: the sale's launch types and prices. */
export function introLaunchesQuery(club: string) {
  return queryOptions({
    queryKey: ['list-items', club, 'INTRO_LAUNCH'] as const,
    queryFn: ({ signal }) => listItems('INTRO_LAUNCH', {}, signal),
  });
}

export function useIntroLaunches(club: string) {
  return useQuery(introLaunchesQuery(club));
}

export function sellIntro(body: IntroSale) {
  return call('POST /api/create-intro', body);
}

export function updateIntro(id: string, data: IntroRefund | IntroCancel | IntroWriteDown) {
  return call('POST /api/update-item/', { type: 'INTRO', id, data });
}

/** After a sale, refund or cancel: every intro list (these pages, the Administration page's) is stale. */
export async function refreshIntros(client: QueryClient, club: string) {
  await Promise.all([client.invalidateQueries({ queryKey: introKeys.club(club) }), refreshAdmin(client)]);
}

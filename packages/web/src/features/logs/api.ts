import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangeFlight } from '@flightline/domain/schemas/flights';
import { ApiError, call, NO_RESPONSE_STATUS } from '../../lib/api.ts';
import { flightKeys, logsQuery } from '../../lib/api/flights.ts';
import type { DayRange } from '../../lib/use-day-range.ts';
import { UPDATE_FAILED } from './flight-draft.ts';

/** The club's flights of whole club days, or one member's logbook (`userID`). */
export function useLogs(club: string, range: DayRange | null, userID: string | null) {
  return useQuery(logsQuery(club, range, userID));
}

/** 'Could not load logs ({status})'; 600 when no answer came. */
export function loadFailure(error: unknown): string {
  return `Could not load logs (${error instanceof ApiError ? error.status : NO_RESPONSE_STATUS})`;
}

/** The server's reason for refusing the logs, when it gave one. */
export function loadFailureReason(error: unknown): string | null {
  const message = error instanceof ApiError ? error.field<unknown>('message') : undefined;
  return typeof message === 'string' && message ? message : null;
}

/** A log correction (update-flight ChangeFlight); the logs reload after it, whatever the answer. */
export function useChangeFlight(club: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeFlight) => call('POST /api/update-flight/', { ...body, club }),
    onSettled: () => client.invalidateQueries({ queryKey: flightKeys.logs(club) }),
  });
}

/** The server's body.message, or 'Could not update flight'. */
export function updateFailure(error: unknown): string {
  const message = error instanceof ApiError ? error.field<unknown>('message') : undefined;
  return typeof message === 'string' && message ? message : UPDATE_FAILED;
}

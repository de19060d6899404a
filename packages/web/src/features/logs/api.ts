import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FlightActionResult, LogsData } from '@flightline/domain/api-types';
import type { ChangeFlight } from '@flightline/domain/schemas/flights';
import { ApiError, get, NO_RESPONSE_STATUS, post } from '../../lib/api.ts';
import type { DayRange } from '../../lib/use-day-range.ts';
import { UPDATE_FAILED } from './flight-draft.ts';

const logsKey = (club: string) => ['logs', club] as const;

/**
 * The flights of whole club days with what the edit form offers
 * (includeSetup): the club's, or one member's logbook (`userID`). The dates
 * and the member are in the key, so a new choice starts empty.
 */
export function useLogs(club: string, range: DayRange | null, userID: string | null) {
  return useQuery({
    queryKey: [...logsKey(club), range?.startDate, range?.endDate, userID],
    queryFn: ({ signal }) =>
      get<LogsData>('/serve-logs', { startDate: range!.startDate, endDate: range!.endDate, includeSetup: true, ...(userID ? { userID } : {}) }, signal),
    enabled: range !== null,
  });
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
    mutationFn: (body: ChangeFlight) => post<FlightActionResult>('/update-flight/', { ...body, club }),
    onSettled: () => client.invalidateQueries({ queryKey: logsKey(club) }),
  });
}

/** The server's body.message, or 'Could not update flight'. */
export function updateFailure(error: unknown): string {
  const message = error instanceof ApiError ? error.field<unknown>('message') : undefined;
  return typeof message === 'string' && message ? message : UPDATE_FAILED;
}

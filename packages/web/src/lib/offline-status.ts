import { clubDateTime, clubDay } from './club-dates.ts';
import { ApiError, NO_RESPONSE_STATUS } from './api.ts';

/** One read a screen shows (a TanStack Query result has these fields). */
export interface ShownRead {
  data: unknown;
  /** When its data was fetched (epoch ms); restored data keeps the time it was first fetched. */
  dataUpdatedAt: number;
  error: unknown;
  isError: boolean;
}

/** The read got no answer at all (no signal, or the connection dropped), as opposed to a refusal by the server. */
export function isNoConnection(error: unknown): boolean {
  return error instanceof ApiError && error.status === NO_RESPONSE_STATUS;
}

/**
 * Whether a screen shows a read's failure instead of its data: yes when there
 * is no data, or the server refused; no when only the connection failed and the
 * last data seen is there (the Offline notice says how old it is).
 */
export function failedToLoad(read: Pick<ShownRead, 'data' | 'error' | 'isError'>): boolean {
  return read.isError && !(read.data !== undefined && isNoConnection(read.error));
}

/** App-wide reads every screen has (who is signed in, the version check): not the screen's own data. */
const APP_READS = new Set(['session', 'check-version']);

/** The reads a screen shows, from the queries in use (with an observer): all but the app-wide ones. */
export function screenReads(
  queries: readonly {
    queryKey: readonly unknown[];
    state: { data: unknown; dataUpdatedAt: number; error: unknown; status: string };
  }[],
): ShownRead[] {
  return queries
    .filter((query) => !APP_READS.has(String(query.queryKey[0])))
    .map(({ state }) => ({
      data: state.data,
      dataUpdatedAt: state.dataUpdatedAt,
      error: state.error,
      isError: state.status === 'error',
    }));
}

/** When this page (the app) was opened: data fetched before it was restored from the phone. */
export const APP_OPENED_AT = Date.now();

/**
 * When the data on a screen was fetched, if it may be out of date: the phone
 * is offline, a refresh got no answer, or the screen shows data restored from
 * the phone that no read has refreshed since the app opened (restored only
 * when the server could not be reached). The oldest of the reads shown; null
 * while the screen is live or shows no data.
 */
export function offlineSince(
  reads: readonly ShownRead[],
  online: boolean,
  openedAt: number = APP_OPENED_AT,
): number | null {
  const shown = reads.filter((read) => read.data !== undefined);
  if (shown.length === 0) return null;
  const live = online && !shown.some((read) => isNoConnection(read.error) || read.dataUpdatedAt < openedAt);
  if (live) return null;
  return Math.min(...shown.map((read) => read.dataUpdatedAt));
}

/**
 * "Offline — as of 14:32": the time the data was fetched, 24 h in the club's
 * zone; with its date when that was not today there ("as of 2026-06-27 16:05").
 */
export function offlineNoticeText(fetchedMs: number, timeZone: string, nowMs: number = Date.now()): string {
  const at = clubDateTime(fetchedMs, timeZone);
  return `Offline — as of ${at.date === clubDay(nowMs, timeZone) ? at.time : `${at.date} ${at.time}`}`;
}

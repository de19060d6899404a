import { describe, expect, it } from 'vitest';
import { ApiError, NO_RESPONSE_STATUS } from './api.ts';
import {
  failedToLoad,
  isNoConnection,
  offlineNoticeText,
  offlineSince,
  screenReads,
  type ShownRead,
} from './offline-status.ts';

const noAnswer = new ApiError('Could not reach the server. Check your connection and try again.', NO_RESPONSE_STATUS);
const refused = new ApiError('Not a member of this club', 403);

// 18:32 UTC is 14:32 in Toronto (UTC−4 in summer).
const AT_1432_TORONTO = Date.UTC(2026, 6, 4, 18, 32);
const read = (over: Partial<ShownRead> = {}): ShownRead => ({
  data: { ok: true },
  dataUpdatedAt: AT_1432_TORONTO,
  error: null,
  isError: false,
  ...over,
});

describe('"Offline — as of HH:MM": the time the data was fetched, 24 h in the club’s zone', () => {
  it('reads the fetch time in the club’s zone, not the phone’s', () => {
    expect(offlineNoticeText(AT_1432_TORONTO, 'America/Toronto', AT_1432_TORONTO + 60_000)).toBe(
      'Offline — as of 14:32',
    );
    expect(offlineNoticeText(AT_1432_TORONTO, 'Europe/Berlin', AT_1432_TORONTO + 60_000)).toBe('Offline — as of 20:32');
  });

  it('uses a 24-hour clock with leading zeros', () => {
    const fiveAfterMidnight = Date.UTC(2026, 6, 4, 4, 5);
    expect(offlineNoticeText(fiveAfterMidnight, 'America/Toronto', fiveAfterMidnight)).toBe('Offline — as of 00:05');
  });

  it('adds the date when the data is from an earlier club day, so yesterday’s list does not pass for today’s', () => {
    const nextMorning = Date.UTC(2026, 6, 5, 12, 0);
    expect(offlineNoticeText(AT_1432_TORONTO, 'America/Toronto', nextMorning)).toBe('Offline — as of 2026-07-04 14:32');
  });
});

describe('when a screen says it is offline', () => {
  it('offline, a screen showing data gives the oldest of its reads’ fetch times', () => {
    expect(
      offlineSince(
        [read({ dataUpdatedAt: 2_000 }), read({ dataUpdatedAt: 1_000 }), read({ dataUpdatedAt: 3_000 })],
        false,
      ),
    ).toBe(1_000);
  });

  it('online and answering, no notice', () => {
    expect(offlineSince([read()], true, AT_1432_TORONTO - 1)).toBeNull();
  });

  it(
    'online, but showing data restored from the phone that nothing ' + 'has refreshed since the app opened: the notice',
    () => {
      const opened = AT_1432_TORONTO + 3_600_000;
      expect(offlineSince([read()], true, opened)).toBe(AT_1432_TORONTO);
      // Once a read answers, its data is newer than the app: live again.
      expect(offlineSince([read({ dataUpdatedAt: opened + 500 })], true, opened)).toBeNull();
    },
  );

  it('online but the last refresh got no answer (a poor signal): the notice, with the kept data’s time', () => {
    expect(offlineSince([read({ dataUpdatedAt: 5_000, error: noAnswer, isError: true })], true, 1_000)).toBe(5_000);
  });

  it('a refusal by the server is not being offline', () => {
    expect(offlineSince([read({ error: refused, isError: true })], true, AT_1432_TORONTO - 1)).toBeNull();
  });

  it('no data shown, no notice (the screen shows its loading or error state)', () => {
    expect(offlineSince([read({ data: undefined, dataUpdatedAt: 0 })], false)).toBeNull();
    expect(offlineSince([], false)).toBeNull();
  });

  it('reads without data do not pull the time to 0', () => {
    expect(offlineSince([read({ dataUpdatedAt: 7_000 }), read({ data: undefined, dataUpdatedAt: 0 })], false)).toBe(
      7_000,
    );
  });

  it('the screen’s reads leave out the app-wide ones (session, version check)', () => {
    const state = { data: 1, dataUpdatedAt: 9, error: null, status: 'success' };
    const reads = screenReads([
      { queryKey: ['session'], state: { ...state, dataUpdatedAt: 1 } },
      { queryKey: ['check-version', '0.16.0'], state: { ...state, dataUpdatedAt: 2 } },
      { queryKey: ['balance', 'club', 'me'], state },
    ]);
    expect(reads).toEqual([{ data: 1, dataUpdatedAt: 9, error: null, isError: false }]);
  });
});

describe('which failures replace the data on a screen', () => {
  it('no answer while the last data is there: keep showing the data', () => {
    expect(isNoConnection(noAnswer)).toBe(true);
    expect(failedToLoad({ data: { ok: true }, error: noAnswer, isError: true })).toBe(false);
  });

  it('no answer and no data: the error', () => {
    expect(failedToLoad({ data: undefined, error: noAnswer, isError: true })).toBe(true);
  });

  it('a refusal (4xx) or a server error: the error, even with data', () => {
    expect(failedToLoad({ data: { ok: true }, error: refused, isError: true })).toBe(true);
    expect(
      failedToLoad({
        data: { ok: true },
        error: new ApiError('Something went wrong on the server', 500),
        isError: true,
      }),
    ).toBe(true);
  });

  it('no failure: nothing to show', () => {
    expect(failedToLoad({ data: undefined, error: null, isError: false })).toBe(false);
  });
});

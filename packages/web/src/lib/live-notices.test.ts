import { describe, expect, it } from 'vitest';
import { liveNoticeKind } from '@flightline/domain/field/live-stream-protocol';
import { lineReads, readsAffectedBy } from './live-notices.ts';
import { linePollMs, LIVE_SAFETY_POLL_MS, SPEC_POLL_MS } from './live-status.ts';

const CLUB = 'c1';
const ME = 'u1';

describe('live notices: which reads a notice makes stale', () => {
  it(
    'a flight notice: the line, awaiting launches, Home’s active ' +
      'flights, the crew page and the line page’s OGN panel',
    () => {
      expect(
        readsAffectedBy(
          liveNoticeKind(JSON.stringify({ kind: 'flight', change: 'launched', flightId: 'f', day: '2025-07-12' })),
          CLUB,
          ME,
        ),
      ).toEqual([
        ['ground-status', CLUB],
        ['list-items', 'FLIGHT', CLUB],
        ['flights-of-day', CLUB],
        ['serve-crew', CLUB],
        ['ogn-line', CLUB],
      ]);
    },
  );

  it(
    'a tug notice: the tug page and the line; a glider notice: the ' +
      'crew page; an intro: the crew page and the line',
    () => {
      expect(
        readsAffectedBy(liveNoticeKind(JSON.stringify({ kind: 'tug', change: 'checkIn', tugId: 'C-GTOW' })), CLUB, ME),
      ).toEqual([
        ['tugs', CLUB],
        ['ground-status', CLUB],
      ]);
      expect(
        readsAffectedBy(
          liveNoticeKind(JSON.stringify({ kind: 'glider', gliderId: 'ASK-21', status: 'Flying' })),
          CLUB,
          ME,
        ),
      ).toEqual([['serve-crew', CLUB]]);
      expect(
        readsAffectedBy(liveNoticeKind(JSON.stringify({ kind: 'intro', introId: 'i', flightId: null })), CLUB, ME),
      ).toEqual([
        ['serve-crew', CLUB],
        ['ground-status', CLUB],
      ]);
    },
  );

  it("an account notice: the member's own balance and blocks, and the crew page", () => {
    expect(readsAffectedBy(liveNoticeKind(JSON.stringify({ kind: 'account' })), CLUB, ME)).toEqual([
      ['balance', CLUB, ME],
      ['block-balances', CLUB, ME],
      ['serve-crew', CLUB],
    ]);
  });

  it('a roster notice: every roster read of the club (duties, swaps, a day’s plans), Home’s duties among them', () => {
    expect(
      readsAffectedBy(liveNoticeKind(JSON.stringify({ kind: 'roster', change: 'plans', day: '2025-07-19' })), CLUB, ME),
    ).toEqual([['roster', CLUB]]);
  });

  it('a notice this version cannot read: every line read', () => {
    expect(readsAffectedBy(null, CLUB, ME)).toEqual(lineReads(CLUB, ME));
    expect(lineReads(CLUB, ME)).toHaveLength(9);
  });
});

describe('live status: the screens poll as the spec says without a stream, as a safety net with one', () => {
  it('10 s unless the stream is open, then 60 s', () => {
    expect(SPEC_POLL_MS).toBe(10_000);
    for (const state of ['off', 'connecting', 'closed'] as const) expect(linePollMs(state)).toBe(10_000);
    expect(linePollMs('open')).toBe(LIVE_SAFETY_POLL_MS);
    expect(LIVE_SAFETY_POLL_MS).toBe(60_000);
    expect(linePollMs('open', 30_000)).toBe(60_000);
    expect(linePollMs('connecting', 30_000)).toBe(30_000);
  });
});

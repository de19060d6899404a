import { describe, expect, it } from 'vitest';
import { liveNoticeSchema } from './live-events.ts';
import { LIVE_NOTICE_KINDS, liveNoticeKind } from './live-stream-protocol.ts';

describe("the live stream's notice kinds (what a phone reads without zod)", () => {
  it('are exactly the kinds of the notice schema', () => {
    expect([...LIVE_NOTICE_KINDS].sort()).toEqual(
      liveNoticeSchema.options.map((option) => option.shape.kind.value).sort(),
    );
  });

  it('reads the kind of a notice, and null for an unknown kind, a non-object or text that is not JSON', () => {
    expect(liveNoticeKind('{"kind":"flight","change":"launched","flightId":"f","day":"2026-11-24"}')).toBe('flight');
    expect(liveNoticeKind('{"kind":"account"}')).toBe('account');
    expect(liveNoticeKind('{"kind":"weather"}')).toBeNull();
    expect(liveNoticeKind('"flight"')).toBeNull();
    expect(liveNoticeKind('null')).toBeNull();
    expect(liveNoticeKind('not json')).toBeNull();
  });
});

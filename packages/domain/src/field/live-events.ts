import { z } from 'zod';

/**
 * The change notices `GET /api/events` pushes to a club's phones (docs/live.md).
 * A notice says what changed, never how much: no money amounts and no other
 * member's private data, only ids the phone already reads on its screens. The
 * phone answers a notice by reading again what it affects. The database makes
 * them (migration 0014's triggers), in the transaction of the change, so a
 * notice exists only for a change that committed.
 */

/** What happened to a flight: one per line action (flight_action), the log edit included. */
export const FLIGHT_CHANGES = [
  'requested',
  /** The launch sets the flight's accepted time too: there is no separate accept. */
  'launched',
  /** Release height set (off tow). */
  'offTow',
  'landed',
  /** Removed from the line (CancelRequest): the flight is cancelled. */
  'removed',
  'launchUndone',
  'landingUndone',
  /** A log edit (ChangeFlight). */
  'edited',
] as const;

/** A tug's change: a tow-log event, or its status (Ready, Not ready) set in the back office. */
export const TUG_CHANGES = ['checkIn', 'checkOut', 'refuel', 'oil', 'status'] as const;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const liveNoticeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('flight'), change: z.enum(FLIGHT_CHANGES), flightId: z.string().max(100), day: isoDay }),
  z.object({ kind: z.literal('tug'), change: z.enum(TUG_CHANGES), tugId: z.string().max(20) }),
  z.object({
    kind: z.literal('glider'),
    gliderId: z.string().max(20),
    status: z.enum(['Ready', 'Flying', 'Not ready']),
  }),
  /** An intro linked to a flight (flightId) or unlinked from one (null). */
  z.object({ kind: z.literal('intro'), introId: z.string().max(100), flightId: z.string().max(100).nullable() }),
  /** The member's own account changed (a charge, a deposit, a reversal): sent only to that member's streams. */
  z.object({ kind: z.literal('account') }),
  /** The duty roster (duties, swaps) or a day's flying plans changed (docs/duty-roster.md). */
  /** The OGN feed's state, a suggestion or an unmatched takeoff changed (docs/ogn.md). */
  z.object({ kind: z.literal('ogn') }),
  z.object({ kind: z.literal('roster'), change: z.enum(['duties', 'swaps', 'plans']), day: isoDay.optional() }),
]);

export type LiveNotice = z.infer<typeof liveNoticeSchema>;
export type LiveNoticeKind = LiveNotice['kind'];

export { LIVE_HEARTBEAT_MS, RESYNC_EVENT } from './live-stream-protocol.ts';

/** A notice from its event's data line; null for anything this app version does not know. */
export function parseLiveNotice(data: string): LiveNotice | null {
  try {
    const parsed = liveNoticeSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

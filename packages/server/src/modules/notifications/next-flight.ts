import { clubToday } from '@flightline/domain/time/club-time';
import { findClub } from '../clubs/repo.ts';
import { listFlightsOfDay } from '../flights/repo.ts';
import { findUserById } from '../members/repo.ts';
import { tellMembers, type NoticeDeps } from './notifier.ts';
import { claimNextNotice } from './repo.ts';

/** The flight notices after which the head of Awaiting Launches may be another flight. */
const QUEUE_CHANGES = new Set(['requested', 'launched', 'removed', 'launchUndone', 'edited']);

export interface FlightNotice {
  club: string;
  change: string;
  flightId: string;
  day: string;
}

/**
 * After a change to the line: the first waiting flight of the club's today
 * (Awaiting Launches' order) is next. Its pilot is told "You are next —
 * C-GDSA" once per flight: the flight_next_notice row is inserted by one
 * caller only, so two server processes hearing the same notice, or a
 * retried launch, never tell twice. A flight that was next the moment it was
 * requested is recorded without a notice (its pilot is looking at it). The
 * decision reads the line as it is, so notices heard late decide the same.
 * Answers the flight told of, if any.
 */
export async function tellNextPilot(
  deps: NoticeDeps & { publicUrl: string },
  notice: FlightNotice,
  now: number,
): Promise<string | null> {
  if (!QUEUE_CHANGES.has(notice.change)) return null;
  const club = await findClub(deps.db, notice.club);
  if (!club || notice.day !== clubToday(club.time_zone, now)) return null;
  const flights = await listFlightsOfDay(deps.db, club.id, notice.day, { includeCancelled: true });
  const waiting = (f: (typeof flights)[number]) =>
    f.accepted_at === null &&
    f.launched_at === null &&
    f.off_tow_at === null &&
    f.landed_at === null &&
    f.cancelled_at === null;
  const next = flights.find(waiting);
  if (!next) return null;
  if (!(await claimNextNotice(deps.db, club.id, next.id, next.user_id, new Date(now)))) return null;
  // Next from the moment it was asked for (every flight ahead had left the queue by then): its pilot is looking at it.
  const queuedAt = (f: typeof next) => (f.entered_late_at ?? f.submitted_at).getTime();
  const leftAt = (f: typeof next) => (f.accepted_at ?? f.launched_at ?? f.cancelled_at)?.getTime() ?? Infinity;
  const ahead = flights.filter((f) => f.id !== next.id && queuedAt(f) <= queuedAt(next));
  if (ahead.every((f) => leftAt(f) < queuedAt(next))) return null;
  const person = await findUserById(deps.db, next.user_id);
  if (!person) return null;
  const title = `You are next — ${next.glider}`;
  const text = `Your flight in ${next.glider} is next in Awaiting Launches at ${club.name}.`;
  await tellMembers(deps, club.id, 'next', [
    {
      userId: next.user_id,
      mail: {
        to: person.email,
        subject: `${club.name}: ${title}`,
        text: `Hello ${person.firstName},\n\n${text}\n\n${deps.publicUrl}/awaiting/`,
      },
      push: { title, body: text, url: '/awaiting/', tag: `next-${next.id}` },
    },
  ]);
  return next.id;
}

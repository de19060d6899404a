import ical from 'ical-generator';
import type { Kysely } from 'kysely';
import { clubToday } from '@flightline/domain/time/club-time';
import { addDays } from '@flightline/domain/roster/roster-days';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { findClub } from '../clubs/repo.ts';
import { findCalendarFeedByToken } from '../notifications/repo.ts';
import { listDuties } from './duty-repo.ts';
import { listDutyRoles } from './repo.ts';

/** The feed lists duties from this many days back (a calendar keeps what it saw) to a year ahead. */
const PAST_DAYS = 62;
const AHEAD_DAYS = 366;

const NO_FEED = 'No such calendar: the address was replaced in Settings → Notifications, or never made';

/**
 * GET /api/calendar/<token>.ics: the member's published duties at the club
 * as all-day iCalendar events (ical-generator: escaping, folding). The UID is
 * the duty's id, so an event stays one event across fetches and a swap moves
 * it from one calendar to the other. A token not (or no longer) in the
 * database answers 404.
 */
export async function calendarFeed(db: Kysely<DB>, token: string, publicUrl: string, now: number): Promise<string> {
  const feed = /^[A-Za-z0-9_-]{32,64}$/.test(token) ? await findCalendarFeedByToken(db, token) : undefined;
  if (!feed) throw notFound(NO_FEED);
  const club = await findClub(db, feed.club_id);
  if (!club) throw notFound(NO_FEED);
  const today = clubToday(club.time_zone, now);
  const [duties, roles] = await Promise.all([
    listDuties(db, club.id, addDays(today, -PAST_DAYS), addDays(today, AHEAD_DAYS), { publishedOnly: true }),
    listDutyRoles(db, club.id),
  ]);
  const roleName = new Map(roles.map((role) => [role.id, role.name]));
  const calendar = ical({
    name: `${club.name}: my duties`,
    prodId: { company: 'Flightline', product: 'duties', language: 'EN' },
    ttl: 60 * 60,
  });
  for (const duty of duties.filter((d) => d.published_user_id === feed.user_id)) {
    const role = roleName.get(duty.role_id) ?? 'Duty';
    const start = new Date(`${duty.day}T00:00:00Z`);
    calendar.createEvent({
      id: `${duty.id}@flightline`,
      allDay: true,
      start,
      end: new Date(start.getTime() + 24 * 60 * 60 * 1000),
      stamp: duty.published_at ?? new Date(now),
      summary: `${role} — ${club.name}`,
      description:
        `On duty as ${role}${duty.extra ? ' (volunteer)' : ''}. Offer a swap ` +
        `or see who flies: ${publicUrl}/roster/day/${duty.day}`,
      url: `${publicUrl}/roster/day/${duty.day}`,
    });
  }
  return calendar.toString();
}

import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { clubToday } from '../../lib/club-dates.ts';
import { Link } from '../../lib/router.tsx';
import { useSession } from '../../lib/session.ts';

/** How far ahead Home looks for the member's duties. */
const AHEAD_DAYS = 60;

/**
 * Home's "My duties": the member's next published duties and the open swap
 * offers they may take, and the way to the roster. Loaded after the page
 * (home-page.tsx, optionalPart), so the member home's bundle does not carry it;
 * it draws nothing until the roster has answered.
 */
export function MyDuties() {
  // Its own reads of what Home has (the session is cached): Home draws it with no props, a few bytes less in its
  // bundle.
  const s = useSession().data;
  const club = s?.club ?? '';
  const userID = s?.userID ?? '';
  const today = s ? clubToday(s.clubTimeZone) : '';
  // The keys of features/roster/api.ts, spelled out with their reads: importing that module (another feature's)
  // would make this part depend on chunks the member home must then list.
  const end = today && new Date(Date.parse(`${today}T00:00:00Z`) + AHEAD_DAYS * 86_400_000).toISOString().slice(0, 10);
  const roster = useQuery({
    queryKey: ['roster', club, 'duties', today, end],
    queryFn: ({ signal }) => call('GET /api/get-roster', { club, start: today, end }, signal),
    enabled: club !== '',
  });
  const swaps = useQuery({
    queryKey: ['roster', club, 'swaps'],
    queryFn: ({ signal }) => call('GET /api/get-swaps', { club }, signal),
    enabled: club !== '',
  });
  const mine = (roster.data?.duties ?? []).filter((d) => d.published && d.person?.userID === userID).slice(0, 3);
  const offers = (swaps.data?.swaps ?? []).filter((s) => s.state === 'open' && s.canAccept);
  // Only when there is something to show: the menu's Duty Roster is the way in otherwise.
  if (roster.isPending || mine.length + offers.length === 0) return null;
  return (
    <section aria-labelledby="my-duties" className="mt-4">
      <h2 id="my-duties" className="h6 fw-semibold text-body-secondary mb-2">
        My duties
      </h2>
      <ul className="list-unstyled border rounded mb-2">
        {mine.map((duty) => (
          <li key={duty.dutyId} className="d-flex justify-content-between gap-2 px-3 py-2 border-bottom">
            <Link to={`/roster/day/${duty.day}`}>{dayLabel(duty.day)}</Link>
            <span>
              {duty.role}
              {duty.swap && ' · swap offered'}
            </span>
          </li>
        ))}
        {offers.map((offer) => (
          <li
            key={offer.swapId}
            className="d-flex justify-content-between gap-2 px-3 py-2 border-bottom bg-warning-subtle"
          >
            <Link to={`/roster/day/${offer.day}`}>{dayLabel(offer.day)}</Link>
            <span>
              {offer.role} offered by {offer.offeredBy.first}
            </span>
          </li>
        ))}
      </ul>
      <Link to="/roster">Duty roster</Link>
    </section>
  );
}

/** 'Sat 19 Jul' (features/roster/roster-text.ts shortDay, in the browser's English). */
const dayLabel = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

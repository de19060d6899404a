import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AnswerOf } from '@flightline/domain/api/define-call';
import type { getRoster } from '@flightline/domain/api/roster';
import { Loading, LoadError, Page } from '../../components/page-state.tsx';
import { rosterQuery, swapsQuery } from './api.ts';
import { clubToday } from '../../lib/club-dates.ts';
import { Link } from '../../lib/router.tsx';
import { useSession } from '../../lib/session.ts';
import { monthRange, monthTitle, shortDay } from './roster-text.ts';
import { MonthStepper } from './month-stepper.tsx';
import { DutyLine } from './duty-line.tsx';

type Duty = AnswerOf<typeof getRoster>['duties'][number];

/** `/roster`: the month's published duties by day, mine highlighted; offer a swap on mine, take an offer I may. */
export function RosterPage() {
  const s = useSession().data;
  if (!s?.club || !s.userID)
    return (
      <Page title="Duty roster">
        <Loading />
      </Page>
    );
  return (
    <RosterMonth
      club={s.club}
      userID={s.userID}
      today={clubToday(s.clubTimeZone)}
      canEdit={s.userIsAdmin || s.userCanEditRoster}
    />
  );
}

function RosterMonth({
  club,
  userID,
  today,
  canEdit,
}: {
  club: string;
  userID: string;
  today: string;
  canEdit: boolean;
}) {
  const [month, setMonth] = useState(today.slice(0, 7));
  const { start, end } = monthRange(month);
  const roster = useQuery(rosterQuery(club, start, end));
  const swaps = useQuery(swapsQuery(club));
  const days = new Map<string, Duty[]>();
  for (const duty of roster.data?.duties ?? [])
    if (duty.published) days.set(duty.day, [...(days.get(duty.day) ?? []), duty]);
  const swapOf = new Map((swaps.data?.swaps ?? []).map((swap) => [swap.swapId, swap]));
  return (
    <Page title="Duty roster">
      <div className="d-flex flex-wrap gap-2 mb-3">
        <Link to="/roster/availability" className="btn btn-outline-primary">
          My availability
        </Link>
        {canEdit && (
          <Link to="/roster/edit" className="btn btn-outline-secondary">
            Edit roster
          </Link>
        )}
      </div>
      <MonthStepper month={month} onChange={setMonth} className="mb-3" />
      {roster.isPending ? (
        <Loading />
      ) : roster.error ? (
        <LoadError error={roster.error} />
      ) : days.size === 0 ? (
        <p className="text-body-secondary">No duties are published for {monthTitle(month)}.</p>
      ) : (
        [...days].map(([day, duties]) => (
          <section key={day} className="card mb-2" aria-label={shortDay(day)}>
            <div className="card-header d-flex justify-content-between align-items-center py-2">
              <Link to={`/roster/day/${day}`} className="fw-semibold">
                {shortDay(day)}
              </Link>
              {day === today && <span className="badge text-bg-info">Today</span>}
            </div>
            <ul className="list-group list-group-flush">
              {duties.map((duty) => (
                <DutyLine
                  key={duty.dutyId}
                  club={club}
                  duty={duty}
                  userID={userID}
                  today={today}
                  swap={duty.swap ? swapOf.get(duty.swap.swapId) : undefined}
                />
              ))}
            </ul>
          </section>
        ))
      )}
    </Page>
  );
}

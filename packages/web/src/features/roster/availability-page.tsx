import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { eachDay, weekdayOf } from '@flightline/domain/roster/roster-days';
import { Loading, LoadError, Page } from '../../components/page-state.tsx';
import { call } from '../../lib/api.ts';
import { availabilityQuery, rosterQuery } from './api.ts';
import { clubToday } from '../../lib/club-dates.ts';
import { Link } from '../../lib/router.tsx';
import { useSession } from '../../lib/session.ts';
import { monthRange, monthTitle } from './roster-text.ts';
import { MonthStepper } from './month-stepper.tsx';
import { useRosterWrite } from './use-roster-write.ts';

const WEEKDAY_HEADS = ['S', 'M', 'T', 'W', 'T', 'F', 'S'];

/** `/roster/availability`: the days I can't do (a tap each) and how many duties a month I'd take. */
export function AvailabilityPage() {
  const s = useSession().data;
  if (!s?.club || !s.userID)
    return (
      <Page title="My availability">
        <Loading />
      </Page>
    );
  return <Availability club={s.club} userID={s.userID} today={clubToday(s.clubTimeZone)} />;
}

function Availability({ club, userID, today }: { club: string; userID: string; today: string }) {
  const [month, setMonth] = useState(today.slice(0, 7));
  const { start, end } = monthRange(month);
  const availability = useQuery(availabilityQuery(club));
  const roster = useQuery(rosterQuery(club, start, end));
  const toggle = useRosterWrite(club, ({ day, away }: { day: string; away: boolean }) =>
    call('POST /api/set-blackouts', away ? { add: [], remove: [day] } : { add: [day], remove: [] }),
  );
  const blackouts = new Set(availability.data?.blackouts ?? []);
  const myDuties = new Set(
    (roster.data?.duties ?? []).filter((d) => d.published && d.person?.userID === userID).map((d) => d.day),
  );
  const days = eachDay(start, end);
  const blanks = weekdayOf(start);
  return (
    <Page title="My availability">
      <p>
        <Link to="/roster">‹ Duty roster</Link>
      </p>
      <p className="text-body-secondary">Tap the days you can't do. The roster is drafted around them.</p>
      <MonthStepper month={month} onChange={setMonth} className="mb-2" />
      {availability.isPending ? (
        <Loading />
      ) : availability.error ? (
        <LoadError error={availability.error} />
      ) : (
        <div className="availability-grid mb-2" role="group" aria-label={`Days of ${monthTitle(month)}`}>
          {WEEKDAY_HEADS.map((head, i) => (
            <div key={i} className="text-center small text-body-secondary" aria-hidden="true">
              {head}
            </div>
          ))}
          {Array.from({ length: blanks }, (_, i) => (
            <div key={`blank-${i}`} />
          ))}
          {days.map((day) => {
            const away = blackouts.has(day);
            const duty = myDuties.has(day);
            return (
              <button
                key={day}
                type="button"
                className={`btn btn-sm px-0 ${away ? 'btn-danger' : duty ? 'btn-primary' : 'btn-outline-secondary'}`}
                aria-pressed={away}
                aria-label={`${day}${away ? ", can't do" : ''}${duty ? ', on duty' : ''}`}
                disabled={day < today || toggle.isPending}
                onClick={() => toggle.mutate({ day, away })}
              >
                {Number(day.slice(8))}
              </button>
            );
          })}
        </div>
      )}
      <p className="small text-body-secondary">
        <span className="badge text-bg-danger">Can't do</span> <span className="badge text-bg-primary">On duty</span>
      </p>
      {availability.data && (
        <MonthlyLimit key={String(availability.data.maxPerMonth)} club={club} limit={availability.data.maxPerMonth} />
      )}
    </Page>
  );
}

function MonthlyLimit({ club, limit }: { club: string; limit: number | null }) {
  const [text, setText] = useState(limit === null ? '' : String(limit));
  const save = useRosterWrite(club, () =>
    call('POST /api/set-duty-limit', { maxPerMonth: text.trim() === '' ? null : Number(text) }),
  );
  return (
    <form
      className="card card-body"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(undefined);
      }}
    >
      <label htmlFor="duty-limit" className="form-label">
        Duties a month (empty: no limit)
      </label>
      <div className="d-flex gap-2">
        <input
          id="duty-limit"
          className="form-control"
          inputMode="numeric"
          pattern="[0-9]*"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          Save
        </button>
      </div>
    </form>
  );
}

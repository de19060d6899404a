import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'wouter';
import { Loading, LoadError, Page } from '../../components/page-state.tsx';
import { call } from '../../lib/api.ts';
import { dutyRolesQuery, flyingDayQuery, swapsQuery } from './api.ts';
import { clubToday } from '../../lib/club-dates.ts';
import { Link, useSearchParams } from '../../lib/router.tsx';
import { useSession } from '../../lib/session.ts';
import { DutyLine } from './duty-line.tsx';
import { shortDay } from './roster-text.ts';
import { useRosterWrite } from './use-roster-write.ts';

/**
 * `/roster/day/:day`: who is on duty, who plans to fly (with counts), my own
 * plan, and — from the help mail's link, `?volunteer=<roleId>` — one button
 * to join the day in that role.
 */
export function RosterDayPage() {
  const s = useSession().data;
  const { day = '' } = useParams<{ day: string }>();
  if (!s?.club || !s.userID)
    return (
      <Page title="Flying day">
        <Loading />
      </Page>
    );
  return <FlyingDay club={s.club} userID={s.userID} day={day} today={clubToday(s.clubTimeZone)} />;
}

function FlyingDay({ club, userID, day, today }: { club: string; userID: string; day: string; today: string }) {
  const [params] = useSearchParams();
  const volunteerRole = params.get('volunteer');
  const flying = useQuery(flyingDayQuery(club, day));
  const swaps = useQuery(swapsQuery(club));
  const roles = useQuery({ ...dutyRolesQuery(club), enabled: volunteerRole !== null });
  const volunteer = useRosterWrite(club, (roleId: string) => call('POST /api/volunteer-duty', { day, roleId }));
  const swapOf = new Map((swaps.data?.swaps ?? []).map((swap) => [swap.swapId, swap]));
  const role = roles.data?.roles.find((r) => r.roleId === volunteerRole);
  const f = flying.data;
  return (
    <Page title={shortDay(day)}>
      <p>
        <Link to="/roster">‹ Duty roster</Link>
      </p>
      {flying.isPending ? (
        <Loading />
      ) : flying.error || !f ? (
        <LoadError error={flying.error} />
      ) : (
        <>
          {volunteerRole && role && !f.duties.some((d) => d.person?.userID === userID) && (
            <div className="alert alert-warning" role="region" aria-label="Help wanted">
              <p className="mb-2">
                Help wanted: {f.planners} plan to fly. Can you be on duty as {role.name}?
              </p>
              <button
                type="button"
                className="btn btn-warning"
                disabled={volunteer.isPending}
                onClick={() => volunteer.mutate(role.roleId)}
              >
                Volunteer as {role.name}
              </button>
            </div>
          )}
          <section className="mb-4" aria-labelledby="day-duties">
            <h2 id="day-duties" className="h5">
              On duty
            </h2>
            {f.duties.length === 0 ? (
              <p className="text-body-secondary">No duties are published for this day.</p>
            ) : (
              <ul className="list-group">
                {f.duties.map((duty) => (
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
            )}
          </section>
          <section className="mb-4" aria-labelledby="day-plans">
            <h2 id="day-plans" className="h5">
              Who plans to fly
            </h2>
            <p>
              <strong>{f.planners}</strong> plan to fly · <strong>{f.wantInstruction}</strong> want instruction ·{' '}
              <strong>{f.wantTow}</strong> want a tow
            </p>
            {f.plans.length > 0 && (
              <ul className="list-unstyled">
                {f.plans.map((plan) => (
                  <li key={plan.userID}>
                    {plan.first} {plan.last}
                    {plan.instruction && ' · instruction'}
                    {plan.gliderId && ` · ${plan.gliderId}`}
                    {!plan.tow && ' · no tow'}
                  </li>
                ))}
              </ul>
            )}
          </section>
          {day >= today && <MyPlan club={club} day={day} plan={f.myPlan} />}
        </>
      )}
    </Page>
  );
}

type Plan = { instruction: boolean; gliderId: string | null; tow: boolean } | null;

function MyPlan({ club, day, plan }: { club: string; day: string; plan: Plan }) {
  const [instruction, setInstruction] = useState(plan?.instruction ?? false);
  const [gliderId, setGliderId] = useState(plan?.gliderId ?? '');
  const [tow, setTow] = useState(plan?.tow ?? true);
  const gliders = useQuery({
    queryKey: ['roster', club, 'gliders'],
    queryFn: ({ signal }) => call('GET /api/list-items/', { club, type: 'GLIDER' }, signal),
  });
  const save = useRosterWrite(club, () =>
    call('POST /api/set-flying-plan', { day, instruction, gliderId: gliderId || null, tow }),
  );
  const withdraw = useRosterWrite(club, () => call('POST /api/withdraw-flying-plan', { day }));
  const gliderIds = (gliders.data?.items ?? []).map((item) => (item as { id: string }).id);
  return (
    <section className="card" aria-labelledby="my-plan">
      <div className="card-body">
        <h2 id="my-plan" className="h5">
          {plan ? 'I plan to fly' : 'Do you plan to fly?'}
        </h2>
        <div className="form-check mb-2">
          <input
            id="plan-instruction"
            className="form-check-input"
            type="checkbox"
            checked={instruction}
            onChange={(e) => setInstruction(e.target.checked)}
          />
          <label htmlFor="plan-instruction" className="form-check-label">
            With instruction
          </label>
        </div>
        <div className="form-check mb-2">
          <input
            id="plan-tow"
            className="form-check-input"
            type="checkbox"
            checked={tow}
            onChange={(e) => setTow(e.target.checked)}
          />
          <label htmlFor="plan-tow" className="form-check-label">
            I need a tow
          </label>
        </div>
        <label htmlFor="plan-glider" className="form-label">
          Glider
        </label>
        <select
          id="plan-glider"
          className="form-select mb-3"
          value={gliderId}
          onChange={(e) => setGliderId(e.target.value)}
        >
          <option value="">Any / my own</option>
          {gliderIds.map((id) => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        </select>
        <div className="d-grid gap-2 d-sm-flex">
          <button
            type="button"
            className="btn btn-primary"
            disabled={save.isPending}
            onClick={() => save.mutate(undefined)}
          >
            {plan ? 'Save my plan' : 'I plan to fly'}
          </button>
          {plan && (
            <button
              type="button"
              className="btn btn-outline-secondary"
              disabled={withdraw.isPending}
              onClick={() => withdraw.mutate(undefined)}
            >
              I no longer plan to fly
            </button>
          )}
        </div>
      </div>
    </section>
  );
}

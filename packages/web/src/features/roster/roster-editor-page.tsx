import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AnswerOf } from '@flightline/domain/api/define-call';
import type { getDutyRoles } from '@flightline/domain/api/roster';
import { addDays } from '@flightline/domain/roster/roster-days';
import { NotAuthorized } from '../../components/not-authorized.tsx';
import { Loading, LoadError, Page } from '../../components/page-state.tsx';
import { call } from '../../lib/api.ts';
import { dutyRolesQuery, rosterQuery } from './api.ts';
import { clubToday } from '../../lib/club-dates.ts';
import { Link } from '../../lib/router.tsx';
import { useSession } from '../../lib/session.ts';
import { personName, shortDay } from './roster-text.ts';
import { useRosterWrite } from './use-roster-write.ts';
import '../../app/bootstrap/tables.scss';

type Roles = AnswerOf<typeof getDutyRoles>;

/**
 * `/roster/edit` (admins and Can Edit Roster), at desk width: generate a range, put people on duties, publish; the
 * roles and who may take each.
 */
export function RosterEditorPage() {
  const s = useSession().data;
  if (!s?.club || !s.userID)
    return (
      <Page title="Edit roster">
        <Loading />
      </Page>
    );
  if (!s.userIsAdmin && !s.userCanEditRoster) return <NotAuthorized title="Edit roster" />;
  return <RosterEditor club={s.club} today={clubToday(s.clubTimeZone)} isAdmin={s.userIsAdmin} />;
}

function RosterEditor({ club, today, isAdmin }: { club: string; today: string; isAdmin: boolean }) {
  const [start, setStart] = useState(today);
  const [end, setEnd] = useState(addDays(today, 30));
  const roster = useQuery(rosterQuery(club, start, end));
  const roles = useQuery(dutyRolesQuery(club));
  const generate = useRosterWrite(club, () =>
    call('POST /api/generate-roster', { club, start, end, replacePublished: false, seed: 1 }),
  );
  const publish = useRosterWrite(club, () => call('POST /api/publish-roster', { club, start, end }));
  const setDuty = useRosterWrite(
    club,
    (input: { day: string; roleId: string; userID: string | null; dutyId: string }) =>
      call('POST /api/set-duty', input),
  );
  const changed = (roster.data?.duties ?? []).filter((d) => d.changed).length;
  return (
    <Page title="Edit roster" wide>
      <p>
        <Link to="/roster">‹ Duty roster</Link>
      </p>
      <form
        className="row g-2 align-items-end mb-3"
        onSubmit={(e) => {
          e.preventDefault();
          generate.mutate(undefined);
        }}
      >
        <div className="col-6 col-sm-3">
          <label htmlFor="roster-start" className="form-label">
            From
          </label>
          <input
            id="roster-start"
            type="date"
            className="form-control"
            value={start}
            min={today}
            onChange={(e) => setStart(e.target.value)}
          />
        </div>
        <div className="col-6 col-sm-3">
          <label htmlFor="roster-end" className="form-label">
            To
          </label>
          <input
            id="roster-end"
            type="date"
            className="form-control"
            value={end}
            min={start}
            onChange={(e) => setEnd(e.target.value)}
          />
        </div>
        <div className="col-12 col-sm-6 d-flex gap-2">
          <button type="submit" className="btn btn-outline-primary" disabled={generate.isPending}>
            Generate
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={publish.isPending}
            onClick={() => publish.mutate(undefined)}
          >
            Publish{changed ? ` (${changed} changed)` : ''}
          </button>
        </div>
      </form>
      {roster.isPending || roles.isPending ? (
        <Loading />
      ) : roster.error || roles.error ? (
        <LoadError error={roster.error ?? roles.error} />
      ) : (roster.data?.duties ?? []).length === 0 ? (
        <p className="text-body-secondary">
          No duties in these days yet: Generate drafts them from everyone's availability.
        </p>
      ) : (
        <table className="table table-sm align-middle">
          <thead>
            <tr>
              <th>Day</th>
              <th>Role</th>
              <th>Person</th>
              <th>Published</th>
            </tr>
          </thead>
          <tbody>
            {roster.data!.duties.map((duty) => (
              <tr key={duty.dutyId} className={duty.changed ? 'table-warning' : undefined}>
                <td>{shortDay(duty.day)}</td>
                <td>
                  {duty.role}
                  {duty.extra && ' (extra)'}
                </td>
                <td>
                  <select
                    className="form-select form-select-sm"
                    aria-label={`${duty.role} on ${duty.day}`}
                    value={duty.draft?.userID ?? ''}
                    disabled={duty.day < today || setDuty.isPending}
                    onChange={(e) =>
                      setDuty.mutate({
                        day: duty.day,
                        roleId: duty.roleId,
                        userID: e.target.value || null,
                        dutyId: duty.dutyId,
                      })
                    }
                  >
                    <option value="">Nobody</option>
                    {roles
                      .data!.people.filter((p) => p.roleIds.includes(duty.roleId) || p.userID === duty.draft?.userID)
                      .map((p) => (
                        <option key={p.userID} value={p.userID}>
                          {personName(p)}
                        </option>
                      ))}
                  </select>
                </td>
                <td>
                  {duty.published ? personName(duty.person) : <span className="text-body-secondary">not yet</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {roles.data && <DutyRoles club={club} roles={roles.data} isAdmin={isAdmin} />}
    </Page>
  );
}

function DutyRoles({ club, roles, isAdmin }: { club: string; roles: Roles; isAdmin: boolean }) {
  const [name, setName] = useState('');
  const save = useRosterWrite(club, (role: { roleId: string; name: string; active: boolean }) =>
    call('POST /api/save-duty-role', role),
  );
  const eligibility = useRosterWrite(club, (input: { userID: string; roleId: string; eligible: boolean }) =>
    call('POST /api/set-duty-eligibility', input),
  );
  return (
    <section className="mt-4" aria-labelledby="duty-roles">
      <h2 id="duty-roles" className="h5">
        Duty roles and who may take each
      </h2>
      {isAdmin && (
        <form
          className="d-flex gap-2 mb-3"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate({ roleId: crypto.randomUUID(), name, active: true }, { onSuccess: () => setName('') });
          }}
        >
          <input
            className="form-control"
            aria-label="New role"
            placeholder="New role"
            maxLength={40}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <button type="submit" className="btn btn-outline-primary" disabled={!name.trim() || save.isPending}>
            Add role
          </button>
        </form>
      )}
      <div className="row row-cols-1 row-cols-sm-3 g-3">
        {roles.roles.map((role) => (
          <div key={role.roleId} className="col">
            <div className="card h-100">
              <div className="card-header d-flex justify-content-between align-items-center">
                <span className="fw-semibold">{role.name}</span>
                {isAdmin && (
                  <div className="form-check form-switch mb-0">
                    <input
                      className="form-check-input"
                      type="checkbox"
                      role="switch"
                      aria-label={`${role.name} active`}
                      checked={role.active}
                      onChange={(e) => save.mutate({ roleId: role.roleId, name: role.name, active: e.target.checked })}
                    />
                  </div>
                )}
              </div>
              <ul className="list-group list-group-flush">
                {roles.people.map((p) => (
                  <li key={p.userID} className="list-group-item py-1">
                    <label className="form-check mb-0">
                      <input
                        className="form-check-input"
                        type="checkbox"
                        disabled={!isAdmin || !role.active}
                        checked={p.roleIds.includes(role.roleId)}
                        onChange={(e) =>
                          eligibility.mutate({ userID: p.userID, roleId: role.roleId, eligible: e.target.checked })
                        }
                      />
                      <span className="form-check-label">{personName(p)}</span>
                    </label>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}

import '../../app/bootstrap/tables.scss';
import './gliders.css';
import { useQuery } from '@tanstack/react-query';
import type { GliderLogbook, GliderLogbooks } from '@flightline/domain/api/glider-logbook';
import { clockTimeOf } from '@flightline/domain/money/exports';
import { durationText } from '@flightline/domain/flights/flight-duration';
import { flyingText, GLIDER_LOGBOOKS_PATH, gliderLogbookPath } from '@flightline/domain/flights/glider-logbook';
import { DayRangePicker } from '../../components/day-range-picker.tsx';
import { FigureBoxes } from '../../components/figure-boxes.tsx';
import { NumberHeading } from '../../components/figure-column.tsx';
import { LoadError, Loading, Page } from '../../components/page-state.tsx';
import { clubToday } from '../../lib/club-dates.ts';
import { Link, useSearchParams } from '../../lib/router.tsx';
import { useSession } from '../../lib/session.ts';
import { useYearToDate } from '../../lib/use-day-range.ts';
import { gliderLogbookQuery, gliderLogbooksQuery } from './glider-queries.ts';

const TITLE = 'Glider Logbooks';

/**
 * `/gliders`: the club's gliders with their hours and launches, and with
 * `?glider=` one glider's logbook (docs/flight-line.md, "Glider logbooks"),
 * for every active member.
 */
export function GlidersPage() {
  const s = useSession().data;
  const [params] = useSearchParams();
  const glider = params.get('glider');
  if (!s?.club || !s.clubTimeZone) {
    return (
      <Page title={TITLE}>
        <Loading />
      </Page>
    );
  }
  // Keyed by glider: another glider's logbook starts from its own default dates.
  return glider ? (
    <OneGlider key={glider} club={s.club} glider={glider} timeZone={s.clubTimeZone} />
  ) : (
    <GliderIndex club={s.club} />
  );
}

function GliderIndex({ club }: { club: string }) {
  const logbooks = useQuery(gliderLogbooksQuery(club));
  return (
    <Page title={TITLE}>
      {logbooks.isError ? (
        <LoadError error={logbooks.error} prefix="Could not load the glider logbooks." />
      ) : !logbooks.data ? (
        <Loading />
      ) : logbooks.data.gliders.length === 0 ? (
        <p>The club has no gliders yet.</p>
      ) : (
        <GliderTable gliders={logbooks.data.gliders} />
      )}
    </Page>
  );
}

function GliderTable({ gliders }: { gliders: GliderLogbooks['gliders'] }) {
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle glider-index">
        <caption className="visually-hidden">
          Each glider's hours and launches, all time and since its maintenance date
        </caption>
        <thead>
          <tr>
            <th scope="col">Glider</th>
            <NumberHeading>Hours</NumberHeading>
            <NumberHeading>Launches</NumberHeading>
            <NumberHeading>Since maintenance</NumberHeading>
          </tr>
        </thead>
        <tbody>
          {gliders.map((g) => (
            <tr key={g.glider}>
              <th scope="row" className="fw-normal">
                <Link to={gliderLogbookPath(g.glider)} className="glider-link">
                  {g.glider}
                </Link>
                {g.aircraftType && <span className="d-block small text-body-secondary">{g.aircraftType}</span>}
              </th>
              <td className="text-end">{durationText(g.allTime.minutes)}</td>
              <td className="text-end">{g.allTime.launches}</td>
              <td className="text-end">
                {g.sinceMaintenance && g.maintenanceDate ? (
                  <>
                    {durationText(g.sinceMaintenance.minutes)}
                    <span className="d-block small">
                      {g.sinceMaintenance.launches === 1 ? '1 launch' : `${g.sinceMaintenance.launches} launches`}
                    </span>
                    <span className="d-block small text-body-secondary">since {g.maintenanceDate}</span>
                  </>
                ) : (
                  <span className="text-body-secondary">Not set</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OneGlider({ club, glider, timeZone }: { club: string; glider: string; timeZone: string }) {
  const dates = useYearToDate(timeZone);
  const logbook = useQuery(gliderLogbookQuery(club, glider, dates.range));
  const loading = dates.settling || (dates.range !== null && logbook.isPending);
  return (
    <Page title={`Glider Logbook: ${glider}`}>
      {logbook.data?.aircraftType && <p className="text-body-secondary">{logbook.data.aircraftType}</p>}
      <Link to={GLIDER_LOGBOOKS_PATH} className="btn btn-outline-secondary mb-3">
        All gliders
      </Link>
      {logbook.data && <SinceMaintenance logbook={logbook.data} />}
      <DayRangePicker dates={dates} today={clubToday(timeZone)} />
      {logbook.isError ? (
        <LoadError error={logbook.error} prefix="Could not load the glider's logbook." />
      ) : loading || !logbook.data ? (
        dates.range && <Loading />
      ) : (
        <LogbookBody logbook={logbook.data} timeZone={timeZone} />
      )}
    </Page>
  );
}

/** The figure maintenance is planned by, first on the page. */
function SinceMaintenance({ logbook }: { logbook: GliderLogbook }) {
  const since = logbook.sinceMaintenance;
  if (!since || !logbook.maintenanceDate) {
    return (
      <p className="small text-body-secondary">
        No maintenance date is set for this glider. An admin or a member who can update gliders sets it in Glider
        Administration.
      </p>
    );
  }
  return (
    <section aria-label="Since maintenance" className="mb-3">
      <h2 className="h6 mb-2">Since maintenance on {logbook.maintenanceDate}</h2>
      <FigureBoxes
        margin="mb-2"
        figures={[
          { name: 'Hours', value: durationText(since.minutes) },
          { name: 'Launches', value: since.launches },
        ]}
      />
    </section>
  );
}

function LogbookBody({ logbook, timeZone }: { logbook: GliderLogbook; timeZone: string }) {
  return (
    <>
      <div className="row g-2 mb-3">
        <TotalsCard title="These dates" totals={logbook.range} />
        <TotalsCard title="All time" totals={logbook.allTime} />
      </div>
      {logbook.flights.length === 0 ? (
        <p className="text-body-secondary">No flights in these dates.</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm small glider-flights">
            <caption className="visually-hidden">The glider's flights in these dates, by day</caption>
            <thead>
              <tr>
                <th scope="col">P1</th>
                <th scope="col">P2</th>
                <th scope="col">Launch</th>
                <th scope="col">Takeoff–landing</th>
                <NumberHeading>Duration</NumberHeading>
              </tr>
            </thead>
            {/* A day heads its flights, so a phone's width holds the five columns. */}
            {byDay(logbook.flights).map(([day, flights]) => (
              <tbody key={day}>
                <tr className="table-light">
                  <th scope="rowgroup" colSpan={5}>
                    {day}
                  </th>
                </tr>
                {flights.map((f) => (
                  <tr key={f.id}>
                    <td>{f.p1}</td>
                    <td>{f.p2}</td>
                    <td>{f.launchType}</td>
                    {/* May break after the dash: on a phone the landing goes under the takeoff,
                        and Duration stays in view. */}
                    <td>
                      {clockTimeOf(f.launchedAt, timeZone)}–<wbr />
                      {f.landedAt === null ? 'flying' : clockTimeOf(f.landedAt, timeZone)}
                    </td>
                    <td className="text-end">{f.minutes === null ? '' : durationText(f.minutes)}</td>
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        </div>
      )}
    </>
  );
}

function TotalsCard({ title, totals }: { title: string; totals: GliderLogbook['range'] }) {
  return (
    <div className="col-12 col-sm-6">
      <div className="border rounded p-2 h-100 small" aria-label={title} role="group">
        <h2 className="h6 mb-1">{title}</h2>
        <p className="mb-1">{flyingText(totals)}</p>
        <p className="mb-0 text-body-secondary">
          {totals.byLaunchType.length
            ? totals.byLaunchType.map((l) => `${l.launchType} ×${l.launches}`).join(', ')
            : 'No launches'}
        </p>
      </div>
    </div>
  );
}

/** The flights grouped by their day, in the order listed (by day, then request). */
function byDay(flights: GliderLogbook['flights']): [string, GliderLogbook['flights']][] {
  const days = new Map<string, GliderLogbook['flights']>();
  for (const flight of flights) days.set(flight.day, [...(days.get(flight.day) ?? []), flight]);
  return [...days];
}

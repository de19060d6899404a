import '../../app/back-office.scss';
import { useMemo, useState } from 'react';
import type { FlightRecord, LogsData } from '@flightline/domain/api/types';
import { durationText } from '@flightline/domain/flights/flight-duration';
import { FigureBoxes } from '../../components/figure-boxes.tsx';
import { Loading, Page } from '../../components/page-state.tsx';
import { failedToLoad } from '../../lib/offline-status.ts';
import { useSession } from '../../lib/session.ts';
import { DayRangePicker } from '../../components/day-range-picker.tsx';
import { useDayRange } from '../../lib/use-day-range.ts';
import { useHeightUnit } from '../../lib/api/club-info.ts';
import { loadFailure, loadFailureReason, useLogs } from './api.ts';
import { FlightList } from './flight-list.tsx';
import { Select } from './log-fields.tsx';
import { logRangeProblem } from './log-range.ts';
import { FlightModal } from './flight-modal.tsx';
import { LogbookSummary } from './logbook-summary.tsx';
import {
  ALL,
  defaultTowPilot,
  filterLog,
  gliderChoices,
  isMyFlight,
  LOG_VIEWS,
  logbookOf,
  logFlights,
  logsTitle,
  logTotals,
  towPilotChoices,
  type LogView,
} from './log-views.ts';
import './logs.css';

/** `/logs/`: the Flight Logs (docs/flight-line.md "The flight logs: serve-logs"). */
export function LogsPage() {
  const session = useSession();
  const s = session.data;
  if (!s?.club || !s.userID || !s.clubTimeZone) {
    return (
      <Page title="Flight Logs">
        <Loading />
      </Page>
    );
  }
  return <Logs club={s.club} me={s.userID} iAmTowPilot={s.isTowPilot} timeZone={s.clubTimeZone} />;
}

function Logs({
  club,
  me,
  iAmTowPilot,
  timeZone,
}: {
  club: string;
  me: string;
  iAmTowPilot: boolean;
  timeZone: string;
}) {
  const [view, setView] = useState<LogView>('all');
  const [glider, setGlider] = useState(ALL);
  const [towPilot, setTowPilot] = useState(() => defaultTowPilot(me, iAmTowPilot));
  const [openId, setOpenId] = useState<string | null>(null);
  const logbook = logbookOf(view, me, towPilot);
  const dates = useDayRange(timeZone, (startDate, endDate) => logRangeProblem(startDate, endDate, logbook !== null));
  const logs = useLogs(club, dates.range, logbook);
  const heightUnit = useHeightUnit(club);

  const loading = dates.settling || (dates.range !== null && logs.isPending);
  const data = loading || !dates.range ? undefined : logs.data;
  const title = logsTitle(dates.input.startDate, dates.input.endDate);

  return (
    <Page title={title}>
      <DayRangePicker dates={dates} />
      <div className="btn-group w-100 mb-3" role="group" aria-label="Flights to show">
        {LOG_VIEWS.map((v) => (
          <button
            key={v.view}
            type="button"
            className={`btn ${view === v.view ? 'btn-primary' : 'btn-outline-primary'}`}
            aria-pressed={view === v.view}
            onClick={() => setView(v.view)}
          >
            {v.label}
          </button>
        ))}
      </div>
      {!loading && failedToLoad(logs) ? (
        <div className="alert alert-danger d-flex align-items-center justify-content-between gap-2" role="alert">
          <span>
            {loadFailure(logs.error)}
            {loadFailureReason(logs.error) && <span className="d-block small">{loadFailureReason(logs.error)}</span>}
          </span>
          <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => void logs.refetch()}>
            Retry
          </button>
        </div>
      ) : loading || !data ? (
        dates.range !== null || dates.settling ? (
          <Loading />
        ) : null
      ) : (
        <LogList
          data={data}
          me={me}
          timeZone={timeZone}
          view={view}
          glider={glider}
          onGlider={setGlider}
          towPilot={towPilot}
          onTowPilot={setTowPilot}
          onOpen={setOpenId}
          club={club}
        />
      )}
      {data && openId && (
        <OpenFlight
          key={openId}
          id={openId}
          data={data}
          club={club}
          timeZone={timeZone}
          heightUnit={heightUnit}
          onClose={() => setOpenId(null)}
        />
      )}
    </Page>
  );
}

/** The flight shown in the modal, while it is still in the loaded logs. */
function OpenFlight({
  id,
  data,
  onClose,
  ...rest
}: {
  id: string;
  data: LogsData;
  club: string;
  timeZone: string;
  heightUnit: string;
  onClose: () => void;
}) {
  const flight = data.flights.find((f) => f.id === id);
  if (!flight) return null;
  return <FlightModal flight={flight} data={data} onClose={onClose} {...rest} />;
}

interface LogListProps {
  data: LogsData;
  me: string;
  timeZone: string;
  view: LogView;
  glider: string;
  onGlider: (glider: string) => void;
  towPilot: string;
  onTowPilot: (id: string) => void;
  onOpen: (id: string) => void;
  club: string;
}

function LogList({ data, me, timeZone, view, glider, onGlider, towPilot, onTowPilot, onOpen, club }: LogListProps) {
  const flights = useMemo(() => logFlights(data.flights), [data.flights]);
  const gliders = gliderChoices(view === 'mine' ? flights.filter((f) => isMyFlight(f, me)) : flights);
  const towPilots = towPilotChoices(flights, data.pilots);
  // A glider or tow pilot chosen for another range may not be in this one.
  const gliderShown = gliders.includes(glider) ? glider : ALL;
  const towPilotShown = towPilots.some((c) => c.value === towPilot) ? towPilot : ALL;
  const listed: FlightRecord[] = filterLog(flights, { view, me, glider: gliderShown, towPilot: towPilotShown });
  const totals = logTotals(listed);
  const multiDay = data.startDate !== data.endDate;

  return (
    <>
      {view === 'tows' ? (
        <Select id="logs-tow-pilot" label="Tow pilot" value={towPilotShown} choices={towPilots} onChange={onTowPilot} />
      ) : (
        <Select
          id="logs-glider"
          label="Glider"
          value={gliderShown}
          choices={gliders.map((g) => ({ value: g, label: g }))}
          onChange={onGlider}
        />
      )}
      <FigureBoxes
        label="Totals"
        figures={[
          { name: 'Flights', value: totals.flights },
          { name: 'Hours', value: durationText(totals.minutes) },
        ]}
      />
      {view === 'mine' && (
        <LogbookSummary
          club={club}
          me={me}
          timeZone={timeZone}
          flights={listed}
          pilots={data.pilots}
          gliders={data.gliders}
          range={data}
        />
      )}
      <FlightList flights={listed} pilots={data.pilots} timeZone={timeZone} showDate={multiDay} onOpen={onOpen} />
    </>
  );
}

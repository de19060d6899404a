import type { FlightRecord, LogsData } from '@flightline/domain/api/types';
import { durationOf, flightTimesText, pilotMap, secondPerson } from './log-views.ts';

interface FlightListProps {
  flights: FlightRecord[];
  pilots: LogsData['pilots'];
  timeZone: string;
  /** A range of several days: each line starts with its day. */
  showDate: boolean;
  onOpen: (id: string) => void;
}

/**
 * The logbook lines, phone first: takeoff and landing, glider and duration on
 * the first line, pilot / second person and launch on the second; a tap opens
 * the flight.
 */
export function FlightList({ flights, pilots, timeZone, showDate, onOpen }: FlightListProps) {
  const byId = pilotMap(pilots);
  if (flights.length === 0) return <p className="text-body-secondary text-center py-3">No flights in these dates.</p>;
  return (
    <ul className="list-group log-list" aria-label="Flights">
      {flights.map((f) => {
        const second = secondPerson(f, byId);
        const pilot = `${f.first} ${f.last}`.trim();
        const landed = f.landedAt !== null;
        const duration = durationOf(f);
        const times = flightTimesText(f, timeZone);
        return (
          <li key={f.id} className="list-group-item p-0">
            <button
              type="button"
              className="log-line btn btn-link text-start text-body text-decoration-none w-100 px-3 py-2"
              onClick={() => onOpen(f.id)}
            >
              <span className="d-flex align-items-baseline gap-2">
                <span className="text-nowrap text-body-secondary small">
                  {showDate && <span className="me-1">{f.dateString.slice(5)}</span>}
                  {times}
                </span>
                <span className="fw-semibold text-nowrap">{f.glider}</span>
                {landed && (
                  <span className="ms-auto text-nowrap fw-semibold" aria-label={`Duration ${duration}`}>
                    {duration}
                  </span>
                )}
              </span>
              <span className="d-flex align-items-baseline gap-2 small">
                <span className="text-truncate">
                  {pilot}
                  {second && <span className="text-body-secondary"> / {second}</span>}
                </span>
                <span className="ms-auto text-nowrap text-body-secondary">{f.launchType}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

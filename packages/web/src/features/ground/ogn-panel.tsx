import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FlightRecord } from '@flightline/domain/api/types';
import { decideOgnDetection, ognLineQuery } from '../../lib/api/ogn.ts';
import { flightKeys } from '../../lib/api/flights.ts';
import { useLinePollMs } from '../../lib/live-status.ts';
import { clockText } from './time-text.ts';

type OgnLine = Awaited<ReturnType<NonNullable<ReturnType<typeof ognLineQuery>['queryFn']>>>;
type Detection = OgnLine['detections'][number];

/** '14:02:13' in the club's zone (zone offsets are whole minutes, so the seconds are the instant's). */
function clockWithSeconds(ms: number, timeZone: string): string {
  return `${clockText(ms, timeZone)}:${String(Math.floor(ms / 1000) % 60).padStart(2, '0')}`;
}

/** "OGN: receiving, 6 aircraft in range" — what the line page says of the feed (docs/ogn.md "On the line"). */
export function ognStateText(line: Pick<OgnLine, 'state' | 'aircraftInRange' | 'lastBeaconMs'>, nowMs: number): string {
  switch (line.state) {
    case 'receiving':
      return `OGN: receiving, ${line.aircraftInRange} aircraft in range`;
    case 'quiet':
      return line.lastBeaconMs === null
        ? 'OGN: no beacon yet'
        : `OGN: no beacon for ${Math.max(5, Math.floor((nowMs - line.lastBeaconMs) / 60_000))} min`;
    case 'connecting':
      return 'OGN: connecting';
    case 'waiting':
      return 'OGN: not connected';
    default:
      return '';
  }
}

/** "C-GDSA took off 14:02:13 behind C-FTOW — record?" */
export function detectionText(d: Detection, timeZone: string, heightUnit: string): string {
  const at = clockWithSeconds(d.happenedAt, timeZone);
  const height = d.releaseHeight === null ? '' : `, off tow at ${d.releaseHeight} ${heightUnit}`;
  if (d.kind === 'landing') return `${d.glider} landed ${at}`;
  if (d.kind === 'release') return `${d.glider} came off tow ${at}${height}`;
  return `${d.glider} took off ${at}${d.tug ? ` behind ${d.tug}` : ''}${height}`;
}

/**
 * The OGN feed on the line page: its state, each suggestion with one tap to
 * record it (the same line action as a tap) and the takeoffs no waiting
 * request matched, for the crew to assign to a request or dismiss. Nothing
 * when the club has the feed off.
 */
export function OgnPanel({
  club,
  day,
  timeZone,
  heightUnit,
  nowMs,
  waiting,
}: {
  club: string;
  day: string;
  timeZone: string;
  heightUnit: string;
  nowMs: number;
  waiting: readonly FlightRecord[];
}) {
  const pollMs = useLinePollMs(10_000);
  const query = useQuery({ ...ognLineQuery(club), refetchInterval: pollMs, retry: false });
  const client = useQueryClient();
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Record<number, string>>({});
  const line = query.data;
  if (!line || line.mode === 'off') return null;
  const suggestions = line.detections.filter((d) => d.status === 'suggested');
  const unmatched = line.detections.filter((d) => d.status === 'unmatched');

  async function decide(d: Detection, decision: 'accept' | 'dismiss', flightId?: string) {
    setBusy(d.id);
    setError(null);
    try {
      await decideOgnDetection(club, d.id, decision, flightId);
    } catch (failure) {
      setError(`No action taken - ${failure instanceof Error ? failure.message : String(failure)}`);
    } finally {
      setBusy(null);
      void client.invalidateQueries({ queryKey: ognLineQuery(club).queryKey });
      void client.invalidateQueries({ queryKey: flightKeys.groundStatus(club) });
    }
  }

  return (
    <section className="mb-3" aria-label="Open Glider Network" data-day={day}>
      <p className="small text-body-secondary mb-2" role="status">
        {ognStateText(line, nowMs)}
      </p>
      {error && (
        <div className="alert alert-danger py-2" role="alert">
          {error}
        </div>
      )}
      {suggestions.length > 0 && (
        <ul className="list-unstyled mb-2" aria-label="OGN suggestions">
          {suggestions.map((d) => (
            <li key={d.id} className="border rounded p-2 mb-2">
              <span className="d-block text-break mb-2">{detectionText(d, timeZone, heightUnit)} — record?</span>
              <div className="d-flex gap-2">
                <button
                  type="button"
                  className="btn btn-primary flex-grow-1"
                  disabled={busy !== null}
                  onClick={() => void decide(d, 'accept')}
                >
                  Record
                </button>
                <button
                  type="button"
                  className="btn btn-outline-secondary"
                  disabled={busy !== null}
                  onClick={() => void decide(d, 'dismiss')}
                >
                  Dismiss
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {unmatched.length > 0 && (
        <>
          <h2 className="h6">Unmatched</h2>
          <ul className="list-unstyled mb-2" aria-label="Unmatched takeoffs">
            {unmatched.map((d) => {
              const label = `Request for ${d.glider} at ${clockWithSeconds(d.happenedAt, timeZone)}`;
              const flightId = chosen[d.id] ?? '';
              return (
                <li key={d.id} className="border rounded p-2 mb-2">
                  <span className="d-block text-break mb-2">{detectionText(d, timeZone, heightUnit)}</span>
                  <select
                    className="form-select mb-2"
                    aria-label={label}
                    value={flightId}
                    onChange={(e) => setChosen({ ...chosen, [d.id]: e.target.value })}
                  >
                    <option value="">Choose the waiting request…</option>
                    {waiting.map((f) => (
                      <option key={f.id} value={f.id}>
                        {f.glider} — {`${f.first} ${f.last}`.trim()}
                      </option>
                    ))}
                  </select>
                  <div className="d-flex gap-2">
                    <button
                      type="button"
                      className="btn btn-primary flex-grow-1"
                      disabled={busy !== null || !flightId}
                      onClick={() => void decide(d, 'accept', flightId)}
                    >
                      Assign
                    </button>
                    <button
                      type="button"
                      className="btn btn-outline-secondary"
                      disabled={busy !== null}
                      onClick={() => void decide(d, 'dismiss')}
                    >
                      Dismiss
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}

import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FlightRecord, LogsData } from '@flightline/domain/api/types';
import { csvFileName, toCsv } from '@flightline/domain/money/csv';
import {
  LOGBOOK_COLUMNS,
  LOGBOOK_ROLES,
  logbookRows,
  logbookTotals,
  type LogbookTotals,
} from '@flightline/domain/flights/logbook';
import { logbookTotalsQuery } from '../../lib/api/logbook.ts';
import { durationText } from '@flightline/domain/flights/flight-duration';

interface LogbookSummaryProps {
  club: string;
  me: string;
  timeZone: string;
  /** My flights as listed (the range and glider chosen). */
  flights: readonly FlightRecord[];
  pilots: LogsData['pilots'];
  /** The club's gliders, for their aircraft types in the CSV. */
  gliders: LogsData['gliders'];
  /** The dates listed, for the file's name. */
  range: { startDate: string; endDate: string };
}

/**
 * My flights' logbook: the listed flights' totals and all time's, by role
 * (P1, P2, instructor) and launches by type, and the listed flights as a
 * logbook CSV in the columns logbook apps import (docs/flight-line.md, "Logbooks").
 */
export function LogbookSummary({ club, me, timeZone, flights, pilots, gliders, range: dates }: LogbookSummaryProps) {
  const range = useMemo(() => logbookTotals(flights, me), [flights, me]);
  const allTime = useQuery(logbookTotalsQuery(club));
  const rows = useMemo(
    () =>
      logbookRows(
        flights,
        me,
        new Map(pilots.map((p) => [p.userID, `${p.first} ${p.last}`.trim()])),
        new Map((gliders ?? []).map((g) => [g.id, g.aircraftType])),
        timeZone,
      ),
    [flights, me, pilots, gliders, timeZone],
  );
  return (
    <section className="mb-3" aria-label="Logbook">
      <div className="row g-2">
        <TotalsCard title="These dates" totals={range} />
        <TotalsCard title="All time" totals={allTime.data?.allTime} />
      </div>
      {rows.length > 0 && (
        <button
          type="button"
          className="btn btn-outline-primary w-100 mt-2"
          onClick={() => download(toCsv(LOGBOOK_COLUMNS, rows), csvFileName('Logbook', dates.startDate, dates.endDate))}
        >
          Download logbook (CSV)
        </button>
      )}
    </section>
  );
}

function TotalsCard({ title, totals }: { title: string; totals: LogbookTotals | undefined }) {
  return (
    <div className="col-12 col-sm-6">
      <div className="border rounded p-2 h-100 small" aria-label={title} role="group">
        <h2 className="h6 mb-1">{title}</h2>
        {totals ? (
          <>
            <p className="mb-1">
              {totals.flights === 1 ? '1 flight' : `${totals.flights} flights`} · {durationText(totals.minutes)} hours
            </p>
            <p className="mb-1">
              {LOGBOOK_ROLES.map(
                (role) => `${role} ${totals.byRole[role].flights} · ${durationText(totals.byRole[role].minutes)}`,
              ).join('; ')}
            </p>
            <p className="mb-0 text-body-secondary">
              {totals.launches.length
                ? totals.launches.map((l) => `${l.launchType} ×${l.count}`).join(', ')
                : 'No launches'}
            </p>
          </>
        ) : (
          <p className="mb-0 text-body-secondary">Loading…</p>
        )}
      </div>
    </div>
  );
}

/** Save `csv` as `fileName`, as a download link would. */
function download(csv: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has handed the file to the browser: the URL can go once this task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

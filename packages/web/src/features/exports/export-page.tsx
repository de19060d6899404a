import '../../app/back-office.scss';
import '../../components/touch-checks.css';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { EXPORT_CHOICES, type ExportChoice } from '@flightline/domain/money/exports';
import { Loading, Page } from '../../components/page-state.tsx';
import { errorMessage } from '../../lib/api.ts';
import { notifications } from '../../lib/notifications-store.ts';
import { useSession } from '../../lib/session.ts';
import { clubToday, dayRangeProblem } from '../../lib/club-dates.ts';
import { DateRangeFields } from '../../components/date-range-fields.tsx';
import { NotAuthorized } from '../../components/not-authorized.tsx';
import { fetchFlights, fetchPilots, fetchTransactions } from './api.ts';
import {
  buildExport,
  changeExportDates,
  EXPORT_LABELS,
  flightRangeProblem,
  flightsQuery,
  isLedgerChoice,
  nameLookup,
  type ExportDates,
  type ExportSource,
} from './export-data.ts';

const TITLE = 'Club Data Exports';

/** `/export/`: Club Data Exports, admin only. */
export function ExportPage() {
  const s = useSession().data;
  if (!s?.club || !s.clubTimeZone)
    return (
      <Page title={TITLE}>
        <Loading />
      </Page>
    );
  if (!s.userIsAdmin) return <NotAuthorized title={TITLE} />;
  return <ExportScreen timeZone={s.clubTimeZone} />;
}

interface LoadRequest {
  choice: ExportChoice;
  dates: ExportDates;
}

/** A CSV ready to save: an object URL for the Download link. */
interface ReadyFile {
  url: string;
  fileName: string;
  rowCount: number;
  request: LoadRequest;
}

async function loadSource({ choice, dates }: LoadRequest, timeZone: string): Promise<ExportSource> {
  if (isLedgerChoice(choice)) return { choice, data: await fetchTransactions(dates) };
  return { choice, flights: await fetchFlights(flightsQuery(dates, timeZone)) };
}

function daysText({ startDate, endDate }: ExportDates): string {
  return startDate === endDate ? `on ${startDate}` : `from ${startDate} to ${endDate}`;
}

function ExportScreen({ timeZone }: { timeZone: string }) {
  const id = useId();
  const [dates, setDates] = useState<ExportDates>(() => {
    const today = clubToday(timeZone);
    return { startDate: today, endDate: today };
  });
  const [choice, setChoice] = useState<ExportChoice>('Flights');
  const [file, setFile] = useState<ReadyFile | null>(null);
  // The browser keeps a Blob alive while its URL exists: let it go once the link is gone.
  useEffect(() => (file ? () => URL.revokeObjectURL(file.url) : undefined), [file]);

  const load = useMutation({
    mutationFn: async (request: LoadRequest) => {
      const [pilots, source] = await Promise.all([fetchPilots(), loadSource(request, timeZone)]);
      return buildExport(source, nameLookup(pilots), timeZone, request.dates);
    },
    onSuccess: (exported, request) => {
      const blob = new Blob([exported.csv], { type: 'text/csv;charset=utf-8' });
      setFile({ url: URL.createObjectURL(blob), fileName: exported.fileName, rowCount: exported.rowCount, request });
    },
    onError: (error) =>
      notifications.alert({
        status: 'danger',
        heading: 'Could not load data for export',
        message: errorMessage(error),
      }),
  });

  const change = (next: ExportDates, nextChoice: ExportChoice) => {
    setDates(next);
    setChoice(nextChoice);
    // A link for other dates or another choice would save the wrong file.
    setFile(null);
  };

  const problem =
    dates.startDate === ''
      ? null
      : (dayRangeProblem(dates.startDate, dates.endDate) ?? flightRangeProblem(choice, dates, timeZone));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Without a start date loading does nothing.
    if (dates.startDate === '' || problem || load.isPending) return;
    load.mutate({ choice, dates });
  };

  return (
    <Page title={TITLE} wide>
      <form onSubmit={submit} noValidate>
        <fieldset disabled={load.isPending}>
          <DateRangeFields
            value={dates}
            bounded={false}
            onStartDate={(day) => change(changeExportDates(dates, { startDate: day }), choice)}
            onEndDate={(day) => change(changeExportDates(dates, { endDate: day }), choice)}
          />
          <fieldset className="mb-3 touch-checks">
            <legend className="form-label fs-6 mb-1">Data to export</legend>
            {EXPORT_CHOICES.map((option) => (
              <div key={option} className="form-check">
                <input
                  id={`${id}-${option}`}
                  className="form-check-input"
                  type="radio"
                  name={`${id}-choice`}
                  value={option}
                  checked={choice === option}
                  onChange={() => change(dates, option)}
                />
                <label className="form-check-label" htmlFor={`${id}-${option}`}>
                  {EXPORT_LABELS[option]}
                </label>
              </div>
            ))}
          </fieldset>
        </fieldset>
        {problem && (
          <div className="alert alert-warning py-2" role="alert">
            {problem}
          </div>
        )}
        <button type="submit" className="btn btn-primary w-100 mb-3" disabled={load.isPending || problem !== null}>
          {load.isPending ? (
            <>
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              Loading…
            </>
          ) : (
            'Load Data for Export'
          )}
        </button>
      </form>
      {file && (
        <div className="border rounded p-3">
          <p className="mb-2">
            {`${EXPORT_LABELS[file.request.choice]} ${daysText(file.request.dates)}: `}
            {file.rowCount === 1 ? '1 row' : `${file.rowCount} rows`}.
          </p>
          <a className="btn btn-success w-100" href={file.url} download={file.fileName}>
            Download Exported Data
          </a>
          <p className="form-text mb-0 text-break">{file.fileName}</p>
        </div>
      )}
    </Page>
  );
}

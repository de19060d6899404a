import Accordion from 'react-bootstrap/Accordion';
import type { FlightCorrection, FlightRecord } from '@flightline/domain/api/types';
import { fromOgnLine, lateEntryLine } from '@flightline/domain/flights/late-entry';
import { revisionOf, type FlightLookups } from './flight-draft.ts';

/**
 * The flight's history: the line actions entered late (their time kept, who
 * sent them and when they came, for the treasurer to check), then the log
 * corrections — who, when, each changed field old → new; newest first.
 * The actions recorded from the OGN feed (by the feed, or a crew accepting
 * its suggestion) say so first: a detection, not a tap.
 */
export function Revisions({
  corrections,
  lateEntries = [],
  fromOgn = [],
  lookups,
}: {
  corrections: FlightCorrection[];
  lateEntries?: FlightRecord['lateEntries'];
  fromOgn?: FlightRecord['fromOgn'];
  lookups: FlightLookups;
}) {
  const views = corrections.map((c, i) => revisionOf(c, i, lookups)).reverse();
  return (
    <section aria-labelledby="flight-revisions-title" className="mt-3">
      <h3 id="flight-revisions-title" className="h6">
        Revisions
      </h3>
      {fromOgn.length > 0 && (
        <ul className="list-unstyled small mb-2" aria-label="From OGN">
          {fromOgn.map((entry) => (
            <li key={`${entry.action}-${entry.happenedAt}`} className="py-1 text-break">
              {fromOgnLine(entry, lookups.timeZone)}
            </li>
          ))}
        </ul>
      )}
      {lateEntries.length > 0 && (
        <ul className="list-unstyled small mb-2" aria-label="Entered late">
          {lateEntries.map((entry) => (
            <li
              key={`${entry.action}-${entry.receivedAt}-${entry.happenedAt}`}
              className="py-1 text-break text-warning-emphasis"
            >
              {lateEntryLine(entry, lookups.timeZone)}
            </li>
          ))}
        </ul>
      )}
      {views.length === 0 ? (
        <p className="small text-body-secondary mb-0">No corrections.</p>
      ) : (
        <Accordion alwaysOpen>
          {views.map((v) => (
            <Accordion.Item key={v.key} eventKey={v.key}>
              <Accordion.Header as="h4">
                <span>
                  <span className="d-block fw-semibold">{v.who}</span>
                  <span className="small text-body-secondary">{v.when}</span>
                </span>
              </Accordion.Header>
              <Accordion.Body className="py-2">
                <ul className="list-unstyled small mb-0">
                  {v.rows.map((row) => (
                    <li key={row.key} className="py-1 text-break">
                      <span className="fw-semibold">{row.label}:</span> {row.from} → {row.to}
                    </li>
                  ))}
                </ul>
              </Accordion.Body>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </section>
  );
}

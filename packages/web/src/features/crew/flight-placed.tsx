import type { FlightRecord } from '@flightline/domain/api/types';
import { WaitingToSend } from '../../components/waiting-to-send.tsx';
import type { PlacedAnswer } from './placed-answer.ts';

interface FlightPlacedProps {
  flight: FlightRecord;
  /** The server's answer; null while the request waits in the field outbox. */
  answer: PlacedAnswer | null;
  /** A note under the details (the weight could not be stored). */
  warning: string | null;
  cancelling: boolean;
  cancelError: string | null;
  onCancelRequest: () => void;
  onDone: () => void;
}

/**
 * The confirmation step after a request: the flight is on the line and its
 * glider Flying; Cancel request takes it off the line and makes the glider
 * Ready again. With no signal the request waits in the field outbox: the same
 * details, marked "waiting to send".
 */
export function FlightPlaced({
  flight,
  answer,
  warning,
  cancelling,
  cancelError,
  onCancelRequest,
  onDone,
}: FlightPlacedProps) {
  const passenger = `${flight.passengerFirst} ${flight.passengerLast}`.trim();
  return (
    <section aria-labelledby="flight-placed-title">
      {answer ? (
        <div className="alert alert-success" role="status">
          <h2 id="flight-placed-title" className="h5 mb-1">
            Your flight is on the flight line
          </h2>
          <div>{answer.message}</div>
        </div>
      ) : (
        <div className="alert alert-warning" role="status">
          <h2 id="flight-placed-title" className="h5 mb-1 d-flex flex-wrap align-items-center gap-2">
            Your flight request is saved on this phone <WaitingToSend />
          </h2>
          <div>
            It goes to the flight line as soon as there is a signal, with the time you asked. You can leave this page:
            nothing is lost.
          </div>
        </div>
      )}
      {answer?.intro && (
        <div className="alert alert-info">
          Purchase of Intro for {`${answer.intro.recipientFirst} ${answer.intro.recipientLast}`.trim()} was successful.
        </div>
      )}
      <dl className="crew-details row g-1 mb-3">
        <dt className="col-5">Glider</dt>
        <dd className="col-7 mb-0 fw-semibold">{flight.glider}</dd>
        <dt className="col-5">Launch</dt>
        <dd className="col-7 mb-0 fw-semibold">{flight.launchType}</dd>
        <dt className="col-5">Pilot</dt>
        <dd className="col-7 mb-0">{`${flight.first} ${flight.last}`.trim()}</dd>
        <dt className="col-5">Flying with</dt>
        <dd className="col-7 mb-0">{flight.flyWith === 'Alone' ? 'Alone' : `${flight.flyWith}: ${passenger}`}</dd>
        {answer?.intro && (
          <>
            <dt className="col-5">Serial Number</dt>
            <dd className="col-7 mb-0">{answer.intro.SN}</dd>
          </>
        )}
        <dt className="col-5">Tow Speed</dt>
        <dd className="col-7 mb-0">{flight.towSpeed} kn</dd>
      </dl>
      {warning && (
        <div className="alert alert-warning" role="alert">
          {warning}
        </div>
      )}
      {cancelError && (
        <div className="alert alert-danger" role="alert">
          {cancelError}
        </div>
      )}
      <div className="crew-pair">
        <button type="button" className="btn btn-outline-danger" disabled={cancelling} onClick={onCancelRequest}>
          {cancelling ? 'Cancelling…' : 'Cancel request'}
        </button>
        <button type="button" className="btn btn-primary" disabled={cancelling} onClick={onDone}>
          Done
        </button>
      </div>
    </section>
  );
}

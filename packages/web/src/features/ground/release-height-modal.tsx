import { useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { FlightRecord } from '@flightline/domain/api/types';
import { errorMessage } from '../../lib/api.ts';
import { notifications } from '../../lib/notifications-store.ts';
import { lineActionEntry, type Tapper } from '../../lib/outbox/field-events.ts';
import { useOutboxSend } from '../../lib/outbox/use-outbox.ts';
import { useFlightAnswered } from './api.ts';
import { flightLabel, hasReleaseHeight } from './line-lists.ts';
import {
  parseReleaseHeight,
  RELEASE_HEIGHT_CONFLICT_TITLE,
  RELEASE_HEIGHT_FAILED,
  RELEASE_HEIGHT_REQUIRED,
  RELEASE_HEIGHT_SET,
  releaseConflictOf,
  releaseConflictText,
  type ReleaseConflict,
} from './release-height.ts';

/**
 * The Release Height modal: a whole number above 0 or 'Must set a release
 * height before submitting' and no call; a height already set answers 409,
 * and the 'Release Height Already Set' dialog offers Overwrite (sent again
 * with overwrite) or Ignore. Sent through the field outbox: with no signal
 * the modal closes and the flight shows "waiting to send"; the answer comes
 * as a toast when it is sent.
 */
export function ReleaseHeightModal({
  flight,
  club,
  day,
  tapper,
  heightUnit,
  onClose,
}: {
  flight: FlightRecord;
  club: string;
  day: string;
  tapper: Tapper;
  heightUnit: string;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [conflict, setConflict] = useState<{ conflict: ReleaseConflict; height: number } | null>(null);
  const [sending, setSending] = useState(false);
  const outboxSend = useOutboxSend();
  const answered = useFlightAnswered(club, day);
  const input = useRef<HTMLInputElement>(null);
  const unit = heightUnit ? ` (${heightUnit})` : '';

  const send = (height: number, overwrite: boolean) => {
    const entry = lineActionEntry({
      action: { action: 'ReleaseHeight', id: flight.id, releaseHeight: height, overwrite },
      glider: flight.glider,
      by: tapper,
    });
    setSending(true);
    outboxSend(entry, (outcome) => {
      setSending(false);
      if (outcome.kind === 'done') {
        notifications.toast({ status: 'success', message: RELEASE_HEIGHT_SET });
        answered(outcome.body);
        onClose();
        return true;
      }
      const found = overwrite ? null : releaseConflictOf(outcome.refusal);
      if (found) setConflict({ conflict: found, height });
      else notifications.toast({ status: 'danger', heading: RELEASE_HEIGHT_FAILED, message: outcome.refusal.message });
      return true;
    })
      .then(({ firstTry }) => firstTry)
      .then(
        (result) => {
          if (result !== 'waiting') return;
          notifications.toast({ status: 'warning', message: `${entry.label}: waiting to send`, delay: 2500 });
          onClose();
        },
        (error: unknown) => {
          setSending(false);
          notifications.toast({ status: 'danger', heading: RELEASE_HEIGHT_FAILED, message: errorMessage(error) });
        },
      );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const height = parseReleaseHeight(text);
    if (height === null) {
      setProblem(RELEASE_HEIGHT_REQUIRED);
      input.current?.focus();
      return;
    }
    setProblem(null);
    send(height, false);
  };

  if (conflict) {
    return (
      <Modal show onHide={onClose} centered aria-labelledby="release-conflict-title">
        <Modal.Header closeButton>
          <Modal.Title id="release-conflict-title">{RELEASE_HEIGHT_CONFLICT_TITLE}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-1 fw-semibold">{flightLabel(flight)}</p>
          <p className="mb-0">{releaseConflictText(conflict.conflict, conflict.height, heightUnit)}</p>
        </Modal.Body>
        <Modal.Footer className="flex-nowrap">
          <Button variant="secondary" size="lg" className="flex-fill" onClick={onClose} disabled={sending}>
            Ignore
          </Button>
          <Button
            variant="warning"
            size="lg"
            className="flex-fill"
            onClick={() => send(conflict.height, true)}
            disabled={sending}
          >
            Overwrite
          </Button>
        </Modal.Footer>
      </Modal>
    );
  }

  return (
    <Modal
      show
      onHide={onClose}
      centered
      onEntered={() => input.current?.focus()}
      aria-labelledby="release-height-title"
    >
      <form noValidate onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title id="release-height-title">Release Height</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-1 fw-semibold">{flightLabel(flight)}</p>
          <p className="text-body-secondary">
            {hasReleaseHeight(flight)
              ? `Recorded: ${flight.releaseHeight}${heightUnit ? ` ${heightUnit}` : ''}`
              : 'Not recorded yet'}
          </p>
          <label htmlFor="release-height" className="form-label">
            Release height{unit}
          </label>
          <input
            id="release-height"
            ref={input}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            className={`form-control form-control-lg${problem ? ' is-invalid' : ''}`}
            value={text}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'release-height-problem' : undefined}
            onChange={(e) => {
              setText(e.target.value);
              setProblem(null);
            }}
          />
          {problem && (
            <div id="release-height-problem" className="invalid-feedback d-block" role="alert">
              {problem}
            </div>
          )}
        </Modal.Body>
        <Modal.Footer className="flex-nowrap">
          <Button variant="secondary" size="lg" className="flex-fill" onClick={onClose} disabled={sending}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" size="lg" className="flex-fill" disabled={sending}>
            Set release height
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}

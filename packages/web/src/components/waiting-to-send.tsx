import '../app/bootstrap/badge.scss';

/** The mark of a tap still in the field outbox (docs/offline.md): shown on the event's row or screen. */
export function WaitingToSend({ title }: { title?: string | undefined }) {
  return (
    <span className="badge rounded-pill text-bg-warning fw-semibold" title={title}>
      waiting to send
    </span>
  );
}

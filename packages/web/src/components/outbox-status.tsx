import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from '../lib/router.tsx';
import type { OutboxEntry } from '@flightline/domain/field/outbox';
import { notifications } from '../lib/notifications-store.ts';
import { fieldOutbox, type OutboxSnapshot } from '../lib/outbox/field-outbox.ts';
import { useOutbox } from '../lib/outbox/use-outbox.ts';
import { clubDateTime } from '../lib/club-dates.ts';
import { SESSION_KEY } from '../lib/session.ts';

/** The phone's own zone, for a person with no club yet. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
import '../app/bootstrap/card.scss';
import './outbox-status.css';

/**
 * The field outbox in the navbar (docs/offline.md, "The outbox"): "2 waiting"
 * while taps wait to be sent, opening the list of them with why they wait;
 * and the notifier that tells the person what no screen showed — a refusal
 * (with the server's message, until closed) or a late success. Loaded after
 * the page, so the first screen does not carry it.
 */
export function OutboxStatus({ userID, timeZone }: { userID: string | null; timeZone: string }) {
  const outbox = useOutbox();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useNotifier(outbox);

  // A sign-in (or another person's) may be what the waiting taps need.
  useEffect(() => {
    if (userID) void fieldOutbox().kick();
  }, [userID]);

  const count = outbox.waiting.length;
  if (count === 0) return null;
  const stopped = outbox.stopped;
  const loginNeeded = stopped?.state === 'signed-out' || stopped?.state === 'other-user';
  const clock = (ms: number) => clubDateTime(ms, timeZone || browserZone()).time;
  const status = (entry: OutboxEntry, index: number) => {
    if (entry.id === outbox.sendingId) return 'sending…';
    if (index > 0) return 'waiting to send, after the one above';
    if (stopped?.state === 'signed-out') return 'waiting: log in to send';
    if (stopped?.state === 'other-user') return `waiting for ${stopped.userName} to log in`;
    if (entry.problem) return `${entry.problem}; next try at ${clock(entry.nextAttemptAt)}`;
    return 'waiting to send';
  };

  return (
    // The list hangs from the navbar (Bootstrap's .navbar is positioned), at its right edge, whatever the button's
    // place.
    <div>
      <button
        type="button"
        className="btn btn-warning btn-sm fw-semibold text-nowrap"
        aria-expanded={open}
        aria-controls="outbox-panel"
        onClick={() => setOpen((o) => !o)}
      >
        {count} waiting
      </button>
      {open && (
        <section id="outbox-panel" className="outbox-panel card shadow position-absolute" aria-label="Waiting to send">
          <div className="card-body p-2">
            <p className="small mb-2">
              {loginNeeded
                ? stopped?.state === 'other-user'
                  ? `Tapped by ${stopped.userName}: sent once they log in on this phone again.`
                  : 'You are logged out. Log in to send these; they are kept on this phone.'
                : 'Kept on this phone and sent in order, with the time you tapped, as soon as there is a signal.'}
            </p>
            <ol className="list-unstyled small mb-2">
              {outbox.waiting.map((entry, index) => (
                <li key={entry.id} className="py-1">
                  <div className="fw-semibold">{entry.label}</div>
                  <div className="text-body-secondary">
                    tapped {clock(entry.tappedAt)} · {status(entry, index)}
                  </div>
                </li>
              ))}
            </ol>
            {stopped?.state === 'signed-out' ? (
              location.pathname !== '/login' && (
                <Link
                  className="btn btn-primary btn-sm w-100"
                  to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`}
                  onClick={() => setOpen(false)}
                >
                  Log in
                </Link>
              )
            ) : (
              <button
                type="button"
                className="btn btn-outline-primary btn-sm w-100"
                onClick={() => void fieldOutbox().kick()}
              >
                Send now
              </button>
            )}
          </div>
        </section>
      )}
    </div>
  );
}

/** The heading of a refusal no screen showed. */
function refusalHeading(entry: OutboxEntry): string {
  return entry.kind === 'flight-request' ? 'Could not create flight' : `Not recorded: ${entry.label}`;
}

/**
 * Tell the person what no screen showed: every refusal still in the outbox
 * (also one the service worker met with no page open) stays on screen until
 * closed; late successes are summed up in one toast.
 */
function useNotifier(outbox: OutboxSnapshot) {
  const queryClient = useQueryClient();
  const shown = useRef(new Set<string>());
  const asked = useRef<number | null>(null);

  useEffect(() => {
    let sent: string[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = fieldOutbox().onUnclaimed((entry, outcome) => {
      if (outcome.kind !== 'done') return;
      sent.push(entry.label);
      clearTimeout(timer);
      timer = setTimeout(() => {
        notifications.toast({
          status: 'success',
          message: sent.length === 1 ? `Sent: ${sent[0]}` : `Sent ${sent.length} waiting events`,
        });
        sent = [];
      }, 500);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    for (const entry of outbox.refused) {
      if (shown.current.has(entry.id) || fieldOutbox().isClaimed(entry.id)) continue;
      shown.current.add(entry.id);
      notifications.toast({
        status: 'danger',
        heading: refusalHeading(entry),
        message: entry.refusal!.message,
        autohide: false,
      });
      void fieldOutbox().dismiss(entry.id);
    }
  }, [outbox.refused]);

  const signedOut = outbox.stopped?.state === 'signed-out';
  useEffect(() => {
    if (!signedOut) {
      // Signed in again (or nothing waits): the notice has done its work.
      if (asked.current !== null) notifications.remove(asked.current);
      asked.current = null;
      return;
    }
    if (asked.current !== null) return;
    // The app may not know yet (its session read is cached): it then shows the login page itself.
    void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    // A toast, not an alert: an alert would cover the navbar's count and Login.
    asked.current =
      notifications.toast({
        status: 'warning',
        heading: 'Logged out',
        message: 'Log in to send what is waiting on this phone: nothing is lost.',
        autohide: false,
      }) ?? -1;
  }, [signedOut, queryClient]);
}

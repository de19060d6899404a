import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { AdminPilot } from '@flightline/domain/api/types';
import { errorMessage } from '../../../lib/api.ts';
import { confirmDialog } from '../../../lib/confirm-store.ts';
import { notifications } from '../../../lib/notifications-store.ts';
import { useSaveItem } from '../api.ts';
import { failureMessage, successMessage } from '../items/item-kinds.ts';
import { pendingPilots, pilotName } from './pilots.ts';

type Decision = 'accept' | 'decline';

/** Pending membership requests, each answered with Accept or Decline after a confirm. */
export function MembershipRequests({ pilots }: { pilots: readonly AdminPilot[] }) {
  const save = useSaveItem();
  const [busyId, setBusyId] = useState<string | null>(null);
  const pending = pendingPilots(pilots);

  const answer = async (pilot: AdminPilot, membership: Decision) => {
    const name = pilotName(pilot);
    const yes = await confirmDialog.ask({
      heading: membership === 'accept' ? 'Accept membership request' : 'Decline membership request',
      message:
        membership === 'accept'
          ? `Accept ${name} as an active member of the club?`
          : `Decline the membership request of ${name}?`,
      confirmLabel: membership === 'accept' ? 'Accept' : 'Decline',
      confirmVariant: membership === 'accept' ? 'primary' : 'danger',
      rejectLabel: 'Cancel',
    });
    if (!yes) return;
    setBusyId(pilot.userID);
    save.mutate(
      { kind: 'pilot', id: pilot.userID, data: { membership } },
      {
        onSuccess: () => notifications.toast({ status: 'success', message: successMessage('pilot', false) }),
        onError: (error) =>
          notifications.alert({
            status: 'danger',
            heading: failureMessage('pilot'),
            message: errorMessage(error),
            autohide: false,
          }),
        onSettled: () => setBusyId(null),
      },
    );
  };

  return (
    <section className="mt-3" aria-labelledby="membership-requests">
      <h3 id="membership-requests" className="h6">
        Membership requests
      </h3>
      {pending.length === 0 ? (
        <p className="text-body-secondary small mb-0">No pending requests.</p>
      ) : (
        <ul className="list-group">
          {pending.map((p) => (
            <li
              key={p.userID}
              className="list-group-item d-flex flex-wrap align-items-center gap-2"
              aria-label={pilotName(p)}
            >
              <div className="flex-grow-1 text-break">
                <div className="fw-semibold">{pilotName(p)}</div>
                {p.email && <div className="small text-body-secondary">{p.email}</div>}
              </div>
              <div className="d-flex gap-2">
                <Button variant="primary" size="sm" disabled={busyId !== null} onClick={() => void answer(p, 'accept')}>
                  Accept
                </Button>
                <Button
                  variant="outline-danger"
                  size="sm"
                  disabled={busyId !== null}
                  onClick={() => void answer(p, 'decline')}
                >
                  Decline
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

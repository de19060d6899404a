import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import type { PendingInvitation } from '@flightline/domain/api/types';
import { errorMessage } from '../../lib/api.ts';
import { afterInvitationAccepted } from '../../lib/api/clubs.ts';
import { notifications } from '../../lib/notifications-store.ts';
import { useRefreshSession } from '../../lib/session.ts';
import { acceptInvitation, useInvitations } from './api.ts';

/**
 * Settings' invitations (issue 25 item 1): a club's admin invited the
 * person's email, and nothing of them is the club's until they say yes here
 * (or from the mailed link). One tap accepts; the club becomes the active one.
 * Shown only when there is one.
 */
export function Invitations() {
  const invitations = useInvitations();
  const client = useQueryClient();
  const refresh = useRefreshSession();
  const accept = useMutation({
    mutationFn: (invitation: PendingInvitation) => acceptInvitation(invitation.invitation),
    onSuccess: async (answer) => {
      notifications.toast({ status: 'success', message: answer.message });
      await Promise.all([refresh(), afterInvitationAccepted(client)]);
    },
  });
  const open = invitations.data?.invitations ?? [];
  if (open.length === 0) return null;
  return (
    <section className="mb-4" aria-labelledby="settings-invitations">
      <h2 id="settings-invitations" className="h5">
        Invitations
      </h2>
      {accept.error && (
        <div className="alert alert-danger" role="alert">
          Could not join the club: {errorMessage(accept.error)}
        </div>
      )}
      <ul className="list-unstyled mb-2">
        {open.map((invitation) => {
          const busy = accept.isPending && accept.variables.invitation === invitation.invitation;
          return (
            <li
              key={invitation.invitation}
              className="border rounded px-3 py-2 mb-2 d-flex flex-wrap align-items-center gap-2"
            >
              <div className="me-auto text-break">
                <strong>{invitation.clubName}</strong>
                <div className="small text-body-secondary">
                  Invited by {invitation.invitedBy || 'a club admin'}; open until{' '}
                  <span className="text-nowrap">{new Date(invitation.expiresAt).toLocaleDateString('en-CA')}</span>
                </div>
              </div>
              <Button
                variant="primary"
                onClick={() => accept.mutate(invitation)}
                disabled={accept.isPending}
                aria-label={`Accept the invitation to ${invitation.clubName}`}
              >
                {busy && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
                Accept
              </Button>
            </li>
          );
        })}
      </ul>
      <p className="form-text mt-0">
        Accepting makes you an active member of the club, and it becomes your active club. Until you accept, the club
        sees nothing of your account.
      </p>
    </section>
  );
}

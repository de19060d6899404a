import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { inviteMemberSchema } from '@flightline/domain/schemas/invitations';
import { call, errorMessage } from '../../../lib/api.ts';
import { notifications } from '../../../lib/notifications-store.ts';
import { refreshAdmin } from '../../../lib/api/admin.ts';

/**
 * User Administration's New (issue 15 item 8): an admin types an email and
 * it is mailed an invitation (POST /api/invite-member). Nobody joins without
 * accepting it (issue 25 item 1), and the answer is the same whether the
 * address has an account or not.
 */
export function NewMemberDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const client = useQueryClient();
  const [email, setEmail] = useState('');
  const parsed = inviteMemberSchema.safeParse({ email });
  const invite = useMutation({
    mutationFn: (address: string) => call('POST /api/invite-member', { email: address }),
    onSuccess: async (answer) => {
      notifications.toast({ status: 'success', message: answer.message });
      await refreshAdmin(client);
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (parsed.success && !invite.isPending) invite.mutate(parsed.data.email);
  };
  return (
    <Modal show onHide={onClose} fullscreen="sm-down" aria-labelledby={`${id}-title`}>
      <form onSubmit={submit} noValidate>
        <Modal.Header closeButton>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            New member
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <label className="form-label" htmlFor={`${id}-email`}>
            Email
          </label>
          <input
            id={`${id}-email`}
            type="email"
            inputMode="email"
            autoComplete="off"
            className="form-control"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-describedby={`${id}-hint`}
          />
          <div id={`${id}-hint`} className="form-text">
            We email this address an invitation. The person joins the club as an active member when they accept it,
            signing up first if they have no account; it works once, for 14 days. Until then the club sees nothing of
            them.
          </div>
          {invite.error && (
            <Alert variant="danger" className="mt-3 mb-0">
              Could not send the invitation: {errorMessage(invite.error)}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={!parsed.success || invite.isPending}>
            Send invitation
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}

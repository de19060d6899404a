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
 * User Administration's New (issue 15 item 8): an admin types an email. An
 * existing account joins the club as active at once; an unknown email is
 * mailed an invitation to sign up (POST /api/invite-member).
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
            Someone with an account joins the club as an active member at once. Anyone else is emailed an invitation to sign up; it works once,
            for 14 days.
          </div>
          {invite.error && (
            <Alert variant="danger" className="mt-3 mb-0">
              Could not add the member: {errorMessage(invite.error)}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={!parsed.success || invite.isPending}>
            Add member
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}

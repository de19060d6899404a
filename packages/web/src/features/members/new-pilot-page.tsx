import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate } from '../../lib/router.tsx';
import { newPilotSchema } from '@flightline/domain/schemas/account';
import { Page } from '../../components/page-state.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useRefreshSession, useSession } from '../../lib/session.ts';
import { createPilot } from './api.ts';

/** `/new pilot/`, the New pilot form (first and last name non-empty). */
export function NewPilotPage() {
  const session = useSession();
  const refresh = useRefreshSession();
  const navigate = useNavigate();
  const [first, setFirst] = useState(session.data?.first ?? '');
  const [last, setLast] = useState(session.data?.last ?? '');
  const parsed = newPilotSchema.safeParse({ first, last });

  const create = useMutation({
    mutationFn: createPilot,
    onSuccess: async () => {
      await refresh();
      navigate('/');
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (parsed.success) create.mutate(parsed.data);
  };

  return (
    <Page title="New Pilot">
      <Form noValidate onSubmit={submit}>
        <Form.Group className="mb-3" controlId="new-pilot-first">
          <Form.Label>First name</Form.Label>
          <Form.Control
            value={first}
            onChange={(e) => setFirst(e.target.value)}
            autoComplete="given-name"
            maxLength={60}
          />
        </Form.Group>
        <Form.Group className="mb-3" controlId="new-pilot-last">
          <Form.Label>Last name</Form.Label>
          <Form.Control
            value={last}
            onChange={(e) => setLast(e.target.value)}
            autoComplete="family-name"
            maxLength={60}
          />
        </Form.Group>
        {create.isError && (
          <div className="alert alert-danger" role="alert">
            {errorMessage(create.error)}
          </div>
        )}
        <div className="d-grid d-sm-flex">
          <Button type="submit" variant="primary" disabled={!parsed.success || create.isPending}>
            {create.isPending ? 'Creating…' : 'Create Pilot'}
          </Button>
        </div>
      </Form>
    </Page>
  );
}

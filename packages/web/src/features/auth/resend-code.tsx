import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { authErrorMessage } from './auth-errors.ts';

/**
 * "Send a new code" on a step that asks for an emailed code. A new code on
 * its way clears the step's last failure (`clearFailure`), so the person
 * reads the news of the new code, not an old refusal.
 */
export function useResendCode(send: () => Promise<unknown>, clearFailure: () => void) {
  const [resent, setResent] = useState(false);
  const resend = useMutation({
    mutationFn: send,
    onMutate: () => setResent(false),
    onSuccess: () => {
      clearFailure();
      setResent(true);
    },
  });
  return { resent, sending: resend.isPending, error: resend.error, send: () => resend.mutate() };
}

type ResendCode = ReturnType<typeof useResendCode>;

/** The step's failure (its own call's or the resend's), or else the news that a new code was sent. */
export function CodeStatus({ failure, resend, email }: { failure: unknown; resend: ResendCode; email: string }) {
  if (failure) return <Alert variant="danger">{authErrorMessage(failure)}</Alert>;
  if (!resend.resent) return null;
  return (
    <Alert variant="success" role="status">
      A new code is on its way to {email}.
    </Alert>
  );
}

export function ResendCodeButton({ resend, busy }: { resend: ResendCode; busy: boolean }) {
  return (
    <Button variant="outline-secondary" onClick={resend.send} disabled={resend.sending || busy}>
      {resend.sending && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
      Send a new code
    </Button>
  );
}

import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useLocation } from '../../lib/router.tsx';
import { resetConfirmSchema, resetRequestSchema } from '@flightline/domain/schemas/account';
import { Page } from '../../components/page-state.tsx';
import { post } from '../../lib/api.ts';
import { authErrorMessage } from './auth-errors.ts';
import { CodeStatus, ResendCodeButton, useResendCode } from './resend-code.tsx';
import type { EmailState } from './login-page.tsx';
import { SubmitButton } from './submit-button.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { useForm } from './use-form.ts';

const requestCode = (email: string) => post('/auth/email-otp/request-password-reset', { email });

/** `/login/reset`, Reset password: request, confirm, done. */
export function ResetPasswordPage() {
  const location = useLocation();
  const [email, setEmail] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  let step;
  if (done && email) {
    step = (
      <>
        <Alert variant="success" role="status">
          Your password has been changed. Log in with your new password.
        </Alert>
        <Link to="/login" state={{ email } satisfies EmailState} className="btn btn-primary w-100">
          Go to Login
        </Link>
      </>
    );
  } else if (email) {
    step = <ConfirmStep email={email} onDone={() => setDone(true)} onBack={() => setEmail(null)} />;
  } else {
    step = <RequestStep initialEmail={(location.state as EmailState | null)?.email ?? ''} onSent={setEmail} />;
  }
  return (
    <Page title="Reset password">
      <div style={{ maxWidth: 420 }}>{step}</div>
    </Page>
  );
}

function RequestStep({ initialEmail, onSent }: { initialEmail: string; onSent: (email: string) => void }) {
  const form = useForm(resetRequestSchema, { email: initialEmail });
  // The server answers the same whether or not the address has an account, so nobody can probe for members.
  const send = useMutation({ mutationFn: requestCode, onSuccess: (_answer, email) => onSent(email) });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const data = form.submit(event);
    if (data) send.mutate(data.email);
  };
  return (
    <Form onSubmit={onSubmit} noValidate>
      <p>Enter the email you sign in with. We will send you a code to choose a new password.</p>
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
      {send.error && <Alert variant="danger">{authErrorMessage(send.error)}</Alert>}
      <SubmitButton busy={send.isPending} disabled={!form.filled('email')}>
        Send code
      </SubmitButton>
      <Link to="/login" className="btn btn-link px-0 mt-3">
        Back to Login
      </Link>
    </Form>
  );
}

function ConfirmStep({ email, onDone, onBack }: { email: string; onDone: () => void; onBack: () => void }) {
  const form = useForm(resetConfirmSchema, { code: '', password: '', confirmPassword: '' });
  const reset = useMutation({
    mutationFn: (data: { code: string; password: string }) =>
      post('/auth/email-otp/reset-password', { email, otp: data.code, password: data.password }),
    onSuccess: onDone,
  });
  const resend = useResendCode(
    () => requestCode(email),
    () => reset.reset(),
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const data = form.submit(event);
    if (data) reset.mutate(data);
  };
  const { values } = form;
  const ready = form.filled('code', 'password') && values.password === values.confirmPassword;
  const failure = reset.error ?? resend.error;
  return (
    <Form onSubmit={onSubmit} noValidate>
      <p className="mb-1 fw-semibold">Please check your email for the code</p>
      <p className="text-body-secondary text-break">
        If <strong>{email}</strong> has an account, a code is on its way. It is valid for 10 minutes.
      </p>
      <TextField
        label="Code"
        {...form.field('code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        inputClassName="fs-4 text-center font-monospace"
        autoFocus
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        {...form.field('password')}
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        {...form.field('confirmPassword')}
      />
      <CodeStatus failure={failure} resend={resend} email={email} />
      <SubmitButton busy={reset.isPending} disabled={!ready || resend.sending}>
        Change password
      </SubmitButton>
      <div className="d-grid gap-2 mt-3">
        <ResendCodeButton resend={resend} busy={reset.isPending} />
        <Button variant="link" onClick={onBack} disabled={reset.isPending}>
          Use a different email
        </Button>
      </div>
    </Form>
  );
}

import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from '../../lib/router.tsx';
import { loginSchema } from '@flightline/domain/schemas/account';
import { Loading, Page } from '../../components/page-state.tsx';
import { post } from '../../lib/api.ts';
import { useRefreshSession, useSession } from '../../lib/session.ts';
import { AUTH_MESSAGES, authErrorCode, authErrorMessage } from './auth-errors.ts';
import type { VerifiedUser } from '@flightline/domain/api/types';
import { CodeStep } from './code-step.tsx';
import { createPilot } from './create-pilot.ts';
import { safeRedirect } from './safe-redirect.ts';
import { SubmitButton } from './submit-button.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { useForm } from './use-form.ts';

/** Other account screens hand over the email the person already typed. */
export interface EmailState {
  email?: string;
}

/** `/login`: the Login page. */
export function LoginPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const refresh = useRefreshSession();
  const target = safeRedirect(params.get('redirect'));
  const form = useForm(loginSchema, { email: (location.state as EmailState | null)?.email ?? '', password: '' });
  const [confirming, setConfirming] = useState(false);

  const signIn = useMutation({
    mutationFn: (body: { email: string; password: string }) => post('/auth/sign-in/email', body),
    onSuccess: async () => {
      await refresh();
      navigate(target, { replace: true });
    },
  });
  const sendCode = useMutation({
    mutationFn: (email: string) => post('/auth/email-otp/send-verification-otp', { email, type: 'email-verification' }),
    onSuccess: () => setConfirming(true),
  });

  // An unconfirmed account signing in never got its pilot record: make it now.
  const onVerified = async (user: VerifiedUser) => {
    await createPilot(user.firstName ?? '', user.lastName ?? '');
    await refresh();
    navigate(target, { replace: true });
  };

  if (session.isPending) {
    return (
      <Page title="Login">
        <Loading />
      </Page>
    );
  }
  if (session.data?.isAuthenticated && !signIn.isPending) return <Navigate to={target} replace />;

  const email = form.values.email.trim();
  if (confirming) {
    return (
      <Page title="Confirm your email">
        <CodeStep email={email} onVerified={onVerified} onBack={() => setConfirming(false)} backLabel="Back to Login" />
      </Page>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const data = form.submit(event);
    if (data) signIn.mutate(data);
  };
  const unconfirmed = authErrorCode(signIn.error) === 'EMAIL_NOT_VERIFIED';

  return (
    <Page title="Login">
      <Form onSubmit={onSubmit} noValidate style={{ maxWidth: 420 }}>
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
        <TextField label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
        {signIn.error && !unconfirmed && <Alert variant="danger">{authErrorMessage(signIn.error)}</Alert>}
        {unconfirmed && (
          <Alert variant="warning">
            <p>{AUTH_MESSAGES.notConfirmed}</p>
            {sendCode.error && <p className="text-danger">{authErrorMessage(sendCode.error)}</p>}
            <Button variant="warning" onClick={() => sendCode.mutate(email)} disabled={sendCode.isPending}>
              {sendCode.isPending && (
                <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
              )}
              Send a new code
            </Button>
          </Alert>
        )}
        <SubmitButton busy={signIn.isPending} disabled={!form.filled('email', 'password')}>
          Login
        </SubmitButton>
        <div className="d-flex flex-wrap justify-content-between align-items-center mt-3">
          <Link to="/login/reset" state={{ email } satisfies EmailState} className="btn btn-link px-0">
            Forgot password
          </Link>
          <Link to="/signup" className="btn btn-link px-0">
            New here? Sign up
          </Link>
        </div>
      </Form>
    </Page>
  );
}

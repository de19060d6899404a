import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate, useSearchParams } from '../../lib/router.tsx';
import { signupSchema, type SignupForm } from '@flightline/domain/schemas/account';
import { Page } from '../../components/page-state.tsx';
import { post } from '../../lib/api.ts';
import { useRefreshSession, useSession } from '../../lib/session.ts';
import { acceptInvitation } from './accept-invitation.ts';
import { authErrorMessage } from './auth-errors.ts';
import { CodeStep } from './code-step.tsx';
import { createPilot } from './create-pilot.ts';
import type { EmailState } from './login-page.tsx';
import { SubmitButton } from './submit-button.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { useForm } from './use-form.ts';

/**
 * `/signup`: the form, then the code step. The server answers the same for a
 * new and an existing email (it resends the code to an unconfirmed one, and
 * mails a confirmed one's owner that the account exists), so the code step
 * always follows, and says what that mail means.
 */
export function SignupPage() {
  const navigate = useNavigate();
  const refresh = useRefreshSession();
  const session = useSession();
  // A club invitation's link: joined once the invited email is confirmed and signed in (issue 15 item 8).
  const [params] = useSearchParams();
  const invite = params.get('invite') ?? '';
  const accepting = useRef(false);
  const signedIn = session.data?.isAuthenticated === true;
  useEffect(() => {
    if (!invite || !signedIn || accepting.current) return;
    accepting.current = true;
    void (async () => {
      await acceptInvitation(invite);
      await refresh();
      navigate('/', { replace: true });
    })();
  }, [invite, signedIn, refresh, navigate]);
  // With an invitation, logging in with an account comes back here, and the invitation is accepted.
  const loginTo = invite
    ? `/login?redirect=${encodeURIComponent(`/signup?invite=${encodeURIComponent(invite)}`)}`
    : '/login';
  const form = useForm(signupSchema, { email: '', first: '', last: '', password: '', confirmPassword: '' });
  const [account, setAccount] = useState<SignupForm | null>(null);

  const signUp = useMutation({
    mutationFn: (data: SignupForm) =>
      post('/auth/sign-up/email', {
        email: data.email,
        password: data.password,
        name: `${data.first} ${data.last}`,
        firstName: data.first,
        lastName: data.last,
      }),
    onSuccess: (_answer, data) => setAccount(data),
  });

  if (account) {
    const onVerified = async () => {
      accepting.current = true;
      await createPilot(account.first, account.last);
      if (invite) await acceptInvitation(invite);
      await refresh();
      navigate('/', { replace: true });
    };
    return (
      <Page title="Sign Up">
        <CodeStep
          email={account.email}
          onVerified={onVerified}
          onBack={() => setAccount(null)}
          note={
            // The same screen whether the address is new or not (no account enumeration); the mail tells which.
            <Alert variant="info" className="py-2">
              If this address already has an account, the email says so instead of a code: then{' '}
              <Link to={loginTo} className="alert-link">
                log in
              </Link>
              , or{' '}
              <Link to="/login/reset" state={{ email: account.email } satisfies EmailState} className="alert-link">
                reset your password
              </Link>
              .
            </Alert>
          }
        />
      </Page>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const data = form.submit(event);
    if (data) signUp.mutate(data);
  };

  const { values } = form;
  // The password must equal its confirmation, as on the reset and change password pages.
  const ready = form.filled('email', 'first', 'last', 'password') && values.password === values.confirmPassword;

  return (
    <Page title="Sign Up">
      <Form onSubmit={onSubmit} noValidate style={{ maxWidth: 420 }}>
        {invite && (
          <Alert variant="success" className="py-2">
            You are invited to join a club. Sign up with the email address the invitation was sent to; you join the club
            once it is confirmed. Already have an account with that address?{' '}
            <Link to={loginTo} className="alert-link">
              Log in to accept the invitation
            </Link>
            .
          </Alert>
        )}
        <Alert variant="info" className="py-2">
          After you sign up, an email with a confirmation code will arrive. Keep this page open to enter it.
        </Alert>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          hint="You sign in with this address."
          {...form.field('email')}
        />
        <TextField label="First name" autoComplete="given-name" {...form.field('first')} />
        <TextField label="Last name" autoComplete="family-name" {...form.field('last')} />
        <TextField
          label="Password"
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
        {signUp.error && <Alert variant="danger">{authErrorMessage(signUp.error)}</Alert>}
        <SubmitButton busy={signUp.isPending} disabled={!ready}>
          Sign Up
        </SubmitButton>
        <p className="mt-3 mb-0">
          Already have an account?{' '}
          <Link to={loginTo} className="btn btn-link px-0 align-baseline">
            Login
          </Link>
        </p>
      </Form>
    </Page>
  );
}

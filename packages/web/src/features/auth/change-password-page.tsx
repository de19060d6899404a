import type { FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate } from '../../lib/router.tsx';
import { changePasswordSchema } from '@flightline/domain/schemas/account';
import { Page } from '../../components/page-state.tsx';
import { post } from '../../lib/api.ts';
import { notifications } from '../../lib/notifications-store.ts';
import { useSession } from '../../lib/session.ts';
import { authErrorMessage } from './auth-errors.ts';
import { SubmitButton } from './submit-button.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { useForm } from './use-form.ts';

/** `/settings/password`, Change password: back to settings on success. */
export function ChangePasswordPage() {
  const session = useSession();
  const navigate = useNavigate();
  const form = useForm(changePasswordSchema, { oldPassword: '', password: '', confirmPassword: '' });
  const change = useMutation({
    // Signing out everywhere else: whoever knew the old password is locked out too.
    mutationFn: (data: { oldPassword: string; password: string }) =>
      post('/auth/change-password', {
        currentPassword: data.oldPassword,
        newPassword: data.password,
        revokeOtherSessions: true,
      }),
    onSuccess: async () => {
      notifications.toast({ status: 'success', message: 'Password changed' });
      navigate('/settings');
    },
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const data = form.submit(event);
    if (data) change.mutate(data);
  };
  const { values } = form;
  const ready = form.filled('oldPassword', 'password') && values.password === values.confirmPassword;
  return (
    <Page title="Change password">
      <Form onSubmit={onSubmit} noValidate style={{ maxWidth: 420 }}>
        {/* Lets a password manager file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={session.data?.email ?? ''} readOnly hidden />
        <TextField
          label="Old password"
          type="password"
          autoComplete="current-password"
          {...form.field('oldPassword')}
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
        {change.error && <Alert variant="danger">{authErrorMessage(change.error)}</Alert>}
        <SubmitButton busy={change.isPending} disabled={!ready}>
          Change password
        </SubmitButton>
        <Link to="/settings" className="btn btn-outline-secondary w-100 mt-2">
          Cancel
        </Link>
      </Form>
    </Page>
  );
}

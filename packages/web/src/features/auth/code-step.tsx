import type { FormEvent, ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { codeSchema } from '@flightline/domain/schemas/account';
import type { VerifiedUser } from '@flightline/domain/api/types';
import { call, post } from '../../lib/api.ts';
import { CodeStatus, ResendCodeButton, useResendCode } from './resend-code.tsx';
import { SubmitButton } from './submit-button.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { useForm } from './use-form.ts';

/**
 * Confirmation-code entry, the second step of sign-up. Verifying signs the
 * person in (the server sets the session cookie), then onVerified finishes
 * the job; "Send a new code" mails a fresh one.
 */
export function CodeStep({
  email,
  onVerified,
  onBack,
  backLabel = 'Use a different email',
  note,
}: {
  email: string;
  onVerified: (user: VerifiedUser) => Promise<void>;
  onBack?: () => void;
  backLabel?: string;
  /** Said under where the code was sent (sign-up: what the mail means when the address has an account). */
  note?: ReactNode;
}) {
  const form = useForm(codeSchema, { code: '' });
  const verify = useMutation({
    mutationFn: (otp: string) => call('POST /api/auth/email-otp/verify-email', { email, otp }),
    onSuccess: (answer) => onVerified(answer.user),
  });
  const resend = useResendCode(
    () => post('/auth/email-otp/send-verification-otp', { email, type: 'email-verification' }),
    () => verify.reset(),
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const data = form.submit(event);
    if (data) verify.mutate(data.code);
  };

  const failure = verify.error ?? resend.error;
  return (
    <Form onSubmit={onSubmit} noValidate>
      <p className="mb-1 fw-semibold">Please check your email for the code</p>
      <p className="text-body-secondary text-break">
        We sent it to <strong>{email}</strong>. It is valid for 10 minutes.
      </p>
      {note}
      <TextField
        label="Code"
        {...form.field('code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        inputClassName="fs-4 text-center font-monospace"
        autoFocus
      />
      <CodeStatus failure={failure} resend={resend} email={email} />
      <SubmitButton busy={verify.isPending} disabled={!form.filled('code') || resend.sending}>
        Verify
      </SubmitButton>
      <div className="d-grid gap-2 mt-3">
        <ResendCodeButton resend={resend} busy={verify.isPending} />
        {onBack && (
          <Button variant="link" onClick={onBack} disabled={verify.isPending}>
            {backLabel}
          </Button>
        )}
      </div>
    </Form>
  );
}

import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate } from '../../lib/router.tsx';
import type { PilotRecord } from '@flightline/domain/api/types';
import { profileSchema, type Profile } from '@flightline/domain/schemas/members';
import { Loading, LoadError, Page } from '../../components/page-state.tsx';
import { errorMessage } from '../../lib/api.ts';
import { notifications } from '../../lib/notifications-store.ts';
import { useSession } from '../../lib/session.ts';
import { saveProfile, useMyPilot } from './api.ts';
import { afterProfileChange } from '../../lib/api/members.ts';

type TextField = Exclude<keyof Profile, 'shareEmail' | 'sharePhone' | 'shareAddress'>;
type ShareField = 'shareEmail' | 'sharePhone' | 'shareAddress';
type FieldErrors = Partial<Record<keyof Profile, string>>;

function profileOf(pilot: PilotRecord): Profile {
  return {
    emContact: pilot.emContact,
    emPhone: pilot.emPhone,
    emRelation: pilot.emRelation,
    phone: pilot.phone,
    email: pilot.email,
    address: pilot.address,
    emNote: pilot.emNote,
    emLink: pilot.emLink,
    shareEmail: pilot.shareEmail,
    sharePhone: pilot.sharePhone,
    shareAddress: pilot.shareAddress,
  };
}

/** `/settings/profile`: the profile editor. */
export function ProfilePage() {
  const session = useSession();
  const userID = session.data?.userID;
  if (!userID)
    return (
      <Page title="Profile">
        <Loading text="Retrieving your data...." />
      </Page>
    );
  return <ProfileLoader club={session.data?.club ?? null} userID={userID} />;
}

function ProfileLoader({ club, userID }: { club: string | null; userID: string }) {
  const pilot = useMyPilot(club, userID);
  if (pilot.isPending)
    return (
      <Page title="Profile">
        <Loading />
      </Page>
    );
  if (pilot.isError) {
    return (
      <Page title="Profile">
        <LoadError error={pilot.error} prefix="Could not load your profile." />
        <Link to="/settings" className="btn btn-outline-secondary">
          Back to Settings
        </Link>
      </Page>
    );
  }
  return <ProfileForm userID={userID} loginEmail={pilot.data.loginEmail} initial={profileOf(pilot.data)} />;
}

function ProfileForm({ userID, loginEmail, initial }: { userID: string; loginEmail: string; initial: Profile }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [values, setValues] = useState<Profile>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  const save = useMutation({
    mutationFn: (profile: Profile) => saveProfile(userID, profile),
    onSuccess: async () => {
      await afterProfileChange(client);
      notifications.toast({ status: 'success', message: 'Your profile was saved.' });
      navigate('/settings');
    },
  });

  const setText = (field: TextField) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const setShare = (field: ShareField) => (event: { target: { checked: boolean } }) =>
    setValues((v) => ({ ...v, [field]: event.target.checked }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = profileSchema.safeParse(values);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Profile | undefined;
        if (field && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      // On a phone the first wrong field may be far above the Save button.
      const first = parsed.error.issues[0]?.path[0];
      if (typeof first === 'string') document.getElementById(`profile-${first}`)?.focus();
      return;
    }
    save.mutate(parsed.data);
  };

  const text = (
    field: TextField,
    label: string,
    extra: {
      type?: string;
      autoComplete?: string;
      inputMode?: 'tel' | 'email' | 'url';
      rows?: number;
      help?: ReactNode;
      placeholder?: string;
    } = {},
  ) => (
    <Form.Group className="mb-3" controlId={`profile-${field}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...(extra.rows ? { as: 'textarea' as const, rows: extra.rows } : { type: extra.type ?? 'text' })}
        value={values[field]}
        onChange={setText(field)}
        isInvalid={Boolean(errors[field])}
        autoComplete={extra.autoComplete ?? 'off'}
        {...(extra.inputMode ? { inputMode: extra.inputMode } : {})}
        {...(extra.placeholder ? { placeholder: extra.placeholder } : {})}
      />
      {extra.help && <Form.Text>{extra.help}</Form.Text>}
      <Form.Control.Feedback type="invalid">{errors[field]}</Form.Control.Feedback>
    </Form.Group>
  );
  const share = (field: ShareField, label: string) => (
    <Form.Check
      className="mb-3"
      type="switch"
      id={`profile-${field}`}
      label={label}
      checked={values[field]}
      onChange={setShare(field)}
    />
  );

  return (
    <Page title="Profile">
      <Form noValidate onSubmit={submit}>
        <fieldset className="mb-3">
          <legend className="h5">Contact details</legend>
          <p className="text-body-secondary small">
            Club admins always see these. Other members see only what you choose to share.
          </p>
          {text('email', 'Email', {
            type: 'email',
            autoComplete: 'email',
            inputMode: 'email',
            placeholder: loginEmail,
            help: loginEmail ? `Leave empty to be reached at your login email, ${loginEmail}.` : undefined,
          })}
          {share('shareEmail', 'Share my email with club members')}
          {text('phone', 'Phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
          {share('sharePhone', 'Share my phone with club members')}
          {text('address', 'Address', { autoComplete: 'street-address', rows: 3 })}
          {share('shareAddress', 'Share my address with club members')}
        </fieldset>
        <fieldset className="mb-3">
          <legend className="h5">Emergency contact</legend>
          <p className="text-body-secondary small">Every active member of the club can see your emergency contact.</p>
          {text('emContact', 'Contact name')}
          {text('emPhone', 'Contact phone', { type: 'tel', inputMode: 'tel' })}
          {text('emRelation', 'Relation')}
          {text('emNote', 'Note', { rows: 3, help: 'For example medical information the line crew should know.' })}
          {text('emLink', 'Link', {
            type: 'url',
            inputMode: 'url',
            help: 'A web page with more details, starting with https://',
          })}
        </fieldset>
        {save.isError && (
          <div className="alert alert-danger" role="alert">
            {errorMessage(save.error)}
          </div>
        )}
        {/* Save first (on top) on a phone; Cancel, then Save, side by side on wider screens. */}
        <div className="d-flex flex-column-reverse flex-sm-row justify-content-sm-end gap-2">
          <Link to="/settings" className="btn btn-outline-secondary d-flex align-items-center justify-content-center">
            Cancel
          </Link>
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </Form>
    </Page>
  );
}

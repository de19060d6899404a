import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import type { ClubSettingsItem } from '@flightline/domain/api/types';
import type { ClubSettings } from '@flightline/domain/schemas/fleet';
import { Page } from '../../components/page-state.tsx';
import { errorMessage } from '../../lib/api.ts';
import { notifications } from '../../lib/notifications-store.ts';
import { useRefreshSession } from '../../lib/session.ts';
import { saveClubSettings } from './api.ts';
import './club-settings.scss';
import { LogoField } from './logo-field.tsx';
import { OgnSection } from './ogn-section.tsx';
import { PaymentMethods } from './payment-methods.tsx';
import { buildSettings, formFromSettings, type FormErrors, type SettingsForm } from './settings-form.ts';
import { BackLink, TITLE } from './settings-page-parts.tsx';
import { SettingsText, type TextExtra } from './settings-text.tsx';
import { TaxRates } from './tax-rates.tsx';
import { TimeZoneField } from './time-zone-field.tsx';
import { YearEndField } from './year-end-field.tsx';

const MESSAGE_NOTE =
  'Formatting tags like <strong>, <em>, <p> and links are kept; scripts ' +
  "are removed, and so are images other than the club's logo.";

type TextKey =
  'name' | 'shortName' | 'clubLink' | 'message' | 'currency' | 'warningLevel' | 'minimumLevel' | 'lateEntryMinutes';

/** The settings form: each section, the server's refusal above them, and Save. */
export function SettingsEditor({
  club,
  initial,
  clubMessage,
}: {
  club: string;
  initial: ClubSettingsItem;
  clubMessage: string;
}) {
  const refresh = useRefreshSession();
  const [form, setForm] = useState<SettingsForm>(() => formFromSettings(initial));
  // The logo members see now: a new upload shows as such until it is saved.
  const [savedLogo, setSavedLogo] = useState(initial.clubLogo);
  const [errors, setErrors] = useState<FormErrors>({});
  // Row just added, so its name field takes the focus.
  const [addedRow, setAddedRow] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  const save = useMutation({
    mutationFn: (settings: ClubSettings) => saveClubSettings(club, settings),
    onSuccess: async (stored) => {
      setForm(formFromSettings(stored));
      setSavedLogo(stored.clubLogo);
      notifications.toast({ status: 'success', message: 'Club settings saved' });
      // The header, the club name and the sanitised message come from the session.
      await refresh();
    },
  });

  // On a phone the first wrong field, or the server's refusal, may be far from the Save button.
  useEffect(() => {
    if (attempt === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], .invalid-feedback.d-block');
    if (first?.matches('[aria-invalid="true"]')) first.focus();
    else first?.scrollIntoView({ block: 'center' });
  }, [attempt]);
  useEffect(() => {
    if (save.error) alertRef.current?.focus();
  }, [save.error]);

  const update = (change: Partial<SettingsForm>, ...cleared: string[]) => {
    setForm((f) => ({ ...f, ...change }));
    if (cleared.some((key) => errors[key] !== undefined)) {
      setErrors((e) => Object.fromEntries(Object.entries(e).filter(([key]) => !cleared.includes(key))));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    const built = buildSettings(form);
    if (!built.ok) {
      setErrors(built.errors);
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    save.mutate(built.settings);
  };

  const text = (key: TextKey, errorKey: string, label: string, extra: TextExtra) => (
    <SettingsText
      id={`club-${key}`}
      label={label}
      extra={extra}
      value={form[key]}
      error={errors[errorKey]}
      onChange={(value) => update({ [key]: key === 'currency' ? value.toUpperCase() : value }, errorKey)}
    />
  );

  return (
    <Page title={TITLE}>
      <Form noValidate onSubmit={submit} ref={formRef}>
        {save.isError && (
          <div className="alert alert-danger" role="alert" tabIndex={-1} ref={alertRef}>
            {errorMessage(save.error)}
          </div>
        )}

        <fieldset className="mb-3">
          <legend className="h5">Club</legend>
          {text('name', 'name', 'Name', { maxLength: 100, autoComplete: 'organization' })}
          {text('shortName', 'shortName', 'Short name', {
            maxLength: 30,
            hint: 'Shown where space is short, like DSC.',
          })}
          {text('clubLink', 'clubLink', 'Club link', {
            type: 'url',
            inputMode: 'url',
            maxLength: 500,
            hint: "The club's web site, starting with https://",
          })}
          <LogoField
            club={club}
            logo={form.clubLogo}
            savedLogo={savedLogo}
            error={errors.clubLogo}
            onChange={(clubLogo) => update({ clubLogo }, 'clubLogo')}
          />
        </fieldset>

        <fieldset className="mb-3">
          <legend className="h5">Club message</legend>
          {text('message', 'message', 'Message to members (HTML)', { rows: 6, maxLength: 20_000, hint: MESSAGE_NOTE })}
          <p className="small text-body-secondary mb-1">Members see now:</p>
          {clubMessage ? (
            // Sanitised by the server; refreshed from the session after each save.
            <div
              className="club-message club-message-preview border rounded p-2 mb-3"
              dangerouslySetInnerHTML={{ __html: clubMessage }}
            />
          ) : (
            <p className="border rounded p-2 mb-3 text-body-secondary">No message.</p>
          )}
        </fieldset>

        <fieldset className="mb-3">
          <legend className="h5">Time, money and units</legend>
          <TimeZoneField
            value={form.timeZone}
            error={errors.timeZone}
            onChange={(timeZone) => update({ timeZone }, 'timeZone')}
          />
          {text('currency', 'currency', 'Currency', {
            maxLength: 3,
            autoCapitalize: 'characters',
            hint: 'A three-letter code, like CAD or USD.',
          })}
          <Form.Group className="mb-3" controlId="club-heightUnit">
            <Form.Label>Launch height unit</Form.Label>
            <Form.Select
              value={form.heightUnit}
              onChange={(e) => update({ heightUnit: e.target.value === 'm' ? 'm' : 'ft' })}
            >
              <option value="ft">Feet (ft)</option>
              <option value="m">Metres (m)</option>
            </Form.Select>
            <Form.Text muted>Release heights are typed and shown in this unit.</Form.Text>
          </Form.Group>
        </fieldset>

        <TaxRates form={form} errors={errors} addedRow={addedRow} update={update} onAdd={setAddedRow} />

        <fieldset className="mb-3">
          <legend className="h5">Membership and balances</legend>
          <YearEndField
            form={form}
            error={errors.membershipYearEnd}
            onChange={({ yearEndMonth, yearEndDay }) => update({ yearEndMonth, yearEndDay }, 'membershipYearEnd')}
          />
          {text('warningLevel', 'warningLevelCents', 'Warning level', {
            maxLength: 20,
            hint: 'Members are warned when their balance is below this, like 50.00.',
          })}
          {text('minimumLevel', 'minimumLevelCents', 'Minimum level', {
            maxLength: 20,
            hint: 'Members below this balance cannot request a flight. May be negative, like -20.00.',
          })}
        </fieldset>

        <PaymentMethods form={form} errors={errors} addedRow={addedRow} update={update} onAdd={setAddedRow} />

        <fieldset className="mb-3">
          <legend className="h5">Flight line</legend>
          {text('lateEntryMinutes', 'lateEntryMinutes', 'Entered late after (minutes)', {
            inputMode: 'numeric',
            maxLength: 5,
            hint:
              'A request, launch or landing that reaches the server more than this long after its time (a ' +
              "phone that was offline, or 'Happened N minutes ago') keeps its time but is marked entered " +
              "late in the flight's history; a late request joins the queue when it arrives.",
          })}
        </fieldset>

        <OgnSection form={form} errors={errors} update={update} />

        {/* Save first (on top) on a phone; Back, then Save, side by side on wider screens. */}
        <div className="d-flex flex-column-reverse flex-sm-row justify-content-sm-end gap-2 mt-4">
          <BackLink />
          <Button type="submit" variant="primary" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </Form>
    </Page>
  );
}

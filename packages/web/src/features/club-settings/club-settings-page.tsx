import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from '../../lib/router.tsx';
import type { ClubSettingsItem } from '@flightline/domain/api/types';
import { LOGO_CONTENT_TYPES, MAX_LOGO_BYTES } from '@flightline/domain/club/club-logo';
import { OGN_MODES, OGN_RADIUS_KM_MAX, OGN_RADIUS_KM_MIN, type OgnMode } from '@flightline/domain/ogn/settings';
import type { ClubSettings } from '@flightline/domain/schemas/fleet';
import { FilterSelect } from '../../components/filter-select.tsx';
import { Loading, LoadError, Page } from '../../components/page-state.tsx';
import { errorMessage } from '../../lib/api.ts';
import type { FilterOption } from '../../lib/filter-options.ts';
import { notifications } from '../../lib/notifications-store.ts';
import { useRefreshSession, useSession } from '../../lib/session.ts';
import { saveClubSettings, uploadClubLogo, useClubSettings } from './api.ts';
import './club-settings.scss';
import { SettingsText, type TextExtra } from './settings-text.tsx';
import {
  buildSettings,
  daysInMonth,
  formFromSettings,
  MAX_TAX_ROWS,
  nextRowId,
  withMonth,
  type FormErrors,
  type SettingsForm,
} from './settings-form.ts';

const TITLE = 'Club Settings';
const NOT_AUTHORIZED = 'User is not authorized (603)';
const MESSAGE_NOTE = "Formatting tags like <strong>, <em>, <p> and links are kept; scripts are removed, and so are images other than the club's logo.";
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const PERCENT_WIDTH = '7.5rem';
const REMOVE_WIDTH = '5.25rem';

type TextKey = 'name' | 'shortName' | 'clubLink' | 'message' | 'currency' | 'warningLevel' | 'minimumLevel' | 'lateEntryMinutes';

/** `/admin/club`: everything an admin sets for the club as a whole. */
export function ClubSettingsPage() {
  const { data: session } = useSession();
  // RequireMember has loaded the session and checked the club before this renders.
  if (!session?.club) return null;
  if (!session.userIsAdmin) {
    return (
      <Page title={TITLE}>
        <div className="alert alert-danger" role="alert">
          {NOT_AUTHORIZED}
        </div>
        <Link to="/" className="btn btn-outline-secondary d-inline-flex align-items-center">
          Home
        </Link>
      </Page>
    );
  }
  return <SettingsLoader club={session.club} clubMessage={session.clubMessage} />;
}

function SettingsLoader({ club, clubMessage }: { club: string; clubMessage: string }) {
  const settings = useClubSettings(club);
  if (settings.isPending) return <Page title={TITLE}><Loading text="Retrieving the club settings...." /></Page>;
  if (settings.isError) {
    return (
      <Page title={TITLE}>
        <LoadError error={settings.error} prefix="Could not load the club settings." />
        <BackLink />
      </Page>
    );
  }
  return <SettingsEditor key={club} club={club} initial={settings.data} clubMessage={clubMessage} />;
}

function BackLink() {
  return (
    <Link to="/admin/" className="btn btn-outline-secondary d-flex align-items-center justify-content-center">
      Back to Admin
    </Link>
  );
}

function SettingsEditor({ club, initial, clubMessage }: { club: string; initial: ClubSettingsItem; clubMessage: string }) {
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
          {text('shortName', 'shortName', 'Short name', { maxLength: 30, hint: 'Shown where space is short, like DSC.' })}
          {text('clubLink', 'clubLink', 'Club link', { type: 'url', inputMode: 'url', maxLength: 500, hint: "The club's web site, starting with https://" })}
          <LogoField club={club} logo={form.clubLogo} savedLogo={savedLogo} error={errors.clubLogo} onChange={(clubLogo) => update({ clubLogo }, 'clubLogo')} />
        </fieldset>

        <fieldset className="mb-3">
          <legend className="h5">Club message</legend>
          {text('message', 'message', 'Message to members (HTML)', { rows: 6, maxLength: 20_000, hint: MESSAGE_NOTE })}
          <p className="small text-body-secondary mb-1">Members see now:</p>
          {clubMessage ? (
            // Sanitised by the server; refreshed from the session after each save.
            <div className="club-message club-message-preview border rounded p-2 mb-3" dangerouslySetInnerHTML={{ __html: clubMessage }} />
          ) : (
            <p className="border rounded p-2 mb-3 text-body-secondary">No message.</p>
          )}
        </fieldset>

        <fieldset className="mb-3">
          <legend className="h5">Time, money and units</legend>
          <TimeZoneField value={form.timeZone} error={errors.timeZone} onChange={(timeZone) => update({ timeZone }, 'timeZone')} />
          {text('currency', 'currency', 'Currency', { maxLength: 3, autoCapitalize: 'characters', hint: 'A three-letter code, like CAD or USD.' })}
          <Form.Group className="mb-3" controlId="club-heightUnit">
            <Form.Label>Launch height unit</Form.Label>
            <Form.Select value={form.heightUnit} onChange={(e) => update({ heightUnit: e.target.value === 'm' ? 'm' : 'ft' })}>
              <option value="ft">Feet (ft)</option>
              <option value="m">Metres (m)</option>
            </Form.Select>
            <Form.Text muted>Release heights are typed and shown in this unit.</Form.Text>
          </Form.Group>
        </fieldset>

        <TaxRates form={form} errors={errors} addedRow={addedRow} update={update} onAdd={setAddedRow} />

        <fieldset className="mb-3">
          <legend className="h5">Membership and balances</legend>
          <YearEndField form={form} error={errors.membershipYearEnd} onChange={({ yearEndMonth, yearEndDay }) => update({ yearEndMonth, yearEndDay }, 'membershipYearEnd')} />
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
            hint: "A request, launch or landing that reaches the server more than this long after its time (a phone that was offline, or 'Happened N minutes ago') keeps its time but is marked entered late in the flight's history; a late request joins the queue when it arrives.",
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

const OGN_MODE_LABELS: Record<OgnMode, string> = { off: 'Off', suggest: 'Suggest', record: 'Record' };
const OGN_MODE_HINTS: Record<OgnMode, string> = {
  off: 'The line is recorded by taps only.',
  suggest: "The line page offers each takeoff, release and landing of the club's gliders for one tap.",
  record: "Takeoffs, releases and landings of the club's gliders are recorded on the line by themselves, as taps would.",
};

type OgnKey = 'ognLatitude' | 'ognLongitude' | 'ognElevationMetres' | 'ognRadiusKm';

/**
 * The OGN feed (docs/ogn.md "Settings"): the mode and the airfield it watches,
 * two fields a row so the section stays short on a 320 px phone.
 */
function OgnSection({ form, errors, update }: { form: SettingsForm; errors: FormErrors; update: (change: Partial<SettingsForm>, ...cleared: string[]) => void }) {
  // A blank airfield is refused only with the feed on: changing the mode clears those messages too.
  const airfield = ['ogn.latitude', 'ogn.longitude', 'ogn.elevationMetres'];
  // Latitude, longitude and elevation may be negative: a phone's numeric keypads have no minus sign, so those are text.
  const field = (key: OgnKey, errorKey: string, label: string, inputMode: 'text' | 'numeric', maxLength: number) => (
    <div className="col-6">
      <SettingsText
        id={`club-${key}`}
        label={label}
        extra={{ inputMode, maxLength }}
        value={form[key]}
        error={errors[errorKey]}
        onChange={(value) => update({ [key]: value }, errorKey)}
      />
    </div>
  );
  return (
    <fieldset className="mb-3">
      <legend className="h5">Flights from the Open Glider Network</legend>
      <Form.Group className="mb-3" controlId="club-ognMode">
        <Form.Label>OGN feed</Form.Label>
        <Form.Select value={form.ognMode} onChange={(e) => update({ ognMode: ognMode(e.target.value) }, 'ogn.mode', ...airfield)} isInvalid={Boolean(errors['ogn.mode'])}>
          {OGN_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {OGN_MODE_LABELS[mode]}
            </option>
          ))}
        </Form.Select>
        {errors['ogn.mode'] ? (
          <Form.Control.Feedback type="invalid">{errors['ogn.mode']}</Form.Control.Feedback>
        ) : (
          <Form.Text muted>
            {OGN_MODE_HINTS[form.ognMode]} The feed reads the FLARM beacons of the gliders and tugs whose FLARM ID is set in their editors.
          </Form.Text>
        )}
      </Form.Group>
      <div className="row g-2">
        {field('ognLatitude', 'ogn.latitude', 'Latitude (°)', 'text', 12)}
        {field('ognLongitude', 'ogn.longitude', 'Longitude (°)', 'text', 12)}
        {field('ognElevationMetres', 'ogn.elevationMetres', 'Elevation (m)', 'text', 6)}
        {field('ognRadiusKm', 'ogn.radiusKm', 'Radius (km)', 'numeric', 3)}
      </div>
      <Form.Text muted className="d-block">
        The airfield in decimal degrees (south and west are negative), its elevation above sea level, and how far around it to
        watch: {OGN_RADIUS_KM_MIN} to {OGN_RADIUS_KM_MAX} km; 10 km or more keeps an aerotow in view.
      </Form.Text>
    </fieldset>
  );
}

const ognMode = (value: string): OgnMode => OGN_MODES.find((mode) => mode === value) ?? 'off';

const kB = (bytes: number) => Math.ceil(bytes / 1024);

/**
 * The logo: an image file uploaded as soon as it is chosen (the server checks
 * it and answers its address), shown here, and the club's logo once saved.
 * Images are served from this site only (docs/decisions/0008-security-headers.md).
 */
function LogoField({ club, logo, savedLogo, error, onChange }: { club: string; logo: string; savedLogo: string; error: string | undefined; onChange: (logo: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => uploadClubLogo(club, file),
    onSuccess: (answer) => onChange(answer.clubLogo),
    onError: (failure) => setProblem(errorMessage(failure)),
  });
  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setProblem(null);
    // The server checks again, by the file's bytes; these say it at once.
    if (file.type && !(LOGO_CONTENT_TYPES as readonly string[]).includes(file.type)) {
      setProblem('Choose a PNG, JPEG or WebP image; SVG and other files are not accepted');
    } else if (file.size > MAX_LOGO_BYTES) {
      setProblem(`The image is ${kB(file.size)} kB; a logo may be at most ${kB(MAX_LOGO_BYTES)} kB: save it smaller and choose it again`);
    } else {
      upload.mutate(file);
    }
  };
  const message = problem ?? error;
  const status = logo === savedLogo ? null : logo ? 'New logo: members see it once you Save.' : 'No logo once you Save.';
  return (
    <div className="mb-3" role="group" aria-labelledby="club-logo-label">
      <div id="club-logo-label" className="form-label">
        Logo
      </div>
      <div className="d-flex align-items-center gap-2 mb-2" style={{ minHeight: 56 }}>
        {logo ? (
          <img src={logo} alt="Club logo" className="border rounded p-1 bg-white" style={{ height: 64, width: 'auto', maxWidth: 160, objectFit: 'contain' }} />
        ) : (
          <span className="text-body-secondary">No logo</span>
        )}
      </div>
      <input
        ref={input}
        type="file"
        className="d-none"
        accept={LOGO_CONTENT_TYPES.join(',')}
        aria-label="Logo image file"
        onChange={(e) => choose(e.target.files?.[0])}
      />
      <div className="d-flex gap-2">
        <Button variant="outline-primary" className="flex-grow-1 flex-sm-grow-0" onClick={() => input.current?.click()} disabled={upload.isPending} aria-busy={upload.isPending}>
          {upload.isPending && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {upload.isPending ? 'Uploading…' : logo ? 'Choose another image' : 'Choose an image'}
        </Button>
        {logo && (
          <Button variant="outline-danger" style={{ width: REMOVE_WIDTH, flexShrink: 0 }} onClick={() => onChange('')} disabled={upload.isPending}>
            Remove
          </Button>
        )}
      </div>
      {message ? (
        <div className="invalid-feedback d-block" role="alert">
          {message}
        </div>
      ) : (
        <Form.Text muted className="d-block">
          {status ?? 'A PNG, JPEG or WebP image of at most 256 kB, shown on Home.'}
        </Form.Text>
      )}
    </div>
  );
}

interface ListProps {
  form: SettingsForm;
  errors: FormErrors;
  addedRow: string | null;
  update: (change: Partial<SettingsForm>, ...cleared: string[]) => void;
  onAdd: (rowKey: string) => void;
}

function TaxRates({ form, errors, addedRow, update, onAdd }: ListProps) {
  const rows = form.taxRows;
  const add = () => {
    const id = nextRowId(rows);
    update({ taxRows: [...rows, { id, name: '', percent: '' }] }, 'taxRates');
    onAdd(`taxName.${id}`);
  };
  return (
    <fieldset className="mb-3">
      <legend className="h5">Tax rates</legend>
      {rows.length === 0 ? (
        <p className="text-body-secondary">No taxes: prices are tax-exempt.</p>
      ) : (
        <div className="d-flex gap-2 small text-body-secondary mb-1" aria-hidden="true">
          <span className="flex-grow-1">Name</span>
          <span style={{ width: PERCENT_WIDTH }}>Percent</span>
          <span style={{ width: REMOVE_WIDTH }} />
        </div>
      )}
      {rows.map((row, index) => {
        const nameKey = `taxName.${row.id}`;
        const percentKey = `taxPercent.${row.id}`;
        const setRow = (change: Partial<typeof row>, key: string) =>
          update({ taxRows: rows.map((r) => (r.id === row.id ? { ...r, ...change } : r)) }, key, 'taxRates');
        return (
          <div key={row.id} className="mb-2">
            <div className="d-flex gap-2 align-items-start">
              <Form.Control
                className="flex-grow-1"
                style={{ minWidth: 0 }}
                aria-label={`Tax ${index + 1} name`}
                value={row.name}
                onChange={(e) => setRow({ name: e.target.value }, nameKey)}
                isInvalid={Boolean(errors[nameKey])}
                aria-invalid={errors[nameKey] ? true : undefined}
                maxLength={20}
                autoComplete="off"
                autoFocus={addedRow === nameKey}
              />
              <InputGroup style={{ width: PERCENT_WIDTH, flexShrink: 0 }}>
                <Form.Control
                  aria-label={`Tax ${index + 1} percent`}
                  value={row.percent}
                  onChange={(e) => setRow({ percent: e.target.value }, percentKey)}
                  isInvalid={Boolean(errors[percentKey])}
                  aria-invalid={errors[percentKey] ? true : undefined}
                  inputMode="decimal"
                  maxLength={9}
                  // The narrow field needs its room for digits, not the invalid icon; the message says it.
                  style={errors[percentKey] ? { backgroundImage: 'none', paddingRight: '0.75rem' } : undefined}
                  autoComplete="off"
                />
                <InputGroup.Text>%</InputGroup.Text>
              </InputGroup>
              <Button
                variant="outline-danger"
                style={{ width: REMOVE_WIDTH, flexShrink: 0 }}
                aria-label={`Remove tax ${row.name.trim() || index + 1}`}
                onClick={() => update({ taxRows: rows.filter((r) => r.id !== row.id) }, nameKey, percentKey, 'taxRates')}
              >
                Remove
              </Button>
            </div>
            {/* Messages under the whole row: the percent column is too narrow to hold one. */}
            {[errors[nameKey], errors[percentKey]].filter(Boolean).map((message) => (
              <div key={message} className="invalid-feedback d-block">
                {message}
              </div>
            ))}
          </div>
        );
      })}
      {errors.taxRates && <div className="invalid-feedback d-block mb-2">{errors.taxRates}</div>}
      <Button variant="outline-primary" onClick={add} disabled={rows.length >= MAX_TAX_ROWS}>
        Add tax
      </Button>
      <Form.Text muted className="d-block">
        {rows.length >= MAX_TAX_ROWS ? `At most ${MAX_TAX_ROWS} taxes.` : 'A percent like 13 or 14.975.'}
      </Form.Text>
    </fieldset>
  );
}

function PaymentMethods({ form, errors, addedRow, update, onAdd }: ListProps) {
  const rows = form.paymentMethods;
  const add = () => {
    const id = nextRowId(rows);
    update({ paymentMethods: [...rows, { id, name: '' }] }, 'paymentMethods');
    onAdd(`paymentMethods.${id}`);
  };
  return (
    <fieldset className="mb-3">
      <legend className="h5">Payment methods</legend>
      <p className="small text-body-secondary">How members pay the club, offered when funds are added.</p>
      {rows.map((row, index) => {
        const key = `paymentMethods.${row.id}`;
        return (
          <div key={row.id} className="d-flex gap-2 align-items-start mb-2">
            <div className="flex-grow-1" style={{ minWidth: 0 }}>
              <Form.Control
                aria-label={`Payment method ${index + 1}`}
                value={row.name}
                onChange={(e) =>
                  update({ paymentMethods: rows.map((r) => (r.id === row.id ? { ...r, name: e.target.value } : r)) }, key, 'paymentMethods')
                }
                isInvalid={Boolean(errors[key])}
                aria-invalid={errors[key] ? true : undefined}
                maxLength={40}
                autoComplete="off"
                autoFocus={addedRow === key}
              />
              <Form.Control.Feedback type="invalid">{errors[key]}</Form.Control.Feedback>
            </div>
            <Button
              variant="outline-danger"
              style={{ width: REMOVE_WIDTH, flexShrink: 0 }}
              aria-label={`Remove payment method ${row.name.trim() || index + 1}`}
              disabled={rows.length <= 1}
              onClick={() => update({ paymentMethods: rows.filter((r) => r.id !== row.id) }, key, 'paymentMethods')}
            >
              Remove
            </Button>
          </div>
        );
      })}
      {errors.paymentMethods && (
        <div className="invalid-feedback d-block mb-2">
          {errors.paymentMethods}
        </div>
      )}
      <Button variant="outline-primary" onClick={add} disabled={rows.length >= 20}>
        Add payment method
      </Button>
    </fieldset>
  );
}

function TimeZoneField({ value, error, onChange }: { value: string; error: string | undefined; onChange: (zone: string) => void }) {
  const options = useMemo<FilterOption[]>(() => {
    const zones = 'supportedValuesOf' in Intl ? Intl.supportedValuesOf('timeZone') : [];
    // A stored zone the browser lists under another name still shows as chosen.
    const all = value && !zones.includes(value) ? [value, ...zones] : zones;
    return all.map((zone) => ({ value: zone, label: zoneLabel(zone) }));
  }, [value]);
  return (
    <>
      <FilterSelect label="Time zone" placeholder="Choose the club's time zone" options={options} selectedLabel={zoneLabel(value)} onSelect={onChange} />
      {error && (
        <div className="invalid-feedback d-block mb-3" style={{ marginTop: '-0.75rem' }}>
          {error}
        </div>
      )}
    </>
  );
}

const zoneLabel = (zone: string) => zone.replace(/_/g, ' ');

function YearEndField({ form, error, onChange }: { form: SettingsForm; error: string | undefined; onChange: (next: SettingsForm) => void }) {
  const days = daysInMonth(form.yearEndMonth);
  return (
    <div className="mb-3" role="group" aria-labelledby="club-year-end">
      <div id="club-year-end" className="form-label">
        Membership year end
      </div>
      <div className="d-flex gap-2">
        <Form.Select
          aria-label="Membership year end month"
          className="flex-grow-1"
          value={form.yearEndMonth}
          onChange={(e) => onChange(withMonth(form, e.target.value))}
          isInvalid={Boolean(error)}
        >
          {MONTHS.map((month, index) => (
            <option key={month} value={String(index + 1).padStart(2, '0')}>
              {month}
            </option>
          ))}
        </Form.Select>
        <Form.Select
          aria-label="Membership year end day"
          style={{ width: '6rem', flexShrink: 0 }}
          value={form.yearEndDay}
          onChange={(e) => onChange({ ...form, yearEndDay: e.target.value })}
          isInvalid={Boolean(error)}
        >
          {Array.from({ length: days }, (_, i) => String(i + 1).padStart(2, '0')).map((day) => (
            <option key={day} value={day}>
              {Number(day)}
            </option>
          ))}
        </Form.Select>
      </div>
      {error ? (
        <div className="invalid-feedback d-block">{error}</div>
      ) : (
        <Form.Text muted>Yearly memberships, and blocks set to end with the membership, expire on this day.</Form.Text>
      )}
    </div>
  );
}

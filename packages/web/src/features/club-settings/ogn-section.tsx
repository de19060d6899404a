import Form from 'react-bootstrap/Form';
import { OGN_MODES, OGN_RADIUS_KM_MAX, OGN_RADIUS_KM_MIN, type OgnMode } from '@flightline/domain/ogn/settings';
import type { FormErrors, SettingsForm } from './settings-form.ts';
import type { UpdateSettings } from './settings-page-parts.tsx';
import { SettingsText } from './settings-text.tsx';

const OGN_MODE_LABELS: Record<OgnMode, string> = { off: 'Off', suggest: 'Suggest', record: 'Record' };
const OGN_MODE_HINTS: Record<OgnMode, string> = {
  off: 'The line is recorded by taps only.',
  suggest: "The line page offers each takeoff, release and landing of the club's gliders for one tap.",
  record:
    "Takeoffs, releases and landings of the club's gliders are recorded on the line by themselves, as taps would.",
};

type OgnKey = 'ognLatitude' | 'ognLongitude' | 'ognElevationMetres' | 'ognRadiusKm';

/**
 * The OGN feed (docs/ogn.md "Settings"): the mode and the airfield it watches,
 * two fields a row so the section stays short on a 320 px phone.
 */
export function OgnSection({
  form,
  errors,
  update,
}: {
  form: SettingsForm;
  errors: FormErrors;
  update: UpdateSettings;
}) {
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
        <Form.Select
          value={form.ognMode}
          onChange={(e) => update({ ognMode: ognMode(e.target.value) }, 'ogn.mode', ...airfield)}
          isInvalid={Boolean(errors['ogn.mode'])}
        >
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
            {OGN_MODE_HINTS[form.ognMode]} The feed reads the FLARM beacons of the gliders and tugs whose FLARM ID is
            set in their editors.
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
        The airfield in decimal degrees (south and west are negative), its elevation above sea level, and how far around
        it to watch: {OGN_RADIUS_KM_MIN} to {OGN_RADIUS_KM_MAX} km; 10 km or more keeps an aerotow in view.
      </Form.Text>
    </fieldset>
  );
}

const ognMode = (value: string): OgnMode => OGN_MODES.find((mode) => mode === value) ?? 'off';

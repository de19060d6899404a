import Form from 'react-bootstrap/Form';
import { daysInMonth, withMonth, type SettingsForm } from './settings-form.ts';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export function YearEndField({
  form,
  error,
  onChange,
}: {
  form: SettingsForm;
  error: string | undefined;
  onChange: (next: SettingsForm) => void;
}) {
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

import Form from 'react-bootstrap/Form';
import { FieldFrame } from '../../components/form/field-frame.tsx';
import type { TugPageData } from '@flightline/domain/api/types';

interface TowPilotFieldProps {
  value: string;
  towPilots: TugPageData['towPilots'];
  error: string | undefined;
  onChange: (pilot: string) => void;
}

/** The tow pilot to check in, or None. */
export function TowPilotField({ value, towPilots, error, onChange }: TowPilotFieldProps) {
  return (
    <FieldFrame id="tow-pilot" label="Tow pilot">
      <Form.Select value={value} onChange={(e) => onChange(e.target.value)} isInvalid={Boolean(error)}>
        <option value="">None</option>
        {towPilots.map((p) => (
          <option key={p.userID} value={p.userID}>
            {p.first} {p.last}
          </option>
        ))}
      </Form.Select>
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      {towPilots.length === 0 && (
        <Form.Text muted>The club has no active tow pilots: an admin can set Tow Pilot in Administration.</Form.Text>
      )}
    </FieldFrame>
  );
}

import { useId } from 'react';
import type { FlyWith } from '@flightline/domain/flights/crew-rules';
import { gliderGroups, type GliderData } from '@flightline/domain/field/glider-choices';
import { FieldFrame } from '../../components/form/field-frame.tsx';

interface GliderSelectProps {
  data: GliderData;
  flyWith: FlyWith;
  value: string | null;
  onChange: (glider: string | null) => void;
}

/** The glider selector: Recently used, Gliders, and Already Flying (not choosable). */
export function GliderSelect({ data, flyWith, value, onChange }: GliderSelectProps) {
  const id = useId();
  const groups = gliderGroups(data, flyWith);
  return (
    <FieldFrame id={id} label="Glider">
      <select id={id} className="form-select" value={value ?? ''} onChange={(e) => onChange(e.target.value || null)}>
        <option value="">Choose a glider</option>
        {groups.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.options.map((option) => (
              <option key={option.id} value={option.id} disabled={option.disabled}>
                {option.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </FieldFrame>
  );
}

import { useId } from 'react';
import type { DayRange } from '../lib/use-day-range.ts';
import { FieldFrame } from './form/field-frame.tsx';

interface DateRangeFieldsProps {
  value: DayRange;
  onStartDate: (day: string) => void;
  onEndDate: (day: string) => void;
  /** Until the club's today is known (the inputs hold the placeholder day). */
  disabled?: boolean;
  /** Limit each picker by the other date (default); off where the page itself settles a start after the end. */
  bounded?: boolean;
}

/** Start and end date pickers side by side, also on a phone. */
export function DateRangeFields({
  value,
  onStartDate,
  onEndDate,
  disabled = false,
  bounded = true,
}: DateRangeFieldsProps) {
  const id = useId();
  return (
    <div className="row g-2 mb-3">
      <DateField
        id={`${id}-start`}
        label="Start date"
        value={value.startDate}
        max={(bounded && value.endDate) || undefined}
        disabled={disabled}
        onChange={onStartDate}
      />
      <DateField
        id={`${id}-end`}
        label="End date"
        value={value.endDate}
        min={(bounded && value.startDate) || undefined}
        disabled={disabled}
        onChange={onEndDate}
      />
    </div>
  );
}

interface DateFieldProps {
  id: string;
  label: string;
  value: string;
  min?: string | undefined;
  max?: string | undefined;
  disabled: boolean;
  onChange: (day: string) => void;
}

function DateField({ id, label, value, min, max, disabled, onChange }: DateFieldProps) {
  return (
    <FieldFrame id={id} label={label} className="col-6">
      <input
        id={id}
        type="date"
        className="form-control"
        value={value}
        min={min}
        max={max}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      />
    </FieldFrame>
  );
}

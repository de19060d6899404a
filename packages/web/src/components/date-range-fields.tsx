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
export function DateRangeFields({ value, onStartDate, onEndDate, disabled = false, bounded = true }: DateRangeFieldsProps) {
  const id = useId();
  return (
    <div className="row g-2 mb-3">
      <FieldFrame id={`${id}-start`} label="Start date" className="col-6">
        <input
          id={`${id}-start`}
          type="date"
          className="form-control"
          value={value.startDate}
          max={(bounded && value.endDate) || undefined}
          disabled={disabled}
          onChange={(e) => onStartDate(e.target.value)}
        />
      </FieldFrame>
      <FieldFrame id={`${id}-end`} label="End date" className="col-6">
        <input
          id={`${id}-end`}
          type="date"
          className="form-control"
          value={value.endDate}
          min={(bounded && value.startDate) || undefined}
          disabled={disabled}
          onChange={(e) => onEndDate(e.target.value)}
        />
      </FieldFrame>
    </div>
  );
}

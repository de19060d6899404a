import type { useDayRange } from '../lib/use-day-range.ts';
import { DateRangeFields } from './date-range-fields.tsx';

/** The start and end pickers of a settling range (useDayRange), and why the range cannot load once the dates settle. */
export function DayRangePicker({ dates }: { dates: ReturnType<typeof useDayRange> }) {
  return (
    <>
      <DateRangeFields value={dates.input} onStartDate={dates.setStartDate} onEndDate={dates.setEndDate} />
      {!dates.settling && dates.problem && (
        <div className="alert alert-warning" role="alert">
          {dates.problem}
        </div>
      )}
    </>
  );
}

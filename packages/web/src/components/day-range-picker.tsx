import type { useDayRange } from '../lib/use-day-range.ts';
import { RangePresets } from './range-presets.tsx';
import { DateRangeFields } from './date-range-fields.tsx';

/**
 * The start and end pickers of a settling range (useDayRange), with the range
 * presets ending `today` when it is given, and why the range cannot load once
 * the dates settle.
 */
export function DayRangePicker({ dates, today }: { dates: ReturnType<typeof useDayRange>; today?: string }) {
  return (
    <>
      <DateRangeFields value={dates.input} onStartDate={dates.setStartDate} onEndDate={dates.setEndDate} />
      {today && <RangePresets today={today} value={dates.input} onRange={dates.setRange} />}
      {!dates.settling && dates.problem && (
        <div className="alert alert-warning" role="alert">
          {dates.problem}
        </div>
      )}
    </>
  );
}

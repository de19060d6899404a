import { presetRange, RANGE_PRESETS } from '../lib/club-dates.ts';
import type { DayRange } from '../lib/use-day-range.ts';
import './range-presets.css';

interface RangePresetsProps {
  /** Today in the club's zone: every preset ends on it. */
  today: string;
  /** The range the date fields hold: its preset, if it is one, is shown pressed. */
  value: DayRange;
  onRange: (range: DayRange) => void;
}

/** Today, this month, this year or the last twelve months in one tap, beside a summary's date fields. */
export function RangePresets({ today, value, onRange }: RangePresetsProps) {
  return (
    <div className="range-presets mb-3" role="group" aria-label="Date range">
      {RANGE_PRESETS.map((preset) => {
        const range = presetRange(preset, today);
        const chosen = range.startDate === value.startDate && range.endDate === value.endDate;
        return (
          <button
            key={preset}
            type="button"
            className={`btn btn-outline-primary${chosen ? ' active' : ''}`}
            aria-pressed={chosen}
            onClick={() => onRange(range)}
          >
            {preset}
          </button>
        );
      })}
    </div>
  );
}

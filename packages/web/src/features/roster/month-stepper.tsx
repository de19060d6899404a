import { addMonths, monthTitle } from './roster-text.ts';

/** A month's title between ‹ and › buttons: the roster's month and the availability page. */
export function MonthStepper({
  month,
  onChange,
  className,
}: {
  month: string;
  onChange: (month: string) => void;
  className: string;
}) {
  return (
    <div className={`d-flex align-items-center justify-content-between ${className}`}>
      <button
        type="button"
        className="btn btn-outline-secondary"
        onClick={() => onChange(addMonths(month, -1))}
        aria-label="Previous month"
      >
        ‹
      </button>
      <h2 className="h5 mb-0">{monthTitle(month)}</h2>
      <button
        type="button"
        className="btn btn-outline-secondary"
        onClick={() => onChange(addMonths(month, 1))}
        aria-label="Next month"
      >
        ›
      </button>
    </div>
  );
}

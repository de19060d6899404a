import { useEffect, useState } from 'react';
import { clubToday, dayRangeProblem } from './club-dates.ts';

/** Date inputs of the account and accounting summaries settle for this long before a reload. */
export const DATE_DEBOUNCE_MS = 500;

export interface DayRange {
  startDate: string;
  endDate: string;
}

/** `value` once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * A start and end day, both today in the club's zone at first. `input` follows
 * the fields at once; `range` is the settled, valid range to load (null while
 * a field is empty or the start is after the end).
 */
export function useDayRange(timeZone: string) {
  const [input, setInput] = useState<DayRange>(() => {
    const today = clubToday(timeZone);
    return { startDate: today, endDate: today };
  });
  const startDate = useDebouncedValue(input.startDate, DATE_DEBOUNCE_MS);
  const endDate = useDebouncedValue(input.endDate, DATE_DEBOUNCE_MS);
  const problem = dayRangeProblem(startDate, endDate);
  return {
    input,
    setStartDate: (day: string) => setInput((r) => ({ ...r, startDate: day })),
    setEndDate: (day: string) => setInput((r) => ({ ...r, endDate: day })),
    /** The fields changed and the new range is not applied yet. */
    settling: startDate !== input.startDate || endDate !== input.endDate,
    problem,
    range: problem ? null : { startDate, endDate },
  };
}

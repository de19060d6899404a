import { useEffect, useState } from 'react';
import { clubToday, dayRangeProblem, presetRange } from './club-dates.ts';

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
 * Why a settled range cannot be loaded (a field empty, the start after the end, a page's own limit); null when it
 * can.
 */
export type RangeProblem = (startDate: string, endDate: string) => string | null;

/**
 * A start and end day, both today in the club's zone at first. `input` follows
 * the fields at once; `range` is the settled, valid range to load (null while
 * `problemOf` finds a problem with it).
 */
export function useDayRange(timeZone: string, problemOf: RangeProblem = dayRangeProblem) {
  return useSettledRange(() => {
    const today = clubToday(timeZone);
    return { startDate: today, endDate: today };
  }, problemOf);
}

/** As useDayRange, from the first of January to today in the club's zone: this season so far. */
export function useYearToDate(timeZone: string) {
  return useSettledRange(() => presetRange('This year', clubToday(timeZone)));
}

/** As useDayRange, from a given range. */
export function useSettledRange(initial: DayRange | (() => DayRange), problemOf: RangeProblem = dayRangeProblem) {
  const [input, setInput] = useState<DayRange>(initial);
  const startDate = useDebouncedValue(input.startDate, DATE_DEBOUNCE_MS);
  const endDate = useDebouncedValue(input.endDate, DATE_DEBOUNCE_MS);
  const problem = problemOf(startDate, endDate);
  return {
    input,
    setStartDate: (day: string) => setInput((r) => ({ ...r, startDate: day })),
    setEndDate: (day: string) => setInput((r) => ({ ...r, endDate: day })),
    setRange: (range: DayRange) => setInput(range),
    /** The fields changed and the new range is not applied yet. */
    settling: startDate !== input.startDate || endDate !== input.endDate,
    problem,
    range: problem ? null : { startDate, endDate },
  };
}

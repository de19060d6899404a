import { useState } from 'react';
import { clubToday } from '../../lib/club-dates.ts';
import { DATE_DEBOUNCE_MS, useDebouncedValue, type DayRange } from '../../lib/use-day-range.ts';
import { logRangeProblem } from './log-range.ts';

/**
 * The Flight Logs' start and end days, today in the club's zone at first
 * (as useDayRange, with the logs' own limits): `input` follows the pickers,
 * `range` is the settled, valid range to load, or null.
 */
export function useLogRange(timeZone: string, logbook: boolean) {
  const [input, setInput] = useState<DayRange>(() => {
    const today = clubToday(timeZone);
    return { startDate: today, endDate: today };
  });
  const startDate = useDebouncedValue(input.startDate, DATE_DEBOUNCE_MS);
  const endDate = useDebouncedValue(input.endDate, DATE_DEBOUNCE_MS);
  const problem = logRangeProblem(startDate, endDate, logbook);
  return {
    input,
    setStartDate: (day: string) => setInput((r) => ({ ...r, startDate: day })),
    setEndDate: (day: string) => setInput((r) => ({ ...r, endDate: day })),
    settling: startDate !== input.startDate || endDate !== input.endDate,
    problem,
    range: problem ? null : { startDate, endDate },
  };
}

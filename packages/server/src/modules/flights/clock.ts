/** Phones' clocks drift: a time this far ahead of the server's is taken as now (line actions), or refused as future (log edits) beyond it. */
export const CLOCK_SKEW_MS = 2 * 60 * 1000;

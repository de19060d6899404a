/**
 * The line page's "when did it happen" control: a slider from -500 (long ago)
 * to 0 (now) with a logarithmic mapping to whole minutes, so the first steps
 * left of "now" move a minute at a time and the far left reaches hours back,
 * plus the 'Happened N Minutes ago' number that stays in sync with it. The
 * minutes are the truth; the slider shows the nearest position (far left a
 * step is several minutes, the number is exact).
 */

export const SLIDER_MIN = -500;
export const SLIDER_MAX = 0;
/** Ten hours: a landing noted at the end of a long day is still in reach. */
export const MAX_MINUTES_AGO = 600;

const LOG_SPAN = Math.log(MAX_MINUTES_AGO + 1);
const MINUTE_MS = 60_000;

/** Slider position → whole minutes ago: 0 → 0, -500 → 600, monotonic. */
export function minutesFromSlider(position: number): number {
  const clamped = Math.min(SLIDER_MAX, Math.max(SLIDER_MIN, position));
  const fraction = -clamped / -SLIDER_MIN;
  return Math.round(Math.exp(fraction * LOG_SPAN) - 1);
}

/** Whole minutes ago → the slider position that shows it best: 0 → 0, 600 → -500. */
export function sliderFromMinutes(minutes: number): number {
  const clamped = Math.min(MAX_MINUTES_AGO, Math.max(0, minutes));
  const position = Math.round((SLIDER_MIN * Math.log(clamped + 1)) / LOG_SPAN);
  // Math.round(-0) is -0; a slider at "now" reads 0.
  return position === 0 ? 0 : position;
}

export const MINUTES_AGO_PROBLEM = `Enter whole minutes from 0 to ${MAX_MINUTES_AGO}`;

/** The typed number of minutes, or null when it is not a whole number from 0 to 600. */
export function parseMinutesAgo(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,4}$/.test(trimmed)) return null;
  const minutes = Number(trimmed);
  return minutes <= MAX_MINUTES_AGO ? minutes : null;
}

/**
 * When the event happened (epoch ms), for update-flight's `time`; taken at the press, so a retry sends the same
 * time.
 */
export function happenedAt(nowMs: number, minutesAgo: number): number {
  return nowMs - minutesAgo * MINUTE_MS;
}

/** `happenedAt` from the clock, at the moment of the press. */
export function minutesAgoFromNow(minutesAgo: number): number {
  return happenedAt(Date.now(), minutesAgo);
}

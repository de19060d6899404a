import { clubClockTime } from '../time/club-time.ts';

/**
 * Tap times (docs/flight-line.md "Time", docs/offline.md "Tap times"): a
 * phone's outbox sends each tap with the time it was made, and the server
 * keeps that time however late it arrives — the launch, the landing and
 * their charges are when they happened. A tap older than its arrival by more
 * than the club's allowance is still kept, but recorded as entered late: the
 * flight's history says who sent it and when it came, so the treasurer can
 * see it and correct it, and a request entered late queues by its arrival.
 */

/**
 * Phones' clocks drift: a time this far ahead of the server's is taken as now
 * (line actions), or refused as future (log edits) beyond it.
 */
export const CLOCK_SKEW_MS = 2 * 60 * 1000;

/** A new club's allowance (club.late_entry_minutes, migration 0021). */
export const DEFAULT_LATE_ENTRY_MINUTES = 30;
export const MIN_LATE_ENTRY_MINUTES = 1;
/** A day: a tap older than that is late whatever the club says. */
export const MAX_LATE_ENTRY_MINUTES = 1440;
export const LATE_ENTRY_MESSAGE = `Enter whole minutes from ${MIN_LATE_ENTRY_MINUTES} to ${MAX_LATE_ENTRY_MINUTES}`;

/**
 * Whether a tap at `tapMs` that reached the server at `receivedMs` was entered late. Exactly the allowance is in
 * time.
 */
export function isEnteredLate(tapMs: number, receivedMs: number, allowanceMinutes: number): boolean {
  return receivedMs - tapMs > allowanceMinutes * 60_000;
}

/** "entered late by Irene Instructor, received 12:05" — the club's clock. */
export function enteredLateText(byName: string, receivedMs: number, timeZone: string): string {
  return (
    `entered late by ${byName || 'someone no longer in the club'}, ` + `received ${clubClockTime(receivedMs, timeZone)}`
  );
}

const ACTION_NAMES: Record<string, string> = {
  Create: 'Request',
  Launch: 'Launch',
  Landing: 'Landing',
  UndoLaunch: 'Undo launch',
  UndoLanding: 'Undo landing',
  CancelRequest: 'Removal from the line',
  ReleaseHeight: 'Release height',
};

/** A flight history's line for an action recorded from the OGN feed (docs/ogn.md): "Launch at 10:02 — from OGN". */
export function fromOgnLine(entry: { action: string; happenedAt: number }, timeZone: string): string {
  return `${ACTION_NAMES[entry.action] ?? entry.action} at ${clubClockTime(entry.happenedAt, timeZone)} — from OGN`;
}

/** A flight history's line for a late entry: "Launch at 10:02 — entered late by Irene Instructor, received 12:05". */
export function lateEntryLine(
  entry: { action: string; byName: string; happenedAt: number; receivedAt: number },
  timeZone: string,
): string {
  const what = ACTION_NAMES[entry.action] ?? entry.action;
  return (
    `${what} at ${clubClockTime(entry.happenedAt, timeZone)} — ` +
    `${enteredLateText(entry.byName, entry.receivedAt, timeZone)}`
  );
}

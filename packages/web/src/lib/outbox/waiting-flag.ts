/**
 * How many taps wait in the field outbox, kept in localStorage by the page
 * that holds the outbox: the shell reads it synchronously, so the outbox's
 * code is only downloaded for a signed-out visitor who has taps waiting
 * (they must be asked to log in), never on an ordinary first visit.
 */
const KEY = 'flightline-outbox-waiting';

export function hasWaitingTaps(): boolean {
  try {
    return Number(localStorage.getItem(KEY)) > 0;
  } catch {
    return false;
  }
}

export function setWaitingTaps(count: number): void {
  try {
    if (count > 0) localStorage.setItem(KEY, String(count));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode, quota): the shell then shows the count once signed in.
  }
}

import { useEffect, useState } from 'react';

/** How long after the screen is up before its spare code is fetched: the first paint and the first reads go first. */
export const SETTLE_MS = 1500;

/**
 * Runs `work` a moment after the screen is up, when the browser has nothing
 * else to do: for code a screen may need later, such as a dialog, downloaded
 * so it is there when asked for without competing with what the person is
 * waiting to see (an idle callback alone can come before the screen is even
 * on the display). Returns a cancel.
 */
export function whenIdle(work: () => void, settleMs = SETTLE_MS): () => void {
  let idle: number | undefined;
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(() => work(), { timeout: 2000 });
    else work();
  }, settleMs);
  return () => {
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}

/**
 * false until `whenIdle` runs: for the parts of the page nobody is waiting
 * for (the update check, the service worker, the outbox count when nothing
 * waits), so they do not compete with the first screen on a slow phone.
 */
export function useIdle(settleMs = SETTLE_MS): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true), settleMs), [settleMs]);
  return idle;
}

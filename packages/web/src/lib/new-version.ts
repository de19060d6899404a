/**
 * "Reload now" on "Time for an Update": with a service worker, a plain reload
 * opens the same precached version again. Ask for the newest service worker;
 * if one is waiting, activate it and reload once it has taken over, so the
 * page and its screens come from the new version. Otherwise a plain reload.
 */
export async function reloadToNewestVersion(): Promise<void> {
  const registration =
    'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration().catch(() => undefined) : undefined;
  await registration?.update().catch(() => {});
  const waiting = registration?.waiting;
  if (waiting && navigator.serviceWorker.controller) {
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    // The message src/sw.ts answers with skipWaiting().
    waiting.postMessage({ type: 'SKIP_WAITING' });
    return;
  }
  window.location.reload();
}

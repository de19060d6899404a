/// <reference types="vite-plugin-pwa/react" />
import { lazy, Suspense, useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';

// The toast's code (react-bootstrap Toast and its styles) loads only when a new version waits.
const UpdateToast = lazy(async () => ({ default: (await import('./update-toast.tsx')).UpdateToast }));

/** How often an open app asks whether a new version is out; a phone may keep it open all day at the field. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (src/sw.ts) and, when a new version has been
 * downloaded and waits, offers "New version — reload". Tapping it activates
 * the new service worker and the page reloads once it takes over (the PWA
 * plugin's registerSW): the page and all its screens then come from the new
 * version together. Dismissed, the app keeps running on its own version.
 */
export function UpdatePrompt() {
  const [dismissed, setDismissed] = useState(false);
  const [reloading, setReloading] = useState(false);
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    // After the page has loaded: installing the precache must not compete with the first screen.
    immediate: false,
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      // The first install takes the open page (src/sw.ts clientsClaim), but not one that was still loading then.
      void navigator.serviceWorker.ready.then((ready) => {
        if (!navigator.serviceWorker.controller) ready.active?.postMessage({ type: 'CLAIM' });
      });
      setInterval(() => {
        if (navigator.onLine && !registration.installing) void registration.update().catch(() => {});
      }, UPDATE_CHECK_MS);
    },
  });
  if (!needRefresh || dismissed) return null;
  return (
    <Suspense fallback={null}>
      <UpdateToast
        reloading={reloading}
        onReload={() => {
          setReloading(true);
          void updateServiceWorker();
        }}
        onDismiss={() => setDismissed(true)}
      />
    </Suspense>
  );
}

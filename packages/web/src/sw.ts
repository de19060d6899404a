/// <reference lib="webworker" />
/**
 * Flightline's service worker (vite-plugin-pwa, injectManifest; docs/offline.md,
 * decision 0007). It only serves this build's own files: the app shell and the
 * member screens are precached at install, so the app opens with no signal,
 * and a page and its lazily loaded screens always come from one build. It
 * never answers /api/: the last data seen is TanStack Query's cache, persisted
 * per signed-in person in IndexedDB by the page (src/lib/query-persistence.ts).
 */
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { drainOutbox, OUTBOX_SYNC_TAG } from './lib/outbox/drain.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** The message the page sends when the person taps "New version — reload" (workbox-window's messageSkipWaiting). */
const SKIP_WAITING = 'SKIP_WAITING';
/**
 * The message a page the worker does not control sends once the worker is active
 * (src/components/update-prompt.tsx).
 */
const CLAIM = 'CLAIM';

// This build's files, chosen in vite.config.ts (the shell and the member screens, not the back office).
precacheAndRoute(self.__WB_MANIFEST);
// Caches of older Workbox versions' formats.
cleanupOutdatedCaches();

// Every page address (/, /crew/, /new pilot, …) opens the precached index.html and the app's router draws the
// screen, online or not. API calls are never answered here, so one person's data is never cached for another.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));

// A new version waits until the person asks for it: a page keeps running on the files it started with.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === SKIP_WAITING) void self.skipWaiting();
  // A page whose navigation was still in flight when the first install claimed the open pages is left out of that
  // claim (Chromium claims only pages already running): it asks, and is taken, so it too works with no signal.
  if (type === CLAIM) event.waitUntil(self.clients.claim().catch(() => {}));
});

// The first install takes the open page at once, so it works offline without a reload. An update only
// activates on the message above, and the page reloads as it takes over (src/components/update-prompt.tsx).
clientsClaim();

// ─── Outbox (Background Sync) ─────────────────────────────────────────────────
// The IndexedDB outbox of field writes (src/lib/outbox, docs/offline.md "The
// outbox") registers OUTBOX_SYNC_TAG when a tap could not be sent; the browser
// fires this when the signal returns, even with no page open. drainOutbox sends
// the queued writes in tap order with their idempotency keys (the pages' own
// code) and rejects while some still wait, so the browser tries again later.
// Keep /api/ out of the routes above.
self.addEventListener('sync', (event: Event) => {
  const sync = event as ExtendableEvent & { tag?: string };
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(drainOutbox());
});
// ──────────────────────────────────────────────────────────────────────────────

// ─── Push notices (docs/duty-roster.md "Telling people") ─────────────────────
// The server sends { title, body, url, tag } (src/push/push-sender.ts), encrypted for this browser. Shown as a
// notification; a tap opens its page in an open Flightline window, or a new one.
self.addEventListener('push', (event: PushEvent) => {
  let message: { title?: unknown; body?: unknown; url?: unknown; tag?: unknown } = {};
  try {
    message = event.data?.json() ?? {};
  } catch {
    message = { body: event.data?.text() };
  }
  const title = typeof message.title === 'string' ? message.title : 'Flightline';
  const url = typeof message.url === 'string' && message.url.startsWith('/') ? message.url : '/';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      tag: typeof message.tag === 'string' ? message.tag : undefined,
      icon: '/icon-192.png',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string } | null)?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(url);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});

import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Browser-test helpers for the phone at the field: the service worker, the saved reads and the outbox. */

/** Whether a service worker controls the page, once one is active (it takes the page on its first install). */
export async function controlledByServiceWorker(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => {
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true });
        // clientsClaim on first install: quick, but a loaded CI machine may take seconds.
        setTimeout(resolve, 20_000);
      });
    }
    return navigator.serviceWorker.controller !== null;
  });
}

/** The roots of the query keys in the saved cache (lib/query-persistence.ts). */
async function savedRoots(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('flightline-query-cache');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('cache')) {
            db.close();
            return resolve([]);
          }
          const get = db.transaction('cache').objectStore('cache').get('queries');
          get.onsuccess = () => {
            const saved = get.result as { clientState: { queries: { queryKey: unknown[] }[] } } | undefined;
            resolve((saved?.clientState.queries ?? []).map((q) => String(q.queryKey[0])));
            db.close();
          };
          get.onerror = () => reject(get.error);
        };
      }),
  );
}

/** Wait until the saved cache holds a read under each of `roots`, so the screen opens offline with it. */
export async function waitSaved(page: Page, roots: string[]): Promise<void> {
  await expect
    .poll(async () => {
      const saved = new Set(await savedRoots(page));
      return roots.filter((root) => !saved.has(root));
    }, { timeout: 10_000 })
    .toEqual([]);
}

/** The field outbox's entries as the page's IndexedDB holds them (lib/outbox/idb-store.ts). */
export async function outboxEntries(page: Page): Promise<{ id: string; label: string; tappedAt: number; refusal: unknown }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('flightline-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('entries')) {
            db.close();
            return resolve([]);
          }
          const all = db.transaction('entries').objectStore('entries').getAll();
          all.onsuccess = () => {
            resolve(all.result);
            db.close();
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

/** The navbar's count of taps waiting in the outbox ("2 waiting"). */
export const waitingButton = (page: Page) => page.getByRole('navigation').getByRole('button', { name: /^\d+ waiting$/ });

/** The Background Sync tags the page's service worker registration holds (the outbox's is 'flightline-outbox'). */
export async function syncTags(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync: { getTags(): Promise<string[]> } };
    return registration.sync.getTags();
  });
}

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

/**
 * One object store of the page's IndexedDB: the record under `key`, or every record; nothing while the store is not
 * there yet.
 */
async function readStore(page: Page, database: string, store: string, key?: string): Promise<unknown> {
  return page.evaluate(
    (where) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open(where.database);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(where.store)) {
            db.close();
            return resolve(where.key === undefined ? [] : undefined);
          }
          const objects = db.transaction(where.store).objectStore(where.store);
          const read = where.key === undefined ? objects.getAll() : objects.get(where.key);
          read.onsuccess = () => {
            resolve(read.result);
            db.close();
          };
          read.onerror = () => reject(read.error);
        };
      }),
    { database, store, key },
  );
}

/** The saved query cache (lib/query-persistence.ts): key, fetch time and data of each read. */
export async function savedReads(page: Page): Promise<{ key: unknown[]; dataUpdatedAt: number; data: unknown }[]> {
  const saved = (await readStore(page, 'flightline-query-cache', 'cache', 'queries')) as
    | { clientState: { queries: { queryKey: unknown[]; state: { dataUpdatedAt: number; data: unknown } }[] } }
    | undefined;
  return (saved?.clientState.queries ?? []).map((q) => ({
    key: q.queryKey,
    dataUpdatedAt: q.state.dataUpdatedAt,
    data: q.state.data,
  }));
}

/** The roots of the query keys in the saved cache. */
async function savedRoots(page: Page): Promise<string[]> {
  return (await savedReads(page)).map((read) => String(read.key[0]));
}

/** Wait until the saved cache holds a read under each of `roots`, so the screen opens offline with it. */
export async function waitSaved(page: Page, roots: string[]): Promise<void> {
  await expect
    .poll(
      async () => {
        const saved = new Set(await savedRoots(page));
        return roots.filter((root) => !saved.has(root));
      },
      { timeout: 10_000 },
    )
    .toEqual([]);
}

/** The field outbox's entries as the page's IndexedDB holds them (lib/outbox/idb-store.ts). */
export async function outboxEntries(
  page: Page,
): Promise<{ id: string; label: string; tappedAt: number; refusal: unknown }[]> {
  return (await readStore(page, 'flightline-outbox', 'entries')) as {
    id: string;
    label: string;
    tappedAt: number;
    refusal: unknown;
  }[];
}

/** The navbar's count of taps waiting in the outbox ("2 waiting"). */
export const waitingButton = (page: Page) =>
  page.getByRole('navigation').getByRole('button', { name: /^\d+ waiting$/ });

/** The Background Sync tags the page's service worker registration holds (the outbox's is 'flightline-outbox'). */
export async function syncTags(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
      sync: { getTags(): Promise<string[]> };
    };
    return registration.sync.getTags();
  });
}

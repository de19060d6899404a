import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { OutboxEntry, OutboxStore } from '@flightline/domain/field/outbox';
import { storedEntry, type StoredOutboxEntry } from '@flightline/domain/field/outbox-stored';

/**
 * The field outbox's entries in IndexedDB, so a reload, a locked phone or a
 * closed tab loses nothing. Works in a page and in the service worker (no
 * DOM). The key is the tap order (auto-increment); the idempotency key is a
 * unique index, so a double tap is stored once. Entries an earlier version
 * stored (with the API path and body) are read as the call the path names
 * (domain field/outbox-stored.ts), so an upgrade sends them as they were.
 */

export const OUTBOX_DB = 'flightline-outbox';

interface OutboxSchema extends DBSchema {
  entries: { key: number; value: StoredOutboxEntry; indexes: { id: string } };
}

type Db = IDBPDatabase<OutboxSchema>;

export function createIdbOutboxStore(name: string = OUTBOX_DB): OutboxStore {
  let opening: Promise<Db> | null = null;
  const db = (): Promise<Db> =>
    (opening ??= openDB<OutboxSchema>(name, 1, {
      upgrade(database) {
        const entries = database.createObjectStore('entries', { keyPath: 'seq', autoIncrement: true });
        entries.createIndex('id', 'id', { unique: true });
      },
      // A newer version of the app wants the database: let it, and open again on the next call.
      blocking() {
        void opening?.then((d) => d.close());
        opening = null;
      },
      terminated() {
        opening = null;
      },
    }).catch((error: unknown) => {
      opening = null;
      throw error;
    }));

  return {
    async list() {
      const entries: OutboxEntry[] = [];
      for (const stored of await (await db()).getAll('entries')) {
        const entry = storedEntry(stored);
        if (entry) entries.push(entry);
      }
      return entries;
    },
    async add(entry) {
      const tx = (await db()).transaction('entries', 'readwrite');
      const found = await tx.store.index('id').get(entry.id);
      if (found) {
        await tx.done;
        return storedEntry(found) ?? { ...entry, seq: found.seq };
      }
      // The store gives `seq` (the key path) from its counter.
      const seq = await tx.store.add(entry as OutboxEntry);
      await tx.done;
      return { ...entry, seq };
    },
    async put(entry) {
      const tx = (await db()).transaction('entries', 'readwrite');
      const seq = await tx.store.index('id').getKey(entry.id);
      // Gone (sent by another tab or the service worker): not brought back.
      if (seq !== undefined) await tx.store.put({ ...entry, seq });
      await tx.done;
    },
    async remove(id) {
      const tx = (await db()).transaction('entries', 'readwrite');
      const seq = await tx.store.index('id').getKey(id);
      if (seq !== undefined) await tx.store.delete(seq);
      await tx.done;
    },
  };
}

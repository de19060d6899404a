import type { OutboxEntry, OutboxStore } from './outbox.ts';

/**
 * An outbox store in memory, for tests and for a browser without IndexedDB.
 * Entries are copied in and out, as a real store would, so an outbox built
 * again over the same store (a reload) sees only what was stored.
 */
export function createMemoryOutboxStore(): OutboxStore {
  const rows = new Map<string, OutboxEntry>();
  let lastSeq = 0;
  // Entries are JSON, as they travel to the server.
  const copy = (entry: OutboxEntry): OutboxEntry => JSON.parse(JSON.stringify(entry)) as OutboxEntry;
  return {
    async list() {
      return [...rows.values()].sort((a, b) => a.seq - b.seq).map(copy);
    },
    async add(entry) {
      const found = rows.get(entry.id);
      if (found) return copy(found);
      const stored = { ...copy(entry as OutboxEntry), seq: ++lastSeq };
      rows.set(stored.id, stored);
      return copy(stored);
    },
    async put(entry) {
      if (rows.has(entry.id)) rows.set(entry.id, copy(entry));
    },
    async remove(id) {
      rows.delete(id);
    },
  };
}

import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultPersister } from './query-persistence.ts';
import { hasSavedCache } from './saved-cache-mark.ts';

/** The browser's localStorage, as far as the mark uses it (Node has none). */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const saved = { timestamp: 1_000, buster: 'test', clientState: { queries: [], mutations: [] } };

describe('the saved-cache mark (reads wait for a restore only when there is one)', () => {
  beforeEach(() => {
    Object.defineProperty(globalThis, 'localStorage', { value: new MemoryStorage(), configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
  });

  it(
    'is absent on a first visit, set once the cache is saved to ' + 'IndexedDB, and gone when the cache is removed',
    async () => {
      const persister = defaultPersister();
      expect(hasSavedCache()).toBe(false);
      await persister.persistClient(saved);
      expect(hasSavedCache()).toBe(true);
      expect(await persister.restoreClient()).toEqual(saved);
      await persister.removeClient();
      expect(hasSavedCache()).toBe(false);
      expect(await persister.restoreClient()).toBeUndefined();
    },
  );

  it('answers yes when localStorage cannot be read, so the app waits for the restore as before', () => {
    Object.defineProperty(globalThis, 'localStorage', {
      get() {
        throw new DOMException('denied', 'SecurityError');
      },
      configurable: true,
    });
    expect(hasSavedCache()).toBe(true);
  });
});

/**
 * Whether this phone holds a saved cache (lib/query-persistence.ts), kept in
 * localStorage beside it so the app can tell as it starts, without waiting
 * for IndexedDB to open: reads wait for a restore only when there is
 * something to restore. A first visit, or one after signing out, reads at
 * once. When localStorage cannot be read, the answer is yes: the app waits
 * for the restore, as it did before the mark.
 */
const MARK = 'flightline-saved-cache';

export function hasSavedCache(): boolean {
  try {
    return localStorage.getItem(MARK) !== null;
  } catch {
    return true;
  }
}

/** Called by the saved cache's store after it saved (true) or removed (false) the cache. */
export function markSavedCache(saved: boolean): void {
  try {
    if (saved) localStorage.setItem(MARK, '1');
    else localStorage.removeItem(MARK);
  } catch {
    // No localStorage (some private windows): the app then waits for each restore.
  }
}

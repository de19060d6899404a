/**
 * The listeners of a small store that React reads with
 * useSyncExternalStore: the store calls `emit` after each change, and hands
 * `subscribe` to React.
 */
export function createListeners() {
  const listeners = new Set<() => void>();
  return {
    emit: () => listeners.forEach((listener) => listener()),
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

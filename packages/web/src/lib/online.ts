import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';

/**
 * TanStack Query assumes a connection until the browser fires `offline`, so a
 * phone opened in airplane mode would try every read, fail and show errors
 * instead of the cached data. Start from `navigator.onLine` and follow its
 * events: offline, reads wait (paused) with their last data, and run again
 * when the signal returns.
 */
export function followBrowserConnection(): void {
  onlineManager.setEventListener((setOnline) => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  });
}

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();

/** Whether the phone has a connection, as the reads see it. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

import { useEffect, useState } from 'react';
import { IsRestoringProvider, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '../lib/api.ts';
import { followBrowserConnection } from '../lib/online.ts';
import { optionalPart } from '../lib/optional-part.tsx';
import { hasSavedCache } from '../lib/saved-cache-mark.ts';
import { AppRouter } from './router.tsx';

/** The saved cache's lifetime (lib/query-persistence.ts), repeated so the first chunk does not load that module. */
const SAVED_CACHE_MS = 7 * 24 * 60 * 60 * 1000;

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refused call (4xx) will not change on retry; a lost connection may.
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status < 500),
      refetchOnWindowFocus: true,
      // Kept as long as the saved cache (docs/offline.md): a screen visited earlier still opens offline.
      gcTime: SAVED_CACHE_MS,
    },
  },
});
followBrowserConnection();

// The last data seen, restored from IndexedDB (docs/offline.md). Started now, in parallel with the first render;
// when the phone holds a saved cache, reads wait for it (IsRestoringProvider), as with PersistQueryClientProvider;
// when it holds none (a first visit), they start at once. Without it the app works as before.
const restored = import('../lib/query-persistence.ts').then((m) => m.restoreAndKeep(queryClient)).catch(() => {});

// Service worker registration (at the window's load) and the "New version — reload" toast.
const UpdatePrompt = optionalPart(async () => (await import('../components/update-prompt.tsx')).UpdatePrompt);

export function App() {
  const [restoring, setRestoring] = useState(hasSavedCache);
  useEffect(() => {
    let mounted = true;
    void restored.then(() => mounted && setRestoring(false));
    return () => {
      mounted = false;
    };
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <IsRestoringProvider value={restoring}>
        <AppRouter />
      </IsRestoringProvider>
      <UpdatePrompt />
    </QueryClientProvider>
  );
}

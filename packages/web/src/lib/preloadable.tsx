import type { ComponentType, ReactNode } from 'react';

export interface Preloadable<P extends object> {
  (props: P): ReactNode;
  /** Starts loading the code now (once); resolves when it is loaded or has failed. */
  preload(): Promise<void>;
}

/**
 * A component whose code is downloaded on first use, like `React.lazy`, that
 * can also be loaded before it is drawn: once loaded it draws at once, with no
 * Suspense fallback. That matters for the page a tab opens on. Its chunk is
 * preloaded by the HTML (the server's app/web-app.ts), and started here with the app, so
 * it is ready by the time the session is read; with `React.lazy` the page
 * would still suspend once, and React keeps a fallback on screen for at least
 * 300 ms before it shows what replaced it. A download that fails is thrown to
 * the nearest error boundary, and tried again the next time it is drawn.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let failure: { error: unknown } | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        failure = { error };
        loading = undefined;
      },
    ));
  function Preloaded(props: P): ReactNode {
    if (loaded) {
      const Loaded = loaded;
      return <Loaded {...props} />;
    }
    if (failure) {
      const { error } = failure;
      failure = undefined;
      throw error;
    }
    // Suspense: drawn again once the code is in.
    throw preload();
  }
  Preloaded.preload = preload;
  return Preloaded;
}

import { useEffect, useState, type ComponentType } from 'react';

/** How often a part whose code could not be downloaded is tried again, besides when the connection returns. */
export const RETRY_MS = 30_000;

/**
 * A part of the app nobody waits for (the update prompt, the outbox count,
 * the live stream), whose code is downloaded when it is first drawn. Until
 * then, and while the download fails (the phone went offline before the
 * service worker had the file), it draws nothing and tries again when the
 * connection returns and every 30 s: a part that cannot load never takes the
 * page down with it, as a failed `React.lazy` would.
 */
export function optionalPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const get = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));

  function OptionalPart(props: P) {
    const [Part, setPart] = useState<ComponentType<P> | undefined>(() => loaded);
    useEffect(() => {
      if (Part) return;
      let done = false;
      const attempt = () => {
        get().then(
          (component) => {
            if (!done) setPart(() => component);
          },
          () => {},
        );
      };
      attempt();
      window.addEventListener('online', attempt);
      const timer = setInterval(attempt, RETRY_MS);
      return () => {
        done = true;
        window.removeEventListener('online', attempt);
        clearInterval(timer);
      };
    }, [Part]);
    return Part ? <Part {...props} /> : null;
  }
  return OptionalPart;
}

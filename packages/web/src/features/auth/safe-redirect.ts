const PROBE_ORIGIN = 'http://flightline.invalid';

/**
 * Where to go after login: the `redirect` parameter when it is a path on this
 * site, else the fallback. An absolute or protocol-relative URL
 * (`https://evil.example`, `//evil.example`, `/\evil.example`) would send a
 * freshly signed-in person to someone else's page, so it is refused.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target || !target.startsWith('/')) return fallback;
  let url: URL;
  try {
    url = new URL(target, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  // The URL parser drops tabs and newlines and reads '\' as '/', exactly as the browser will.
  if (url.origin !== PROBE_ORIGIN) return fallback;
  return url.pathname + url.search + url.hash;
}

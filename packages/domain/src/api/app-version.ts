/** The one place the app's version is written; the footer and the version check read it. */
export const APP_VERSION = '0.16.0';

/** Oldest client version the server still serves; older ones see "Time for an Update". */
export const MIN_SUPPORTED_VERSION = '0.16.0';

function parts(version: string): number[] | null {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version.trim());
  return match ? match.slice(1, 4).map(Number) : null;
}

/** Whether a client of `version` may keep running; unparseable versions are not supported. */
export function isSupportedVersion(version: string, minimum = MIN_SUPPORTED_VERSION): boolean {
  const have = parts(version);
  const need = parts(minimum);
  if (!have || !need) return false;
  for (let i = 0; i < 3; i++) {
    if (have[i]! !== need[i]!) return have[i]! > need[i]!;
  }
  return true;
}

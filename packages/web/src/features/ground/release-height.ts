/** The Release Height modal. */

export const RELEASE_HEIGHT_REQUIRED = 'Must set a release height before submitting';
export const RELEASE_HEIGHT_SET = 'Successfully set release height';
export const RELEASE_HEIGHT_FAILED = 'Failed to set release height';
export const RELEASE_HEIGHT_CONFLICT_TITLE = 'Release Height Already Set';

/** The schema's ceiling (updateFlightSchema). */
export const MAX_RELEASE_HEIGHT = 100_000;

/** A whole number above 0, or null (then the modal says RELEASE_HEIGHT_REQUIRED and sends nothing). */
export function parseReleaseHeight(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,6}$/.test(trimmed)) return null;
  const height = Number(trimmed);
  return height > 0 && height <= MAX_RELEASE_HEIGHT ? height : null;
}

export interface ReleaseConflict {
  releaseSetBy: string;
  currentReleaseHeight: number;
}

/**
 * The 409 of a ReleaseHeight without overwrite on a flight whose height is set (a refusal as the outbox keeps it),
 * else null.
 */
export function releaseConflictOf(refusal: { status: number; body: unknown }): ReleaseConflict | null {
  const body = refusal.body;
  if (refusal.status !== 409 || body === null || typeof body !== 'object') return null;
  if (!('currentReleaseHeight' in body) || typeof body.currentReleaseHeight !== 'number') return null;
  return {
    currentReleaseHeight: body.currentReleaseHeight,
    releaseSetBy: 'releaseSetBy' in body && typeof body.releaseSetBy === 'string' ? body.releaseSetBy : '',
  };
}

/** The conflict dialog's text. */
export function releaseConflictText(conflict: ReleaseConflict, newHeight: number, unit: string): string {
  const who = conflict.releaseSetBy.trim() || 'Someone';
  const suffix = unit ? ` ${unit}` : '';
  return (
    `${who} already set the release height to ` +
    `${conflict.currentReleaseHeight}${suffix}. Overwrite it with ` +
    `${newHeight}${suffix}?`
  );
}

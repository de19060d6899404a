/**
 * A club's logo is an image uploaded in Club Settings and served from this
 * origin, so the pages' Content-Security-Policy keeps images to 'self'
 * (docs/decisions/0008-security-headers.md).
 */

/** The largest logo accepted, in bytes (256 kB). */
export const MAX_LOGO_BYTES = 256 * 1024;

/** What a logo may be; SVG is not, as it can carry script. */
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];

/**
 * `/api/club-logo/<club id>?v=<sha-256 of the image, hex>`: the address changes with the image, so it is cached for
 * good.
 */
export const CLUB_LOGO_PATH =
  /^\/api\/club-logo\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\?v=([0-9a-f]{64})$/;

export function clubLogoPath(clubId: string, sha256: string): string {
  return `/api/club-logo/${clubId}?v=${sha256}`;
}

/** The club and image a logo address names, or null when it is not one. */
export function parseClubLogoPath(path: string): { clubId: string; sha256: string } | null {
  const match = CLUB_LOGO_PATH.exec(path);
  return match ? { clubId: match[1]!, sha256: match[2]! } : null;
}

/** The settings' answer to a logo given as an address: images from other sites are not loaded (img-src 'self'). */
export const LOGO_ADDRESS_REFUSED =
  'Upload the logo as an image file (PNG, JPEG or WebP): images from other sites are not shown';

import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { clubLogoPath, MAX_LOGO_BYTES, parseClubLogoPath } from '@flightline/domain/club/club-logo';
import type { DB } from '../../db/schema.ts';
import { hasRight, type MemberContext } from '../../http/context.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors.ts';
import { logoContentType } from './logo-image.ts';
import { clubLogoExists, deleteClubLogosExcept, findClubLogo, insertClubLogo } from './logo-repo.ts';
import { lockClub } from './repo.ts';

/**
 * Club logos (docs/decisions/0008-security-headers.md): an admin uploads the
 * image, the page shows it from its address, and Save in Club Settings makes
 * that address the club's logo. A club keeps two images at most: the logo in
 * use and the latest upload; each upload and each save drops the others.
 */

export const SEND_THE_IMAGE =
  'Send the image file itself as the request body: a PNG, JPEG or WebP image of at most 256 kB';
export const NOT_AN_IMAGE = 'The logo must be a PNG, JPEG or WebP image; SVG and other files are not accepted';
export const NOT_THIS_CLUBS_LOGO = 'That logo is not an image uploaded for this club: upload the image again';

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const kB = (bytes: number) => Math.ceil(bytes / 1024);

/**
 * Store an uploaded logo (admin); the answer is its address, for the settings' clubLogo. Nothing is shown until
 * saved.
 */
export async function uploadClubLogo(db: Kysely<DB>, ctx: MemberContext, body: unknown): Promise<{ clubLogo: string }> {
  if (!hasRight(ctx, 'admin')) throw forbidden('Only an admin can change the club logo');
  if (!(body instanceof Uint8Array) || body.length === 0) throw badRequest(SEND_THE_IMAGE);
  if (body.length > MAX_LOGO_BYTES) {
    throw new HttpError(
      413,
      `The image is ${kB(body.length)} kB; a logo may be at most ` +
        `${kB(MAX_LOGO_BYTES)} kB: save it smaller and upload it again`,
    );
  }
  const contentType = logoContentType(body);
  if (!contentType) throw new HttpError(415, NOT_AN_IMAGE);
  const sha256 = sha256Of(body);
  await db.transaction().execute(async (trx) => {
    // The settings save takes the same lock: it never checks an upload this one is dropping.
    const club = await lockClub(trx, ctx.club.id, 'update');
    const inUse = parseClubLogoPath(club.logo)?.sha256;
    await deleteClubLogosExcept(trx, club.id, inUse ? [inUse] : []);
    await insertClubLogo(trx, { club_id: club.id, sha256, content_type: contentType, bytes: body });
  });
  return { clubLogo: clubLogoPath(ctx.club.id, sha256) };
}

/** A logo's image by its address's parts; 404 for anything else. */
export async function getClubLogo(
  db: Kysely<DB>,
  clubId: string,
  version: unknown,
): Promise<{ contentType: string; bytes: Buffer }> {
  const address = parseClubLogoPath(`/api/club-logo/${clubId}?v=${typeof version === 'string' ? version : ''}`);
  const logo = address && (await findClubLogo(db, address.clubId, address.sha256));
  if (!logo) throw notFound('No such logo');
  return { contentType: logo.content_type, bytes: Buffer.from(logo.bytes) };
}

/**
 * For a settings save, under the club's lock: the logo is none or an image
 * uploaded for this club; the club's other uploads are dropped.
 */
export async function settleClubLogo(trx: Transaction<DB>, clubId: string, logo: string): Promise<void> {
  if (logo === '') return deleteClubLogosExcept(trx, clubId, []);
  const address = parseClubLogoPath(logo);
  if (!address || address.clubId !== clubId || !(await clubLogoExists(trx, clubId, address.sha256)))
    throw badRequest(NOT_THIS_CLUBS_LOGO);
  await deleteClubLogosExcept(trx, clubId, [address.sha256]);
}

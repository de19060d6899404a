import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_ADDRESS_REFUSED } from '@flightline/domain/club/club-logo';
import { openDatabase } from '../src/db/engine.ts';
import { migrate, readMigrations } from '../src/db/migrate.ts';
import { refusal } from './helpers/api.ts';
import { solidPng } from './helpers/png.ts';
import { createPerson } from './helpers/test-app.ts';
import { openTwoClubs, type TwoClubs } from './helpers/clubs.ts';

const NOT_AN_IMAGE = 'The logo must be a PNG, JPEG or WebP image; SVG and other files are not accepted';
const NOT_THIS_CLUBS_LOGO = 'That logo is not an image uploaded for this club: upload the image again';
const SEND_THE_IMAGE = 'Send the image file itself as the request body: a PNG, JPEG or WebP image of at most 256 kB';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const RED = solidPng(4, 2, [200, 0, 0]);
const BLUE = solidPng(4, 2, [0, 0, 200]);
const GREEN = solidPng(4, 2, [0, 160, 0]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

/**
 * Club logos are uploaded images served from this site (img-src 'self'):
 * upload-club-logo stores one and answers its address, Save in the settings
 * makes it the logo, GET /api/club-logo/<club>?v=<sha256> serves it.
 */
describe('club logo: upload, save, serve', () => {
  let { t, api, alpha, bravo } = {} as TwoClubs;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    ({ t, api, alpha, bravo } = await openTwoClubs());
    cookies.admin = await t.signIn((await createPerson(t.db, { club: alpha, flags: { is_admin: true } })).email);
    cookies.member = await t.signIn(
      (await createPerson(t.db, { club: alpha, flags: { can_update_gliders: true } })).email,
    );
    cookies.bravoAdmin = await t.signIn((await createPerson(t.db, { club: bravo, flags: { is_admin: true } })).email);
  });
  afterAll(() => t.close());

  const path = (club: string, bytes: Uint8Array) => `/api/club-logo/${club}?v=${sha256(bytes)}`;
  const upload = (role: string, body: Buffer, contentType = 'image/png', club = alpha) =>
    t.app.inject({
      method: 'POST',
      url: `/api/upload-club-logo?club=${club}`,
      headers: { cookie: cookies[role]!, 'content-type': contentType },
      payload: body,
    });
  const stored = async (club = alpha) =>
    await t.db
      .selectFrom('club_logo')
      .select(['sha256', 'content_type'])
      .where('club_id', '=', club)
      .orderBy('sha256')
      .execute();
  const settingsWith = async (role: string, clubLogo: string) => {
    const current = (await api.get('/api/get-club-settings', cookies[role])).json();
    return api.post('/api/update-club-settings', { ...current, clubLogo }, cookies[role]);
  };
  const sessionLogo = async (role = 'member') => (await api.get('/api/session', cookies[role])).json().clubLogo;

  it('an admin uploads a PNG: answered its address, served as image/png for good, not shown until saved', async () => {
    const response = await upload('admin', RED);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ clubLogo: path(alpha, RED) });
    expect(await stored()).toEqual([{ sha256: sha256(RED), content_type: 'image/png' }]);

    // Signed out too: the logo shows above the not-activated notice and on any page.
    const image = await t.app.inject({ method: 'GET', url: path(alpha, RED) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(RED)).toBe(true);
    expect(await sessionLogo()).toBe('');
  });

  it('Save in the settings makes it the logo: session and club info name it', async () => {
    const saved = await settingsWith('admin', path(alpha, RED));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().clubLogo).toBe(path(alpha, RED));
    expect(await sessionLogo()).toBe(path(alpha, RED));
    expect((await api.get('/api/get-club-info', cookies.member)).json().clubLogo).toBe(path(alpha, RED));
  });

  it(
    'the type is read from the bytes, not the Content-Type: a ' + 'JPEG sent as image/png is served as image/jpeg',
    async () => {
      const response = await upload('admin', JPEG, 'image/png');
      expect(response.json()).toEqual({ clubLogo: path(alpha, JPEG) });
      const image = await t.app.inject({ method: 'GET', url: path(alpha, JPEG) });
      expect(image.headers['content-type']).toBe('image/jpeg');
    },
  );

  it.each([
    ['an SVG (it can carry script), even sent as image/png', SVG, 'image/png'],
    ['an SVG as image/svg+xml', SVG, 'image/svg+xml'],
    ['an HTML page', Buffer.from('<!doctype html><script>alert(1)</script>'), 'text/html'],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'image/gif'],
    ['JSON', Buffer.from(JSON.stringify({ image: 'x' })), 'application/json'],
  ])('refuses %s with 415, and stores nothing', async (_case, body, contentType) => {
    const before = await stored();
    const response = await upload('admin', body, contentType);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ statusCode: 415, error: 'Unsupported Media Type', message: NOT_AN_IMAGE });
    expect(await stored()).toEqual(before);
  });

  it('takes 256 kB exactly, refuses one byte more with 413 saying the size, and an empty body with 400', async () => {
    const atLimit = Buffer.concat([RED.subarray(0, 8), Buffer.alloc(256 * 1024 - 8)]);
    expect((await upload('admin', atLimit)).statusCode).toBe(200);
    const before = await stored();
    const over = await upload('admin', Buffer.concat([atLimit, Buffer.from([0])]));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'The image is 257 kB; a logo may be at most 256 kB: save it smaller and upload it again',
    });
    const empty = await upload('admin', Buffer.alloc(0));
    expect(empty.json()).toEqual(refusal(400, SEND_THE_IMAGE));
    expect(await stored()).toEqual(before);
  });

  it('only an admin of the club uploads: a member with another right gets 403, another club’s admin too', async () => {
    const before = await stored();
    expect((await upload('member', BLUE)).json()).toEqual(refusal(403, 'Only an admin can change the club logo'));
    expect((await upload('bravoAdmin', BLUE)).json()).toEqual(refusal(403, 'That club is not your active club'));
    expect(await stored()).toEqual(before);
  });

  it(
    'the settings refuse an image address of another site, saying to ' +
      'upload it, and another club’s or an unknown upload',
    async () => {
      const before = await sessionLogo();
      const remote = await settingsWith('admin', 'https://alpha.example.org/logo.png');
      expect(remote.json()).toEqual(refusal(400, `Invalid body: clubLogo: ${LOGO_ADDRESS_REFUSED}`));
      const bravoUpload = await upload('bravoAdmin', GREEN, 'image/png', bravo);
      expect(bravoUpload.statusCode).toBe(200);
      const otherClub = await settingsWith('admin', bravoUpload.json().clubLogo);
      expect(otherClub.json()).toEqual(refusal(400, NOT_THIS_CLUBS_LOGO));
      const neverUploaded = await settingsWith('admin', path(alpha, GREEN));
      expect(neverUploaded.json()).toEqual(refusal(400, NOT_THIS_CLUBS_LOGO));
      expect(await sessionLogo()).toBe(before);
    },
  );

  it(
    'a club keeps the logo in use and its latest upload; Save ' + 'drops the rest, and an empty logo removes it',
    async () => {
      await upload('admin', BLUE);
      await upload('admin', GREEN);
      // RED is in use, GREEN the latest upload; BLUE, JPEG and the 256 kB one are gone.
      expect((await stored()).map((row) => row.sha256).sort()).toEqual([sha256(RED), sha256(GREEN)].sort());
      expect((await t.app.inject({ method: 'GET', url: path(alpha, BLUE) })).statusCode).toBe(404);

      expect((await settingsWith('admin', path(alpha, GREEN))).statusCode).toBe(200);
      expect(await stored()).toEqual([{ sha256: sha256(GREEN), content_type: 'image/png' }]);
      expect(await sessionLogo()).toBe(path(alpha, GREEN));

      expect((await settingsWith('admin', '')).statusCode).toBe(200);
      expect(await stored()).toEqual([]);
      expect(await sessionLogo()).toBe('');
      expect((await t.app.inject({ method: 'GET', url: path(alpha, GREEN) })).json()).toEqual(
        refusal(404, 'No such logo'),
      );
    },
  );

  it('serves nothing for a wrong version, another club’s id, or a malformed address (404)', async () => {
    await upload('admin', RED);
    for (const url of [
      `/api/club-logo/${alpha}?v=${sha256(BLUE)}`,
      `/api/club-logo/${bravo}?v=${sha256(RED)}`,
      `/api/club-logo/${alpha}`,
      `/api/club-logo/${alpha}?v=../../etc`,
      '/api/club-logo/not-a-club?v=abc',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect([url, response.statusCode]).toEqual([url, 404]);
    }
  });

  it('the database refuses a logo that is not an upload of the club itself', async () => {
    const setLogo = (logo: string) => t.db.updateTable('club').set({ logo }).where('id', '=', alpha).execute();
    await expect(setLogo('https://alpha.example.org/logo.png')).rejects.toThrow(/club_logo_is_upload/);
    await expect(setLogo(path(bravo, RED))).rejects.toThrow(/club_logo_is_upload/);
    await expect(setLogo('/favicon.svg')).rejects.toThrow(/club_logo_is_upload/);
  });

  it("the club message keeps an image only when it is the club's own logo, shown at its current version", async () => {
    const message =
      '<p>Welcome</p>' +
      `<img src="/api/club-logo/${alpha}?v=${sha256(BLUE)}" alt="Our logo" onerror="alert(1)">` +
      '<img src="https://example.org/a.png" alt="remote">' +
      `<img src="${path(bravo, GREEN)}" alt="theirs">` +
      '<img src="//evil.example/a.png"><img src="/favicon.svg">';
    await t.db.updateTable('club').set({ message }).where('id', '=', alpha).execute();
    expect((await api.get('/api/session', cookies.member)).json().clubMessage).toBe('<p>Welcome</p>');

    expect((await settingsWith('admin', path(alpha, RED))).statusCode).toBe(200);
    const shown = `<p>Welcome</p><img alt="Our logo" src="${path(alpha, RED)}" />`;
    expect((await api.get('/api/session', cookies.member)).json().clubMessage).toBe(shown);
    expect((await api.get('/api/get-club-info', cookies.member)).json().message).toBe(shown);
  });
});

describe('migration 0013', () => {
  it(
    'clears a logo given as an address of another site (it could ' + 'no longer load), and keeps the rest of the club',
    async () => {
      const database = await openDatabase({ dataDir: 'memory://' });
      try {
        await migrate(
          database.db,
          readMigrations().filter((m) => m.name < '0013'),
        );
        await sql`insert into club (name, time_zone, logo, link) values ('Old Logo Club', 'America/Toronto',
            'https://old.example.org/logo.png', 'https://old.example.org')`.execute(database.db);
        expect(
          await migrate(
            database.db,
            readMigrations().filter((m) => m.name <= '0013_club_logo.sql'),
          ),
        ).toEqual(['0013_club_logo.sql']);
        const club = await database.db
          .selectFrom('club')
          .select(['logo', 'link'])
          .where('name', '=', 'Old Logo Club')
          .executeTakeFirstOrThrow();
        expect(club).toEqual({ logo: '', link: 'https://old.example.org' });
      } finally {
        await database.close();
      }
    },
  );
});

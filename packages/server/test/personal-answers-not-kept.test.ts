import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAlpha, type AlphaClub } from './helpers/clubs.ts';
import { createPerson } from './helpers/test-app.ts';

const ORIGIN = 'http://localhost:3000';

/**
 * Nothing personal in the browser's HTTP cache (docs/security.md "Kept
 * answers"): every API answer is `Cache-Control: no-store`, but for the line
 * reads revalidated by ETag (`private, no-cache`: kept, and asked about every
 * time) and the club logo (versioned by its hash); sign-out clears what the
 * browser kept of this site (`Clear-Site-Data: "cache"`).
 */
describe('API answers the browser may not keep', () => {
  let { t, api, alpha } = {} as AlphaClub;
  let cookie: string;

  beforeAll(async () => {
    ({ t, api, alpha } = await openAlpha({}, { fleet: true }));
    const person = await createPerson(t.db, { club: alpha });
    cookie = await t.signIn(person.email);
  });
  afterAll(() => t.close());

  it('personal reads, writes, refusals and better-auth answers are no-store', async () => {
    const answers = {
      'GET /api/serve-crew': await api.get('/api/serve-crew', cookie),
      'GET /api/session': await api.get('/api/session', cookie),
      'GET /api/get-balance': await api.get('/api/get-balance', cookie),
      'GET /api/serve-crew (signed out)': await api.get('/api/serve-crew'),
      'POST /api/pilot': await t.app.inject({
        method: 'POST',
        url: '/api/pilot',
        headers: { cookie, origin: ORIGIN },
        payload: { first: 'Pat', last: 'Pilot' },
      }),
      'GET /api/no-such-call': await api.get('/api/no-such-call', cookie),
      'POST /api/auth/sign-in/email': await api.post('/api/auth/sign-in/email', {
        email: 'nobody@example.org',
        password: 'wrong-password',
      }),
    };
    expect(
      Object.fromEntries(
        Object.entries(answers).map(([call, response]) => [
          call,
          [response.statusCode >= 200, response.headers['cache-control']],
        ]),
      ),
    ).toEqual(Object.fromEntries(Object.keys(answers).map((call) => [call, [true, 'no-store']])));
  });

  it('the line reads stay revalidated: private, no-cache with an ETag, and a 304 for the same tag', async () => {
    const first = await api.get('/api/ground-status', cookie);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/ground-status',
      headers: { cookie, 'if-none-match': String(first.headers.etag) },
    });
    expect([again.statusCode, again.headers['cache-control']]).toEqual([304, 'private, no-cache']);
  });

  it(
    'sign-out answers no-store and Clear-Site-Data: "cache", so ' + 'the kept line reads and pages go with the session',
    async () => {
      const own = await t.signIn((await createPerson(t.db, { club: alpha })).email);
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { cookie: own, origin: ORIGIN },
        payload: {},
      });
      expect(out.statusCode).toBe(200);
      expect(out.headers['cache-control']).toBe('no-store');
      expect(out.headers['clear-site-data']).toBe('"cache"');
    },
  );
});

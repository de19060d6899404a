import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal } from './helpers/api.ts';
import { openAlpha, type AlphaClub } from './helpers/clubs.ts';
import { createPerson } from './helpers/test-app.ts';

/** A JSON body nested `levels` deep: about 10 kB for 5,000 levels. */
const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const TOO_DEEP = 'The JSON body is nested too deeply (at most 32 levels)';
const ORIGIN = 'http://localhost:3000';

/** Deeply nested JSON answers 400 on every route that reads a body, better-auth's among them, never 500. */
describe('a deeply nested JSON body', () => {
  let { t, api, alpha: club } = {} as AlphaClub;
  let cookie: string;

  beforeAll(async () => {
    ({ t, api, alpha: club } = await openAlpha());
    const person = await createPerson(t.db, { club, flags: { is_admin: true } });
    cookie = await t.signIn(person.email);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: string, withCookie = false) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': 'application/json', origin: ORIGIN, ...(withCookie ? { cookie } : {}) },
    });

  it.each([
    '/api/auth/sign-in/email',
    '/api/auth/sign-up/email',
    '/api/auth/email-otp/verify-email',
    '/api/auth/sign-out',
  ])('%s answers 400, not 500', async (url) => {
    const body = nested(5_000);
    expect(body.length).toBeGreaterThan(9_000);
    const response = await post(url, body, url.endsWith('sign-out'));
    expect([response.statusCode, response.json()]).toEqual([400, refusal(400, TOO_DEEP)]);
  });

  it('a regular API call answers 400 too, and a body 32 levels deep still reaches the route', async () => {
    const deep = await post('/api/add-transaction/', nested(5_000), true);
    expect([deep.statusCode, deep.json()]).toEqual([400, refusal(400, TOO_DEEP)]);
    const atLimit = await post('/api/add-transaction/', nested(32), true);
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().message).not.toBe(TOO_DEEP);
    const signIn = await post('/api/auth/sign-in/email', nested(33));
    expect(signIn.json()).toEqual(refusal(400, TOO_DEEP));
    expect((await api.get('/api/session', cookie)).statusCode).toBe(200);
  });
});

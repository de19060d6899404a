import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS } from '@flightline/domain/api/calls';
import { accessLabel } from '@flightline/domain/api/define-call';
import { getClubInfo } from '@flightline/domain/api/clubs';
import { getBalance } from '@flightline/domain/api/ledger';
import { session } from '@flightline/domain/api/members';
import { checkVersion } from '@flightline/domain/api/system';
import { createTow, getTugs } from '@flightline/domain/api/tugs';
import { apiClient } from './helpers/api.ts';
import { createClub, createPerson, createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The calls declared in packages/domain/src/api: the server registers each
 * from its declaration, the OpenAPI document shows who may call it and what
 * it answers, and the answers match what the web app is typed against.
 */
describe('declared API calls', () => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  let cookie: string;
  let club: string;
  let tomId: string;

  beforeAll(async () => {
    t = await createTestApp({ now: Date.parse('2025-07-10T15:00:00Z') });
    api = apiClient(t);
    club = await createClub(t.db, { name: 'Alpha Soaring' });
    await t.db.insertInto('tug').values({ club_id: club, id: 'C-GTUG', aircraft_type: 'Piper Pawnee', status: 'Ready' }).execute();
    const tom = await createPerson(t.db, { email: 'tom@alpha.test', first: 'Tom', last: 'Towpilot', club });
    tomId = tom.userId;
    cookie = await t.cookieFor(tom.email);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the OpenAPI document lists every declared call with its access and its answer schema', async () => {
    const document = (await api.get('/api/openapi.json')).json() as { paths: Record<string, Record<string, { 'x-access': string; responses: Record<string, { content?: { 'application/json': { schema: { properties?: Record<string, unknown> } } } }> }>> };
    for (const call of CALLS) {
      const operation = document.paths[call.path]?.[call.method.toLowerCase()];
      expect(operation?.['x-access'], `${call.method} ${call.path}`).toBe(accessLabel(call));
      expect(operation?.responses['200']?.content?.['application/json'].schema).toBeDefined();
    }
    expect(Object.keys(document.paths['/api/get-tugs']!.get!.responses['200']!.content!['application/json'].schema.properties!)).toEqual(['tugs', 'towPilots']);
  });

  it('get-tugs and create-tow answer exactly their declared shapes', async () => {
    const page = await api.get(`/api/get-tugs?club=${club}`, cookie);
    expect(page.statusCode).toBe(200);
    expect(getTugs.answer.parse(page.json())).toEqual(page.json());
    const logged = await api.post('/api/create-tow/', { data: { tug: 'C-GTUG', hobbs: 1200.5, fuel: 20 } }, cookie);
    expect(logged.statusCode, logged.body).toBe(200);
    expect(createTow.answer.parse(logged.json())).toEqual(logged.json());
    expect(logged.json().tug).toMatchObject({ id: 'C-GTUG', lastHobbs: 1200.5, lastFuelHobbs: 1200.5 });
  });

  it('check-version, the session (signed in or not), get-club-info and get-balance answer exactly their declared shapes', async () => {
    const version = await api.get('/api/check-version?version=1.0.0');
    expect(checkVersion.answer.parse(version.json())).toEqual(version.json());
    const anonymous = await api.get('/api/session');
    expect(session.answer.parse(anonymous.json())).toEqual(anonymous.json());
    expect(anonymous.json()).toMatchObject({ isAuthenticated: false, userID: null, club: null });
    const signedIn = await api.get('/api/session', cookie);
    expect(session.answer.parse(signedIn.json())).toMatchObject({ isAuthenticated: true, club });
    const info = await api.get(`/api/get-club-info?club=${club}`, cookie);
    expect(getClubInfo.answer.parse(info.json())).toEqual(info.json());
    const balance = await api.get(`/api/get-balance?club=${club}`, cookie);
    expect(getBalance.answer.parse(balance.json())).toEqual({ userID: tomId, balanceCents: 0 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, NOT_ACTIVATED } from './helpers/api.ts';
import { createClub, createPerson, createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Active = isActive and (no activeExpiration, or now is before the end of
 * that day in the club's time zone) — including days when daylight saving
 * starts (23 h) or ends (25 h).
 */
describe('membership expiry ends at the end of the expiry day in the club zone (America/Toronto)', () => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  let club: string;

  beforeAll(async () => {
    t = await createTestApp();
    api = apiClient(t);
    club = await createClub(t.db, { name: 'Toronto Soaring', time_zone: 'America/Toronto' });
  });
  afterAll(() => t.close());

  async function memberExpiring(day: string) {
    const { email } = await createPerson(t.db, { club, flags: { active_expiration: day } });
    return t.signIn(email);
  }

  async function statusAt(cookie: string, iso: string) {
    t.clock.set(Date.parse(iso));
    const info = await api.get('/api/get-club-info', cookie);
    const session = await api.get('/api/session', cookie);
    const refusal = info.statusCode === 200 ? null : (info.json().message as string);
    return { status: info.statusCode, refusal, userIsActive: session.json().userIsActive };
  }

  it('an ordinary summer day (EDT, UTC−4): active until 23:59:59.999 local, refused from midnight', async () => {
    const cookie = await memberExpiring('2025-06-15');
    expect(await statusAt(cookie, '2025-06-16T03:59:59.999Z')).toEqual({
      status: 200,
      refusal: null,
      userIsActive: true,
    });
    expect(await statusAt(cookie, '2025-06-16T04:00:00.000Z')).toEqual({
      status: 403,
      refusal: NOT_ACTIVATED,
      userIsActive: false,
    });
  });

  it('the day daylight saving ends (2025-11-02, 25 hours): still active at 23:30 EST, which is 04:30Z', async () => {
    const cookie = await memberExpiring('2025-11-02');
    // An offset taken at the start of the day (EDT) would end it at 04:00Z, an hour early.
    expect(await statusAt(cookie, '2025-11-03T04:30:00.000Z')).toEqual({
      status: 200,
      refusal: null,
      userIsActive: true,
    });
    expect(await statusAt(cookie, '2025-11-03T04:59:59.999Z')).toEqual({
      status: 200,
      refusal: null,
      userIsActive: true,
    });
    expect(await statusAt(cookie, '2025-11-03T05:00:00.000Z')).toEqual({
      status: 403,
      refusal: NOT_ACTIVATED,
      userIsActive: false,
    });
  });

  it('the day daylight saving starts (2025-03-09, 23 hours): ends at 04:00Z, not 05:00Z', async () => {
    const cookie = await memberExpiring('2025-03-09');
    expect(await statusAt(cookie, '2025-03-10T03:59:59.999Z')).toEqual({
      status: 200,
      refusal: null,
      userIsActive: true,
    });
    expect(await statusAt(cookie, '2025-03-10T04:00:00.000Z')).toEqual({
      status: 403,
      refusal: NOT_ACTIVATED,
      userIsActive: false,
    });
    expect(await statusAt(cookie, '2025-03-10T04:30:00.000Z')).toEqual({
      status: 403,
      refusal: NOT_ACTIVATED,
      userIsActive: false,
    });
  });

  it('an expired member still reads their own pilot record (isActive flag as stored, with the expiry)', async () => {
    const { email, userId } = await createPerson(t.db, {
      club,
      first: 'Ex',
      last: 'Pired',
      flags: { active_expiration: '2025-06-15' },
    });
    const cookie = await t.signIn(email);
    t.clock.set(Date.parse('2025-07-01T12:00:00Z'));
    const response = await api.get('/api/get-pilot', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ userID: userId, club, isActive: true, activeExpiration: '2025-06-15' });
    const directory = await api.get('/api/list-members', cookie);
    expect(directory.statusCode).toBe(403);
    expect(directory.json().message).toBe(NOT_ACTIVATED);
  });

  it('an expired member is left out of the directory others read', async () => {
    t.clock.set(Date.parse('2025-07-01T12:00:00Z'));
    const { userId: expired } = await createPerson(t.db, { club, flags: { active_expiration: '2025-06-30' } });
    const { userId: current } = await createPerson(t.db, { club, flags: { active_expiration: '2025-07-01' } });
    const reader = await createPerson(t.db, { club });
    const response = await api.get('/api/list-members', await t.signIn(reader.email));
    const ids = (response.json().pilots as { userID: string }[]).map((p) => p.userID);
    expect(ids).toContain(current);
    expect(ids).toContain(reader.userId);
    expect(ids).not.toContain(expired);
  });
});

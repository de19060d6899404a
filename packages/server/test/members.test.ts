import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswordUser } from '../src/seed/demo-club.ts';
import { refusal } from './helpers/api.ts';
import { createClub, createPerson, TEST_PASSWORD, type Person } from './helpers/test-app.ts';
import { openTwoClubs, type TwoClubs } from './helpers/clubs.ts';

describe('members: directory, pilot records, clubs of a pilot, club switching, pilot creation', () => {
  let { t, api, alpha, bravo } = {} as TwoClubs;
  let charlie: string;
  let delta: string;
  let admin: Person;
  let mary: Person;
  let aaron: Person;
  let bea: Person;
  let dirk: Person;
  let ivan: Person;
  let outsider: Person;

  const profile = (userId: string, values: Record<string, unknown>) =>
    t.db.updateTable('profile').set(values).where('user_id', '=', userId).execute();

  beforeAll(async () => {
    ({ t, api, alpha, bravo } = await openTwoClubs());
    charlie = await createClub(t.db, { name: 'Charlie Club' });
    delta = await createClub(t.db, { name: 'Delta Flyers', time_zone: 'America/Vancouver' });
    admin = await createPerson(t.db, { club: alpha, first: 'Alex', last: 'Admin', flags: { is_admin: true } });
    mary = await createPerson(t.db, { club: alpha, first: 'Mary', last: 'Member', email: 'mary@example.org' });
    aaron = await createPerson(t.db, { club: alpha, first: 'Aaron', last: 'Member' });
    bea = await createPerson(t.db, { club: alpha, first: 'Bea', last: 'Sharer' });
    dirk = await createPerson(t.db, { club: alpha, first: 'Dirk', last: 'de Vries' });
    ivan = await createPerson(t.db, { club: alpha, first: 'Ivan', last: 'Inactive', flags: { is_active: false } });
    outsider = await createPerson(t.db, { club: bravo, first: 'Otto', last: 'Outsider' });
    await profile(admin.userId, { phone: '555-0100', email: 'alex@home.example', address: '1 Hangar Way' });
    await profile(mary.userId, {
      phone: '555-0101',
      email: 'mary@home.example',
      address: '1 Runway Rd',
      em_contact: 'Mike Member',
      em_phone: '555-0199',
      em_relation: 'Spouse',
      em_note: 'Allergic to bees',
      em_link: 'https://example.org/mary',
      weight_kg: 70,
    });
    await profile(bea.userId, {
      phone: '555-0102',
      email: '',
      address: '2 Ridge Lift Ln',
      share_email: true,
      share_phone: true,
      share_address: false,
    });
  });
  afterAll(() => t.close());

  const entry = (p: Person, first: string, last: string, values: Record<string, unknown> = {}) => ({
    userID: p.userId,
    first,
    last,
    isActive: true,
    email: '',
    phone: '',
    address: '',
    emContact: '',
    emPhone: '',
    emRelation: '',
    emNote: '',
    emLink: '',
    shareEmail: false,
    sharePhone: false,
    shareAddress: false,
    ...values,
  });
  const maryEmergency = {
    emContact: 'Mike Member',
    emPhone: '555-0199',
    emRelation: 'Spouse',
    emNote: 'Allergic to bees',
    emLink: 'https://example.org/mary',
  };

  describe('GET /api/list-members (directory)', () => {
    it('401 without a session', async () => {
      expect((await api.get('/api/list-members')).statusCode).toBe(401);
    });

    it(
      'a plain member sees active members by last then first name, contacts only ' +
        'where shared, all emergency contacts, and all of their own entry',
      async () => {
        const response = await api.get('/api/list-members', await t.signIn(mary.email));
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
          pilots: [
            entry(admin, 'Alex', 'Admin'),
            entry(dirk, 'Dirk', 'de Vries'),
            entry(aaron, 'Aaron', 'Member'),
            entry(mary, 'Mary', 'Member', {
              email: 'mary@home.example',
              phone: '555-0101',
              address: '1 Runway Rd',
              ...maryEmergency,
            }),
            // Shares email (none given: the login email) and phone, not address.
            entry(bea, 'Bea', 'Sharer', { email: bea.email, phone: '555-0102', shareEmail: true, sharePhone: true }),
          ],
        });
      },
    );

    it('an admin sees every contact, shared or not; the inactive member is not listed', async () => {
      const response = await api.get('/api/list-members', await t.signIn(admin.email));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        pilots: [
          entry(admin, 'Alex', 'Admin', { email: 'alex@home.example', phone: '555-0100', address: '1 Hangar Way' }),
          entry(dirk, 'Dirk', 'de Vries', { email: dirk.email }),
          entry(aaron, 'Aaron', 'Member', { email: aaron.email }),
          entry(mary, 'Mary', 'Member', {
            email: 'mary@home.example',
            phone: '555-0101',
            address: '1 Runway Rd',
            ...maryEmergency,
          }),
          entry(bea, 'Bea', 'Sharer', {
            email: bea.email,
            phone: '555-0102',
            address: '2 Ridge Lift Ln',
            shareEmail: true,
            sharePhone: true,
          }),
        ],
      });
      expect(response.body).not.toContain(ivan.userId);
    });

    it('403 when club names another club; 403 for an inactive member', async () => {
      const named = await api.get(`/api/list-members?club=${bravo}`, await t.signIn(mary.email));
      expect(named.statusCode).toBe(403);
      expect(named.json()).toEqual(refusal(403, 'That club is not your active club'));
      const inactive = await api.get('/api/list-members', await t.signIn(ivan.email));
      expect(inactive.statusCode).toBe(403);
    });
  });

  describe('GET /api/get-pilot', () => {
    const maryRecord = () => ({
      userID: mary.userId,
      club: alpha,
      first: 'Mary',
      last: 'Member',
      loginEmail: 'mary@example.org',
      weight: 70,
      isInstructor: false,
      isTowPilot: false,
      isAdmin: false,
      isActive: true,
      activeExpiration: null,
      groundOnly: false,
      canEditLogs: false,
      canAddFunds: false,
      canAddIntros: false,
      canUpdateGliders: false,
      emContact: 'Mike Member',
      emPhone: '555-0199',
      emRelation: 'Spouse',
      emNote: 'Allergic to bees',
      emLink: 'https://example.org/mary',
      phone: '555-0101',
      email: 'mary@home.example',
      address: '1 Runway Rd',
      shareEmail: false,
      sharePhone: false,
      shareAddress: false,
    });

    it('a member reads their own record (with or without userID)', async () => {
      const cookie = await t.signIn(mary.email);
      for (const url of ['/api/get-pilot', `/api/get-pilot?userID=${mary.userId}&club=${alpha}`]) {
        const response = await api.get(url, cookie);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual(maryRecord());
      }
    });

    it("a plain member may not read another member's record (403)", async () => {
      const response = await api.get(`/api/get-pilot?userID=${bea.userId}`, await t.signIn(mary.email));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(refusal(403, 'You can only read your own pilot record'));
    });

    it(
      "an active admin reads any member's record of the active " + 'club, but not someone from another club (404)',
      async () => {
        const cookie = await t.signIn(admin.email);
        const response = await api.get(`/api/get-pilot?userID=${mary.userId}`, cookie);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual(maryRecord());
        const other = await api.get(`/api/get-pilot?userID=${outsider.userId}`, cookie);
        expect(other.statusCode).toBe(404);
        expect(other.json()).toEqual(refusal(404, 'No such member at this club'));
      },
    );

    it('an inactive admin has no admin rights: 403 for another record, 200 for their own', async () => {
      const lapsed = await createPerson(t.db, { club: alpha, flags: { is_admin: true, is_active: false } });
      const cookie = await t.signIn(lapsed.email);
      expect((await api.get(`/api/get-pilot?userID=${mary.userId}`, cookie)).statusCode).toBe(403);
      const own = await api.get('/api/get-pilot', cookie);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({ userID: lapsed.userId, isAdmin: true, isActive: false });
    });

    it('a user with no club reads their own record: club null, every flag false', async () => {
      const nina = await createPerson(t.db, { first: 'Nina', last: 'Noclub', email: 'nina@example.org' });
      const response = await api.get('/api/get-pilot?club=None', await t.signIn(nina.email));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        ...maryRecord(),
        userID: nina.userId,
        club: null,
        first: 'Nina',
        last: 'Noclub',
        loginEmail: 'nina@example.org',
        weight: 0,
        isActive: false,
        emContact: '',
        emPhone: '',
        emRelation: '',
        emNote: '',
        emLink: '',
        phone: '',
        email: '',
        address: '',
      });
    });

    it('403 when club names another club; 401 without a session', async () => {
      const response = await api.get(`/api/get-pilot?club=${bravo}`, await t.signIn(mary.email));
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('That club is not your active club');
      expect((await api.get('/api/get-pilot')).statusCode).toBe(401);
    });
  });

  describe('GET /api/get-pilot-clubs/:id and POST /api/switch-club', () => {
    let pat: Person;

    beforeAll(async () => {
      // Pat: active in Alpha, pending at Bravo, declined at Charlie, expired at Delta.
      pat = await createPerson(t.db, { club: alpha, first: 'Pat', last: 'Pilot' });
      await t.db
        .insertInto('pilot')
        .values([
          { club_id: bravo, user_id: pat.userId, is_active: false },
          { club_id: charlie, user_id: pat.userId, is_active: false, declined_at: new Date('2025-01-02T00:00:00Z') },
          {
            club_id: delta,
            user_id: pat.userId,
            is_active: true,
            activated_at: new Date('2024-01-01T00:00:00Z'),
            active_expiration: '2024-12-31',
          },
        ])
        .execute();
    });

    it('lists the clubs of the caller, by name, with their status; declined requests are left out', async () => {
      const response = await api.get(`/api/get-pilot-clubs/${pat.userId}`, await t.signIn(pat.email));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        clubs: [
          { id: alpha, name: 'Alpha Soaring', shortName: '', status: 'active' },
          { id: bravo, name: 'Bravo Gliding', shortName: '', status: 'pending' },
          { id: delta, name: 'Delta Flyers', shortName: '', status: 'inactive' },
        ],
      });
    });

    it("refuses another person's clubs (403) and a caller without a session (401)", async () => {
      const response = await api.get(`/api/get-pilot-clubs/${mary.userId}`, await t.signIn(pat.email));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(refusal(403, 'You can only list your own clubs'));
      expect((await api.get(`/api/get-pilot-clubs/${pat.userId}`)).statusCode).toBe(401);
    });

    it('switches to a club with a pending request: the new session has that club, inactive', async () => {
      const cookie = await t.signIn(pat.email);
      const response = await api.post('/api/switch-club', { club: bravo }, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        club: bravo,
        clubName: 'Bravo Gliding',
        userIsActive: false,
        userID: pat.userId,
      });
      const stored = await t.db
        .selectFrom('profile')
        .select('active_club_id')
        .where('user_id', '=', pat.userId)
        .executeTakeFirstOrThrow();
      expect(stored.active_club_id).toBe(bravo);
      expect((await api.get('/api/session', cookie)).json()).toMatchObject({ club: bravo, userIsActive: false });
      const back = await api.post('/api/switch-club', { club: alpha }, cookie);
      expect(back.json()).toMatchObject({ club: alpha, clubName: 'Alpha Soaring', userIsActive: true });
    });

    it('refuses a club the caller does not belong to, or was declined at (403), and changes nothing', async () => {
      const cookie = await t.signIn(pat.email);
      const stranger = await createClub(t.db, { name: 'Echo Gliders' });
      for (const club of [stranger, charlie]) {
        const response = await api.post('/api/switch-club', { club }, cookie);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(refusal(403, 'You are not a member of that club'));
      }
      const stored = await t.db
        .selectFrom('profile')
        .select('active_club_id')
        .where('user_id', '=', pat.userId)
        .executeTakeFirstOrThrow();
      expect(stored.active_club_id).toBe(alpha);
    });

    it('refuses a malformed club (400) and a missing one (400)', async () => {
      const cookie = await t.signIn(pat.email);
      const malformed = await api.post('/api/switch-club', { club: 'alpha' }, cookie);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual(refusal(400, 'Invalid body: club: Choose a club'));
      const missing = await api.post('/api/switch-club', {}, cookie);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe('Invalid body: club: Invalid input: expected string, received undefined');
    });

    it('creates the profile row when the caller has none', async () => {
      const quinn = await createPerson(t.db, { club: alpha });
      await t.db.deleteFrom('profile').where('user_id', '=', quinn.userId).execute();
      const response = await api.post('/api/switch-club', { club: alpha }, await t.signIn(quinn.email));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ club: alpha, userIsActive: true });
      const stored = await t.db
        .selectFrom('profile')
        .select('active_club_id')
        .where('user_id', '=', quinn.userId)
        .executeTakeFirstOrThrow();
      expect(stored.active_club_id).toBe(alpha);
    });
  });

  describe('POST /api/pilot', () => {
    async function newUser(email: string) {
      const userId = await createPasswordUser(t.db, { email, first: 'Signup', last: 'Name', password: TEST_PASSWORD });
      return { userId, cookie: await t.signIn(email) };
    }

    it("stores the caller's names and creates a profile with no active club (club None)", async () => {
      const { userId, cookie } = await newUser('nora@example.org');
      const response = await api.post('/api/pilot', { first: ' Nora ', last: 'Newpilot' }, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ userID: userId, first: 'Nora', last: 'Newpilot' });
      const user = await t.db
        .selectFrom('user')
        .select(['firstName', 'lastName', 'name'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(user).toEqual({ firstName: 'Nora', lastName: 'Newpilot', name: 'Nora Newpilot' });
      const row = await t.db
        .selectFrom('profile')
        .select('active_club_id')
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(row.active_club_id).toBeNull();
      const session = (await api.get('/api/session', cookie)).json();
      expect(session).toMatchObject({ first: 'Nora', last: 'Newpilot', club: null });
    });

    it('accepts the sign-up payload: own ids, club None, role flags all false', async () => {
      const { userId, cookie } = await newUser('sven@example.org');
      const response = await api.post(
        '/api/pilot',
        {
          pilotId: userId,
          userID: userId,
          club: 'None',
          first: 'Sven',
          last: 'Signup',
          isInstructor: false,
          isTowPilot: false,
          isAdmin: false,
        },
        cookie,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ userID: userId, first: 'Sven', last: 'Signup' });
    });

    it('keeps an existing profile and its active club', async () => {
      const response = await api.post('/api/pilot', { first: 'Mary', last: 'Member' }, await t.signIn(mary.email));
      expect(response.statusCode).toBe(200);
      const row = await t.db
        .selectFrom('profile')
        .select(['active_club_id', 'phone'])
        .where('user_id', '=', mary.userId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ active_club_id: alpha, phone: '555-0101' });
    });

    it('refuses a role flag other than false, a missing or too long name, an unknown key (400)', async () => {
      const { cookie } = await newUser('rita@example.org');
      const cases: [unknown, string][] = [
        [{ first: 'Rita', last: 'Role', isAdmin: true }, 'Invalid body: isAdmin: Invalid input: expected false'],
        [{ first: 'Rita' }, 'Invalid body: last: Invalid input: expected string, received undefined'],
        [{ first: 'Rita', last: '  ' }, 'Invalid body: last: Last name is required'],
        [
          { first: 'R'.repeat(61), last: 'Role' },
          'Invalid body: first: Too big: expected string to have <=60 characters',
        ],
        [{ first: 'Rita', last: 'Role', isSuperuser: true }, 'Invalid body: Unrecognized key: "isSuperuser"'],
      ];
      for (const [payload, message] of cases) {
        const response = await api.post('/api/pilot', payload, cookie);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual(refusal(400, message));
      }
    });

    it('refuses to write anyone else (403), and a club that is not the active one (403); nothing changes', async () => {
      const response = await api.post(
        '/api/pilot',
        { userID: bea.userId, first: 'Evil', last: 'Twin' },
        await t.signIn(mary.email),
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(refusal(403, 'You can only create your own pilot record'));
      const club = await api.post(
        '/api/pilot',
        { club: bravo, first: 'Evil', last: 'Twin' },
        await t.signIn(mary.email),
      );
      expect(club.statusCode).toBe(403);
      const names = await t.db
        .selectFrom('user')
        .select(['firstName', 'lastName'])
        .where('id', 'in', [bea.userId, mary.userId])
        .orderBy('firstName')
        .execute();
      expect(names).toEqual([
        { firstName: 'Bea', lastName: 'Sharer' },
        { firstName: 'Mary', lastName: 'Member' },
      ]);
    });

    it('401 without a session', async () => {
      expect((await api.post('/api/pilot', { first: 'A', last: 'B' })).statusCode).toBe(401);
    });
  });
});

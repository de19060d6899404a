import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal } from './helpers/api.ts';
import { createPerson, type Person } from './helpers/test-app.ts';
import { openTwoClubs, type TwoClubs } from './helpers/clubs.ts';

const NOW = Date.parse('2025-07-10T15:00:00Z');

describe('POST /api/update-item/', () => {
  let { t, api, alpha, bravo } = {} as TwoClubs;
  let mary: Person;

  beforeAll(async () => {
    ({ t, api, alpha, bravo } = await openTwoClubs({ now: NOW }));
    mary = await createPerson(t.db, { club: alpha, first: 'Mary', last: 'Member' });
  });
  afterAll(() => t.close());

  const pilotRow = (club: string, userId: string) =>
    t.db.selectFrom('pilot').selectAll().where('club_id', '=', club).where('user_id', '=', userId).executeTakeFirst();
  const profileRow = (userId: string) =>
    t.db.selectFrom('profile').selectAll().where('user_id', '=', userId).executeTakeFirst();

  describe('the dispatcher', () => {
    it('401 without a session', async () => {
      const response = await api.post('/api/update-item/', { type: 'PILOT', id: mary.userId, data: { weight: 80 } });
      expect(response.statusCode).toBe(401);
    });

    it('refuses an unknown item type by name (400)', async () => {
      const cookie = await t.signIn(mary.email);
      for (const type of ['WIDGET', 'FLIGHTS']) {
        const response = await api.post('/api/update-item/', { club: alpha, type, id: 'x', data: {} }, cookie);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual(refusal(400, `Unknown item type ${type}`));
      }
    });

    it('refuses a missing type or id, and an over-long id (400)', async () => {
      const cookie = await t.signIn(mary.email);
      const cases: [unknown, string][] = [
        [{ id: mary.userId, data: {} }, 'Invalid body: type: Invalid input: expected string, received undefined'],
        [{ type: 'PILOT', data: {} }, 'Invalid body: id: Invalid input: expected string, received undefined'],
        [
          { type: 'PILOT', id: 'x'.repeat(101), data: {} },
          'Invalid body: id: Too big: expected string to have <=100 characters',
        ],
      ];
      for (const [payload, message] of cases) {
        const response = await api.post('/api/update-item/', payload, cookie);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(message);
      }
    });

    it('refuses null or missing data for every item type (400) before anything else looks at it', async () => {
      const cookie = await t.signIn(mary.email);
      for (const type of ['GLIDER', 'TUG', 'PILOT', 'LAUNCH', 'BLOCK', 'INTRO_LAUNCH', 'INTRO', 'FLIGHT']) {
        const id = type === 'PILOT' ? mary.userId : randomUUID();
        for (const payload of [
          { type, id, data: null },
          { type, id },
        ]) {
          const response = await api.post('/api/update-item/', payload, cookie);
          expect(response.statusCode).toBe(400);
          expect(response.json()).toEqual(
            refusal(400, `Invalid body: data: Required: send the ${type} fields as an object`),
          );
        }
      }
    });

    it('refuses PILOT data that is not an object, or matches no shape (400)', async () => {
      const cookie = await t.signIn(mary.email);
      const notObject = await api.post(
        '/api/update-item/',
        { type: 'PILOT', id: mary.userId, data: 'weight=80' },
        cookie,
      );
      expect(notObject.statusCode).toBe(400);
      expect(notObject.json().message).toBe('Invalid data: PILOT data must be an object');
      const noShape = await api.post(
        '/api/update-item/',
        { type: 'PILOT', id: mary.userId, data: { height: 180 } },
        cookie,
      );
      expect(noShape.statusCode).toBe(400);
      expect(noShape.json().message).toBe(
        'Invalid data: PILOT data must be a membership request (clubId, pilotId, first, last, ' +
          'createdAt), a profile, a weight, qualifications (admin) or a membership decision (admin)',
      );
    });
  });

  describe('PILOT membership request', () => {
    const request = (who: Person, club: string, extra: Record<string, unknown> = {}) => ({
      club,
      type: 'PILOT',
      id: who.userId,
      data: { clubId: club, pilotId: who.userId, first: 'Mary', last: 'Member', createdAt: NOW, ...extra },
    });

    it(
      'creates an inactive, pending pilot row at the club asked for ' +
        '(club names the target club, not the active one)',
      async () => {
        const cookie = await t.signIn(mary.email);
        const response = await api.post('/api/update-item/', request(mary, bravo), cookie);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
          statusCode: 200,
          message: 'Membership requested at Bravo Gliding. A club admin must activate your account.',
          item: { id: bravo, name: 'Bravo Gliding', shortName: '', status: 'pending' },
        });
        const row = await pilotRow(bravo, mary.userId);
        expect(row).toMatchObject({
          is_active: false,
          is_admin: false,
          activated_at: null,
          declined_at: null,
          requested_at: new Date(NOW),
        });
        const clubs = await api.get(`/api/get-pilot-clubs/${mary.userId}`, cookie);
        expect(clubs.json().clubs).toEqual([
          { id: alpha, name: 'Alpha Soaring', shortName: '', status: 'active' },
          { id: bravo, name: 'Bravo Gliding', shortName: '', status: 'pending' },
        ]);
      },
    );

    it('refuses a second request while the first is pending (409)', async () => {
      const response = await api.post('/api/update-item/', request(mary, bravo), await t.signIn(mary.email));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual(refusal(409, 'Your membership request at that club is pending'));
    });

    it('refuses a request at a club one already belongs to (409)', async () => {
      const response = await api.post('/api/update-item/', request(mary, alpha), await t.signIn(mary.email));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual(refusal(409, 'You are already a member of that club'));
    });

    it('reopens a declined request: declined_at cleared, requested_at now', async () => {
      const dana = await createPerson(t.db, { club: alpha });
      await t.db
        .insertInto('pilot')
        .values({
          club_id: bravo,
          user_id: dana.userId,
          requested_at: new Date('2025-01-01T00:00:00Z'),
          declined_at: new Date('2025-01-05T00:00:00Z'),
        })
        .execute();
      t.clock.set(NOW + 60_000);
      const response = await api.post('/api/update-item/', request(dana, bravo), await t.signIn(dana.email));
      t.clock.set(NOW);
      expect(response.statusCode).toBe(200);
      expect(await pilotRow(bravo, dana.userId)).toMatchObject({
        is_active: false,
        declined_at: null,
        activated_at: null,
        requested_at: new Date(NOW + 60_000),
      });
    });

    it('works for a user with no active club (club None)', async () => {
      const nina = await createPerson(t.db, {});
      const response = await api.post(
        '/api/update-item/',
        { ...request(nina, alpha), club: 'None' },
        await t.signIn(nina.email),
      );
      expect(response.statusCode).toBe(200);
      expect(await pilotRow(alpha, nina.userId)).toMatchObject({ is_active: false, activated_at: null });
    });

    it('refuses a club that does not exist (404)', async () => {
      const ghost = randomUUID();
      const response = await api.post('/api/update-item/', request(mary, ghost), await t.signIn(mary.email));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(refusal(404, 'No such club'));
    });

    it('refuses a request for someone else, by pilotId or by id (403), and creates nothing', async () => {
      const other = await createPerson(t.db, { club: alpha });
      const cookie = await t.signIn(mary.email);
      const byPilotId = { ...request(mary, bravo), data: { ...request(mary, bravo).data, pilotId: other.userId } };
      const byId = { ...request(other, bravo), data: { ...request(other, bravo).data, pilotId: mary.userId } };
      for (const payload of [byPilotId, byId]) {
        const response = await api.post('/api/update-item/', payload, cookie);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(refusal(403, 'You can only request membership for yourself'));
      }
      expect(await pilotRow(bravo, other.userId)).toBeUndefined();
    });

    it('refuses club and clubId that disagree (400)', async () => {
      const cookie = await t.signIn(mary.email);
      const response = await api.post('/api/update-item/', { ...request(mary, bravo), club: alpha }, cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        'club and data.clubId name different clubs: send the club you are asking to join in both',
      );
    });

    it('refuses malformed requests with the field at fault (400)', async () => {
      const cookie = await t.signIn(mary.email);
      const cases: [Record<string, unknown>, string][] = [
        [
          { createdAt: undefined },
          'Invalid membership request: createdAt: Invalid input: expected number, received undefined',
        ],
        [
          { createdAt: '2025-07-10' },
          'Invalid membership request: createdAt: Invalid input: expected number, received string',
        ],
        [{ clubId: 'bravo' }, 'Invalid membership request: clubId: Choose a club'],
        [
          { first: 'M'.repeat(61) },
          'Invalid membership request: first: Too big: expected string to have <=60 characters',
        ],
        [{ role: 'admin' }, 'Invalid membership request: Unrecognized key: "role"'],
      ];
      for (const [extra, message] of cases) {
        const payload = request(mary, bravo, extra);
        const response = await api.post('/api/update-item/', payload, cookie);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual(refusal(400, message));
      }
    });
  });

  describe('PILOT profile', () => {
    const profile = {
      emContact: 'Mike Member',
      emPhone: '555-0199',
      emRelation: 'Spouse',
      phone: '555-0101',
      email: 'mary@home.example',
      address: '1 Runway Rd',
      emNote: 'Allergic to bees',
      emLink: 'https://example.org/mary',
      shareEmail: true,
      sharePhone: false,
      shareAddress: true,
    };

    it("saves the caller's profile and answers the updated pilot record", async () => {
      const response = await api.post(
        '/api/update-item/',
        { club: alpha, type: 'PILOT', id: mary.userId, data: profile },
        await t.signIn(mary.email),
      );
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.statusCode).toBe(200);
      expect(body.message).toBe('Profile saved');
      expect(body.item).toMatchObject({ userID: mary.userId, club: alpha, first: 'Mary', last: 'Member', ...profile });
      expect(await profileRow(mary.userId)).toMatchObject({
        em_contact: 'Mike Member',
        em_phone: '555-0199',
        em_relation: 'Spouse',
        phone: '555-0101',
        email: 'mary@home.example',
        address: '1 Runway Rd',
        em_note: 'Allergic to bees',
        em_link: 'https://example.org/mary',
        share_email: true,
        share_phone: false,
        share_address: true,
        active_club_id: alpha,
      });
    });

    it(
      'refuses an emergency link that is not a web link ' + '(javascript:, data:) with 400, and saves nothing',
      async () => {
        const cookie = await t.signIn(mary.email);
        const before = await profileRow(mary.userId);
        for (const emLink of [
          'javascript:alert(1)',
          'data:text/html,<script>alert(1)</script>',
          'ftp://example.org/x',
        ]) {
          const response = await api.post(
            '/api/update-item/',
            { type: 'PILOT', id: mary.userId, data: { ...profile, emLink } },
            cookie,
          );
          expect(response.statusCode).toBe(400);
          expect(response.json().message).toBe('Invalid profile: emLink: Enter a full link, starting with https://');
        }
        expect(await profileRow(mary.userId)).toEqual(before);
      },
    );

    it('an inactive member may still edit their profile (settings stay open to them)', async () => {
      const ivan = await createPerson(t.db, { club: alpha, flags: { is_active: false } });
      const response = await api.post(
        '/api/update-item/',
        { type: 'PILOT', id: ivan.userId, data: { ...profile, phone: '555-0777' } },
        await t.signIn(ivan.email),
      );
      expect(response.statusCode).toBe(200);
      expect((await profileRow(ivan.userId))?.phone).toBe('555-0777');
    });

    it('creates the profile row when the caller has none', async () => {
      const quinn = await createPerson(t.db, {});
      await t.db.deleteFrom('profile').where('user_id', '=', quinn.userId).execute();
      const response = await api.post(
        '/api/update-item/',
        { type: 'PILOT', id: quinn.userId, data: profile },
        await t.signIn(quinn.email),
      );
      expect(response.statusCode).toBe(200);
      expect(await profileRow(quinn.userId)).toMatchObject({
        active_club_id: null,
        phone: '555-0101',
        share_email: true,
      });
    });

    it(
      "refuses someone else's profile (403), and a club other " + 'than the active one (403); nothing changes',
      async () => {
        const bea = await createPerson(t.db, { club: alpha });
        const cookie = await t.signIn(mary.email);
        const before = [await profileRow(bea.userId), await profileRow(mary.userId)];
        const other = await api.post(
          '/api/update-item/',
          { club: alpha, type: 'PILOT', id: bea.userId, data: profile },
          cookie,
        );
        expect(other.statusCode).toBe(403);
        expect(other.json()).toEqual(refusal(403, 'You can only change your own profile'));
        const club = await api.post(
          '/api/update-item/',
          { club: bravo, type: 'PILOT', id: mary.userId, data: { ...profile, phone: '000' } },
          cookie,
        );
        expect(club.statusCode).toBe(403);
        expect(club.json()).toEqual(refusal(403, 'That club is not your active club'));
        expect([await profileRow(bea.userId), await profileRow(mary.userId)]).toEqual(before);
      },
    );

    it('refuses malformed profiles with the field at fault (400)', async () => {
      const cookie = await t.signIn(mary.email);
      const cases: [Record<string, unknown>, string][] = [
        [{ phone: '5'.repeat(41) }, 'Invalid profile: phone: Too big: expected string to have <=40 characters'],
        [{ email: 'not-an-email' }, 'Invalid profile: email: Enter a valid email address'],
        [{ emLink: 'example.org' }, 'Invalid profile: emLink: Enter a full link, starting with https://'],
        [{ shareEmail: 'yes' }, 'Invalid profile: shareEmail: Invalid input: expected boolean, received string'],
        [{ sharePhone: undefined }, 'Invalid profile: sharePhone: Invalid input: expected boolean, received undefined'],
      ];
      for (const [change, message] of cases) {
        const response = await api.post(
          '/api/update-item/',
          { type: 'PILOT', id: mary.userId, data: { ...profile, ...change } },
          cookie,
        );
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual(refusal(400, message));
      }
    });
  });

  describe('PILOT weight', () => {
    it("stores the caller's weight in kg", async () => {
      const response = await api.post(
        '/api/update-item/',
        { club: alpha, type: 'PILOT', id: mary.userId, data: { weight: 82 } },
        await t.signIn(mary.email),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        statusCode: 200,
        message: 'Weight saved',
        item: { userID: mary.userId, weight: 82 },
      });
      expect((await profileRow(mary.userId))?.weight_kg).toBe(82);
    });

    it("refuses someone else's weight (403) and keeps it", async () => {
      const bea = await createPerson(t.db, { club: alpha });
      const response = await api.post(
        '/api/update-item/',
        { type: 'PILOT', id: bea.userId, data: { weight: 120 } },
        await t.signIn(mary.email),
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(refusal(403, 'You can only change your own weight'));
      expect((await profileRow(bea.userId))?.weight_kg).toBe(0);
    });

    it('refuses a weight that is not a whole number of kg from 0 to 300 (400)', async () => {
      const cookie = await t.signIn(mary.email);
      const cases: [unknown, string][] = [
        ['82', 'Invalid weight: weight: Invalid input: expected number, received string'],
        [301, 'Invalid weight: weight: Too big: expected number to be <=300'],
        [80.5, 'Invalid weight: weight: Invalid input: expected int, received number'],
      ];
      for (const [weight, message] of cases) {
        const response = await api.post(
          '/api/update-item/',
          { type: 'PILOT', id: mary.userId, data: { weight } },
          cookie,
        );
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual(refusal(400, message));
      }
      expect((await profileRow(mary.userId))?.weight_kg).toBe(82);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateMember, createClubWithAdmin, listClubsWithCounts } from '../src/modules/members/bootstrap-service.ts';
import { createPasswordUser } from '../src/seed/demo-club.ts';
import { apiClient } from './helpers/api.ts';
import { createClub, createPerson, createTestApp, TEST_PASSWORD, type TestApp } from './helpers/test-app.ts';

const NOW = Date.parse('2025-07-10T15:00:00Z');

/** npm run club -- create | activate | list: the service functions behind the command line. */
describe('club bootstrap (npm run club)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  });
  afterAll(() => t.close());

  const pilot = (club: string, userId: string) =>
    t.db.selectFrom('pilot').selectAll().where('club_id', '=', club).where('user_id', '=', userId).executeTakeFirst();
  const activeClub = async (userId: string) =>
    (await t.db.selectFrom('profile').select('active_club_id').where('user_id', '=', userId).executeTakeFirst())
      ?.active_club_id;

  describe('create', () => {
    it('creates the club and makes a signed-up user its active admin, and their active club', async () => {
      const { userId, email } = await createPerson(t.db, { email: 'founder@example.org' });
      const created = await createClubWithAdmin(
        t.db,
        { name: '  Valley Soaring ', timeZone: 'America/Toronto', adminEmail: 'Founder@Example.org', currency: 'cad' },
        NOW,
      );
      expect(created).toMatchObject({ adminUserId: userId, adminEmail: email });
      expect(created.club).toMatchObject({ name: 'Valley Soaring', time_zone: 'America/Toronto', currency: 'CAD' });
      expect(await pilot(created.club.id, userId)).toMatchObject({
        is_admin: true,
        is_active: true,
        activated_at: new Date(NOW),
        declined_at: null,
      });
      expect(await activeClub(userId)).toBe(created.club.id);

      // The new admin can use the club at once.
      const api = apiClient(t);
      const session = await api.get('/api/session', await t.signIn(email));
      expect(session.json()).toMatchObject({
        club: created.club.id,
        clubName: 'Valley Soaring',
        userIsActive: true,
        userIsAdmin: true,
      });
    });

    it('keeps the active club of an admin who already has one', async () => {
      const home = await createClub(t.db, { name: 'Home Club' });
      const { userId } = await createPerson(t.db, { email: 'busy@example.org', club: home });
      const created = await createClubWithAdmin(
        t.db,
        { name: 'Second Club', timeZone: 'Europe/Paris', adminEmail: 'busy@example.org' },
        NOW,
      );
      expect(created.club.currency).toBe('CAD');
      expect(await activeClub(userId)).toBe(home);
      expect(await pilot(created.club.id, userId)).toMatchObject({ is_admin: true, is_active: true });
    });

    it('refuses an admin who has not signed up, saying they must sign up first', async () => {
      await expect(
        createClubWithAdmin(
          t.db,
          { name: 'Ghost Club', timeZone: 'America/Toronto', adminEmail: 'ghost@example.org' },
          NOW,
        ),
      ).rejects.toThrow(
        'No user with email ghost@example.org: they must sign up in the app first, then run this again',
      );
    });

    it('refuses an admin who has not confirmed the emailed code', async () => {
      await createPasswordUser(t.db, {
        email: 'pending@example.org',
        first: 'Pen',
        last: 'Ding',
        password: TEST_PASSWORD,
      });
      await t.db.updateTable('user').set({ emailVerified: false }).where('email', '=', 'pending@example.org').execute();
      await expect(
        createClubWithAdmin(
          t.db,
          { name: 'Pending Club', timeZone: 'America/Toronto', adminEmail: 'pending@example.org' },
          NOW,
        ),
      ).rejects.toThrow(
        'pending@example.org has signed up but not confirmed the emailed code yet: they must confirm it first',
      );
    });

    it(
      'refuses an unknown time zone, a bad currency, an empty name, ' + 'and a name taken in any case; creates nothing',
      async () => {
        const before = (await t.db.selectFrom('club').select('id').execute()).length;
        const input = { name: 'Fresh Club', timeZone: 'America/Toronto', adminEmail: 'founder@example.org' };
        await expect(createClubWithAdmin(t.db, { ...input, timeZone: 'Mars/Olympus' }, NOW)).rejects.toThrow(
          '"Mars/Olympus" is not a time zone: use an IANA name such as America/Toronto',
        );
        await expect(createClubWithAdmin(t.db, { ...input, currency: 'dollars' }, NOW)).rejects.toThrow(
          '"dollars" is not a currency code: use three letters such as CAD',
        );
        await expect(createClubWithAdmin(t.db, { ...input, name: '  ' }, NOW)).rejects.toThrow(
          'The club name must be 1 to 100 characters',
        );
        await expect(createClubWithAdmin(t.db, { ...input, name: 'VALLEY SOARING' }, NOW)).rejects.toThrow(
          'A club named "VALLEY SOARING" already exists',
        );
        expect((await t.db.selectFrom('club').select('id').execute()).length).toBe(before);
      },
    );
  });

  describe('activate', () => {
    let club: string;
    beforeAll(async () => {
      club = await createClub(t.db, { name: 'Ridge Gliding Club' });
    });

    it(
      'activates a pending request, by club name in any case; it ' + 'becomes their active club if they have none',
      async () => {
        const { userId } = await createPerson(t.db, { email: 'newbie@example.org' });
        await t.db.insertInto('pilot').values({ club_id: club, user_id: userId, is_active: false }).execute();
        const result = await activateMember(t.db, { club: 'ridge gliding club', email: 'newbie@example.org' }, NOW);
        expect(result).toEqual({
          clubName: 'Ridge Gliding Club',
          email: 'newbie@example.org',
          changed: true,
          message: 'newbie@example.org is now active at Ridge Gliding Club',
        });
        expect(await pilot(club, userId)).toMatchObject({
          is_active: true,
          activated_at: new Date(NOW),
          declined_at: null,
        });
        expect(await activeClub(userId)).toBe(club);
      },
    );

    it('reactivates a member by club id, clearing an expiry that has passed; says so', async () => {
      const { userId } = await createPerson(t.db, {
        email: 'lapsed@example.org',
        club,
        flags: { is_active: false, active_expiration: '2024-12-31' },
      });
      const firstActivation = (await pilot(club, userId))!.activated_at;
      const result = await activateMember(t.db, { club, email: 'lapsed@example.org' }, NOW);
      expect(result.message).toBe(
        'lapsed@example.org is now active at Ridge Gliding Club (their ' +
          'membership had expired on 2024-12-31; the expiry is cleared)',
      );
      expect(await pilot(club, userId)).toMatchObject({
        is_active: true,
        active_expiration: null,
        activated_at: firstActivation,
      });
    });

    it('answers unchanged for a member already active', async () => {
      await createPerson(t.db, { email: 'steady@example.org', club });
      const result = await activateMember(t.db, { club, email: 'steady@example.org' }, NOW);
      expect(result).toMatchObject({
        changed: false,
        message: 'steady@example.org is already active at Ridge Gliding Club',
      });
    });

    it('refuses someone who never asked to join, an unknown club, an unknown email', async () => {
      await createPerson(t.db, { email: 'stranger@example.org' });
      await expect(activateMember(t.db, { club, email: 'stranger@example.org' }, NOW)).rejects.toThrow(
        'stranger@example.org has not requested membership at Ridge Gliding Club: ' +
          'they request it in the app (Settings), then run this again',
      );
      await expect(activateMember(t.db, { club: 'Nowhere Club', email: 'stranger@example.org' }, NOW)).rejects.toThrow(
        'No club named or with id "Nowhere Club": "npm run club -- list" shows the clubs',
      );
      await expect(activateMember(t.db, { club, email: 'nobody@example.org' }, NOW)).rejects.toThrow(
        'No user with email nobody@example.org: they must sign up in the app first, then run this again',
      );
    });
  });

  describe('list', () => {
    it('lists clubs by name with active, inactive and pending members (declined not counted)', async () => {
      const t2 = await createTestApp({ now: NOW });
      try {
        const zulu = await createClub(t2.db, { name: 'zulu Gliders', time_zone: 'America/Vancouver' });
        const echo = await createClub(t2.db, { name: 'Echo Soaring' });
        await createPerson(t2.db, { club: echo });
        await createPerson(t2.db, { club: echo });
        await createPerson(t2.db, { club: echo, flags: { active_expiration: '2025-07-09' } });
        const pending = await createPerson(t2.db, {});
        const declined = await createPerson(t2.db, {});
        await t2.db
          .insertInto('pilot')
          .values([
            { club_id: echo, user_id: pending.userId, is_active: false },
            { club_id: echo, user_id: declined.userId, is_active: false, declined_at: new Date(NOW) },
            { club_id: zulu, user_id: pending.userId, is_active: false },
          ])
          .execute();
        expect(await listClubsWithCounts(t2.db, NOW)).toEqual([
          {
            id: echo,
            name: 'Echo Soaring',
            timeZone: 'America/Toronto',
            currency: 'CAD',
            activeMembers: 2,
            inactiveMembers: 1,
            pendingRequests: 1,
          },
          {
            id: zulu,
            name: 'zulu Gliders',
            timeZone: 'America/Vancouver',
            currency: 'CAD',
            activeMembers: 0,
            inactiveMembers: 0,
            pendingRequests: 1,
          },
        ]);
      } finally {
        await t2.close();
      }
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPilot } from '@flightline/domain/fixtures/admin-pilot';
import { NOT_ACTIVATED, refusal } from './helpers/api.ts';
import { createPerson, type Person } from './helpers/test-app.ts';
import { openTwoClubs, type TwoClubsAndPeople } from './helpers/clubs.ts';

const NOW = Date.parse('2025-07-10T15:00:00Z');
const ADMIN_ONLY = "Only an admin can change a member's qualifications or answer membership requests";

/**
 * update-item PILOT, the admin's shapes: qualifications (flags, active,
 * expiry) and the answer to a membership request.
 */
describe('admin edits of pilots through POST /api/update-item/ PILOT', () => {
  let { t, api, alpha, bravo, people, cookies } = {} as TwoClubsAndPeople;
  let admin: Person;
  let adminCookie: string;

  beforeAll(async () => {
    ({ t, api, alpha, bravo, people, cookies } = await openTwoClubs(
      { now: NOW },
      {
        people: (clubs) => ({
          admin: { club: clubs.alpha, first: 'Alex', last: 'Admin', flags: { is_admin: true } },
          otherAdmin: {
            club: clubs.alpha,
            flags: { is_admin: true },
            first: 'Olga',
            last: 'Otheradmin',
            email: 'otheradmin@example.org',
          },
          funds: {
            club: clubs.alpha,
            flags: { can_add_funds: true },
            first: 'Fred',
            last: 'Funds',
            email: 'funds@example.org',
          },
          gliders: {
            club: clubs.alpha,
            flags: { can_update_gliders: true },
            first: 'Gina',
            last: 'Gliders',
            email: 'gliders@example.org',
          },
          member: { club: clubs.alpha, first: 'Mary', last: 'Member', email: 'member@example.org' },
          inactiveAdmin: {
            club: clubs.alpha,
            flags: { is_admin: true, is_active: false },
            first: 'Ian',
            last: 'Inactive',
            email: 'inactiveadmin@example.org',
          },
          bravoAdmin: {
            club: clubs.bravo,
            flags: { is_admin: true },
            first: 'Bob',
            last: 'Bravo',
            email: 'bravoadmin@example.org',
          },
          bravoMember: { club: clubs.bravo, first: 'Bill', last: 'Bravo', email: 'bravomember@example.org' },
        }),
      },
    ));
    admin = people.admin!;
    adminCookie = cookies.admin!;
  });
  afterAll(() => t.close());

  const pilotRow = (club: string, userId: string) =>
    t.db.selectFrom('pilot').selectAll().where('club_id', '=', club).where('user_id', '=', userId).executeTakeFirst();
  const profileClub = async (userId: string) =>
    (await t.db.selectFrom('profile').select('active_club_id').where('user_id', '=', userId).executeTakeFirst())
      ?.active_club_id;
  const edit = (cookie: string, id: string, data: unknown, club?: string) =>
    api.post('/api/update-item/', { ...(club ? { club } : {}), type: 'PILOT', id, data }, cookie);
  const adminPilots = async () =>
    (await api.get('/api/serve-admin', adminCookie)).json().pilots as { userID: string; status: string }[];

  /** A person who asked to join Alpha and waits for an answer (no active club of their own). */
  async function pendingRequest(first: string): Promise<Person> {
    const person = await createPerson(t.db, { first, last: 'Pending' });
    await t.db
      .insertInto('pilot')
      .values({ club_id: alpha, user_id: person.userId, is_active: false, requested_at: new Date(NOW - 86_400_000) })
      .execute();
    return person;
  }

  describe('qualifications', () => {
    it(
      'an admin sets flags; only those change, and the answer is ' + 'the pilot as the Administration page shows them',
      async () => {
        const mary = people.member!;
        const before = await pilotRow(alpha, mary.userId);
        const response = await edit(adminCookie, mary.userId, {
          isInstructor: true,
          canAddFunds: true,
          isTowPilot: true,
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
          statusCode: 200,
          message: 'Pilot updated successfully',
          item: adminPilot({
            userID: mary.userId,
            email: 'member@example.org',
            isInstructor: true,
            isTowPilot: true,
            canAddFunds: true,
            requestedAt: before!.requested_at.getTime(),
          }),
        });
        expect(await pilotRow(alpha, mary.userId)).toEqual({
          ...before,
          is_instructor: true,
          can_add_funds: true,
          is_tow_pilot: true,
        });
      },
    );

    it("an expiry ends membership at the end of that day in the club's zone; Never (null) restores it", async () => {
      const mary = people.member!;
      const set = await edit(adminCookie, mary.userId, { activeExpiration: '2025-07-15' });
      expect(set.json().item).toMatchObject({ activeExpiration: '2025-07-15', status: 'active' });
      expect((await pilotRow(alpha, mary.userId))?.active_expiration).toBe('2025-07-15');
      // 23:59:59 in Toronto (EDT) on the 15th is 03:59:59Z on the 16th.
      t.clock.set(Date.parse('2025-07-16T03:59:59.999Z'));
      expect((await api.get('/api/get-club-info', cookies.member)).statusCode).toBe(200);
      t.clock.set(Date.parse('2025-07-16T04:00:00.000Z'));
      const refused = await api.get('/api/get-club-info', cookies.member);
      expect(refused.json()).toEqual(refusal(403, NOT_ACTIVATED));
      expect((await adminPilots()).find((p) => p.userID === mary.userId)?.status).toBe('inactive');
      const never = await edit(adminCookie, mary.userId, { activeExpiration: null });
      expect(never.json().item).toMatchObject({ activeExpiration: null, status: 'active' });
      expect((await api.get('/api/get-club-info', cookies.member)).statusCode).toBe(200);
      t.clock.set(NOW);
    });

    it('activating a never-activated row records when, and makes the club theirs if they have none', async () => {
      const paul = await pendingRequest('Paul');
      const response = await edit(adminCookie, paul.userId, { isActive: true, groundOnly: true });
      expect(response.statusCode).toBe(200);
      expect(response.json().item).toMatchObject({ status: 'active', isActive: true, groundOnly: true });
      expect(await pilotRow(alpha, paul.userId)).toMatchObject({
        is_active: true,
        ground_only: true,
        activated_at: new Date(NOW),
      });
      expect(await profileClub(paul.userId)).toBe(alpha);
    });

    it('re-activating a former member keeps their first activation time', async () => {
      const fred = people.funds!;
      const first = (await pilotRow(alpha, fred.userId))?.activated_at;
      await edit(adminCookie, fred.userId, { isActive: false });
      expect(await pilotRow(alpha, fred.userId)).toMatchObject({ is_active: false, activated_at: first });
      expect((await adminPilots()).find((p) => p.userID === fred.userId)?.status).toBe('inactive');
      await edit(adminCookie, fred.userId, { isActive: true });
      expect(await pilotRow(alpha, fred.userId)).toMatchObject({ is_active: true, activated_at: first });
    });

    it(
      'an admin cannot remove their own admin right nor deactivate ' +
        'themselves, by the switch or a past expiry (409)',
      async () => {
        const before = await pilotRow(alpha, admin.userId);
        const cases: [Record<string, unknown>, string][] = [
          [{ isAdmin: false }, 'You cannot remove your own admin rights'],
          [{ isAdmin: false, isInstructor: true }, 'You cannot remove your own admin rights'],
          [{ isActive: false }, 'You cannot deactivate yourself'],
          [{ activeExpiration: '2025-07-09' }, 'You cannot deactivate yourself'],
        ];
        for (const [data, message] of cases) {
          const response = await edit(adminCookie, admin.userId, data);
          expect(response.statusCode).toBe(409);
          expect(response.json()).toEqual(refusal(409, message));
        }
        expect(await pilotRow(alpha, admin.userId)).toEqual(before);
        // Their own flags otherwise, and an expiry still to come, are theirs to set.
        const own = await edit(adminCookie, admin.userId, { isInstructor: true, activeExpiration: '2025-12-31' });
        expect(own.statusCode).toBe(200);
        expect(await pilotRow(alpha, admin.userId)).toMatchObject({
          is_admin: true,
          is_instructor: true,
          active_expiration: '2025-12-31',
        });
      },
    );

    it("an admin may remove another admin's right", async () => {
      const olga = people.otherAdmin!;
      const response = await edit(adminCookie, olga.userId, { isAdmin: false });
      expect(response.statusCode).toBe(200);
      expect((await pilotRow(alpha, olga.userId))?.is_admin).toBe(false);
      await edit(adminCookie, olga.userId, { isAdmin: true });
    });

    it('everyone but an active admin is refused (403); nothing changes', async () => {
      const mary = people.member!;
      const before = await pilotRow(alpha, mary.userId);
      for (const role of ['funds', 'gliders', 'member']) {
        const response = await edit(cookies[role]!, mary.userId, { canEditLogs: true });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(refusal(403, ADMIN_ONLY));
      }
      // Even on one's own record: a member can't give themselves a right.
      const self = await edit(cookies.member!, mary.userId, { isAdmin: true });
      expect(self.json()).toEqual(refusal(403, ADMIN_ONLY));
      const inactive = await edit(cookies.inactiveAdmin!, mary.userId, { canEditLogs: true });
      expect(inactive.json()).toEqual(refusal(403, NOT_ACTIVATED));
      expect(await pilotRow(alpha, mary.userId)).toEqual(before);
    });

    it(
      "the target must be a pilot of the admin's club (404); " + "another club's admin can't reach Alpha's members",
      async () => {
        const mary = people.member!;
        const before = await pilotRow(alpha, mary.userId);
        const bravoMember = await edit(adminCookie, people.bravoMember!.userId, { isInstructor: true });
        expect(bravoMember.json()).toEqual(refusal(404, 'No such member at this club'));
        const nobody = await edit(adminCookie, '00000000-0000-0000-0000-000000000000', { isInstructor: true });
        expect(nobody.json()).toEqual(refusal(404, 'No such member at this club'));
        const named = await edit(cookies.bravoAdmin!, mary.userId, { isAdmin: true }, alpha);
        expect(named.json()).toEqual(refusal(403, 'That club is not your active club'));
        const unnamed = await edit(cookies.bravoAdmin!, mary.userId, { isAdmin: true });
        expect(unnamed.json()).toEqual(refusal(404, 'No such member at this club'));
        expect(await pilotRow(alpha, mary.userId)).toEqual(before);
        expect((await pilotRow(bravo, people.bravoMember!.userId))?.is_instructor).toBe(false);
      },
    );

    it('refuses malformed qualifications with the field at fault (400); nothing changes', async () => {
      const mary = people.member!;
      const before = await pilotRow(alpha, mary.userId);
      const cases: [Record<string, unknown>, string][] = [
        [{ activeExpiration: '15/07/2025' }, 'Invalid qualifications: activeExpiration: Enter a date'],
        [{ isAdmin: 'yes' }, 'Invalid qualifications: isAdmin: Invalid input: expected boolean, received string'],
        [{ isAdmin: true, weight: 80 }, 'Invalid qualifications: Unrecognized key: "weight"'],
      ];
      for (const [data, message] of cases) {
        const response = await edit(adminCookie, mary.userId, data);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual(refusal(400, message));
      }
      expect(await pilotRow(alpha, mary.userId)).toEqual(before);
    });
  });

  describe('membership decisions', () => {
    it('accept: active from now, the club becomes theirs if they have none, and they can use it', async () => {
      const anna = await pendingRequest('Anna');
      expect((await adminPilots()).find((p) => p.userID === anna.userId)?.status).toBe('pending');
      const response = await edit(adminCookie, anna.userId, { membership: 'accept' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        statusCode: 200,
        message: 'Membership accepted',
        item: {
          userID: anna.userId,
          first: 'Anna',
          last: 'Pending',
          isActive: true,
          status: 'active',
          requestedAt: NOW - 86_400_000,
        },
      });
      expect(await pilotRow(alpha, anna.userId)).toMatchObject({
        is_active: true,
        activated_at: new Date(NOW),
        declined_at: null,
      });
      expect(await profileClub(anna.userId)).toBe(alpha);
      const session = await api.get('/api/session', await t.signIn(anna.email));
      expect(session.json()).toMatchObject({ club: alpha, userIsActive: true });
    });

    it('accept leaves the active club of someone who already has one', async () => {
      const bill = people.bravoMember!;
      await t.db.insertInto('pilot').values({ club_id: alpha, user_id: bill.userId, is_active: false }).execute();
      await edit(adminCookie, bill.userId, { membership: 'accept' });
      expect(await profileClub(bill.userId)).toBe(bravo);
    });

    it('decline: the row stays with the time, the request leaves the lists, and the person may ask again', async () => {
      const dora = await pendingRequest('Dora');
      const response = await edit(adminCookie, dora.userId, { membership: 'decline' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        message: 'Membership request declined',
        item: { userID: dora.userId, isActive: false, status: 'inactive' },
      });
      expect(await pilotRow(alpha, dora.userId)).toMatchObject({
        is_active: false,
        activated_at: null,
        declined_at: new Date(NOW),
      });
      expect((await adminPilots()).map((p) => p.userID)).not.toContain(dora.userId);
      const doraCookie = await t.signIn(dora.email);
      expect((await api.get(`/api/get-pilot-clubs/${dora.userId}`, doraCookie)).json().clubs).toEqual([]);
      const again = await api.post(
        '/api/update-item/',
        {
          club: alpha,
          type: 'PILOT',
          id: dora.userId,
          data: { clubId: alpha, pilotId: dora.userId, first: 'Dora', last: 'Pending', createdAt: NOW },
        },
        doraCookie,
      );
      expect(again.statusCode).toBe(200);
      expect((await adminPilots()).find((p) => p.userID === dora.userId)?.status).toBe('pending');
    });

    it('only on a pending request (409): not on a member, not twice on a declined one', async () => {
      const mary = people.member!;
      const before = await pilotRow(alpha, mary.userId);
      for (const membership of ['accept', 'decline']) {
        const response = await edit(adminCookie, mary.userId, { membership });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual(
          refusal(409, 'That person is already a member: change their qualifications instead'),
        );
      }
      expect(await pilotRow(alpha, mary.userId)).toEqual(before);
      const eve = await pendingRequest('Eve');
      await edit(adminCookie, eve.userId, { membership: 'decline' });
      const declined = await pilotRow(alpha, eve.userId);
      const twice = await edit(adminCookie, eve.userId, { membership: 'accept' });
      expect(twice.json()).toEqual(refusal(409, 'That membership request was already declined'));
      expect(await pilotRow(alpha, eve.userId)).toEqual(declined);
      // Nor qualifications on a declined request: the person is not in the club.
      const qualified = await edit(adminCookie, eve.userId, { isActive: true });
      expect(qualified.json()).toEqual(refusal(404, 'No such member at this club'));
      expect(await pilotRow(alpha, eve.userId)).toEqual(declined);
    });

    it('admins only (403); a malformed answer is refused (400); nothing changes', async () => {
      const finn = await pendingRequest('Finn');
      const before = await pilotRow(alpha, finn.userId);
      for (const role of ['funds', 'gliders', 'member']) {
        const response = await edit(cookies[role]!, finn.userId, { membership: 'accept' });
        expect(response.json()).toEqual(refusal(403, ADMIN_ONLY));
      }
      const bravoAdmin = await edit(cookies.bravoAdmin!, finn.userId, { membership: 'accept' });
      expect(bravoAdmin.json()).toEqual(refusal(404, 'No such member at this club'));
      const bad = await edit(adminCookie, finn.userId, { membership: 'maybe' });
      expect(bad.json()).toEqual(
        refusal(400, 'Invalid membership decision: membership: Invalid option: expected one of "accept"|"decline"'),
      );
      const extra = await edit(adminCookie, finn.userId, { membership: 'accept', isAdmin: true });
      expect(extra.json()).toEqual(refusal(400, 'Invalid membership decision: Unrecognized key: "isAdmin"'));
      expect(await pilotRow(alpha, finn.userId)).toEqual(before);
    });
  });
});

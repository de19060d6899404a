import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_ACTIVATED, refusal } from './helpers/api.ts';
import { createPerson } from './helpers/test-app.ts';
import { insertBlockRules, insertItems, openTwoClubs, signInPeople, type TwoClubs } from './helpers/clubs.ts';

const NOW = Date.parse('2025-07-10T15:00:00Z');
const DELETE_DISABLED =
  'This function has been disabled. Set the item to Not Ready or Inactive ' +
  'instead (for pilots, deselect Active), then contact support.';

describe('GET /api/list-items/ and DELETE /api/delete/', () => {
  let { t, api, alpha, bravo } = {} as TwoClubs;
  let seasonBlock: string;
  const cookies: Record<string, string> = {};
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ({ t, api, alpha, bravo } = await openTwoClubs({ now: NOW }));
    await insertItems(t.db, {
      glider: [
        { club_id: alpha, id: 'C-GDS10', places: 2, status: 'Ready' },
        { club_id: alpha, id: 'C-GDS9', places: 1, status: 'Not ready' },
        { club_id: bravo, id: 'C-GBRV', status: 'Ready' },
      ],
      tug: [
        { club_id: alpha, id: 'C-FTOW', aircraft_type: 'Piper Pawnee', places: 1, status: 'Ready' },
        { club_id: bravo, id: 'C-FBRV' },
      ],
      launch_type: [
        { club_id: alpha, id: '2000 ft', kind: 'fixed', price_cents: 4000, height: 2000 },
        { club_id: alpha, id: 'Winch', kind: 'fixed', price_cents: 1500, height: 1200, is_active: false },
        { club_id: bravo, id: 'Bravo tow', kind: 'fixed' },
      ],
      intro_launch: [
        { club_id: alpha, id: 'Intro flight', launch_type_id: '2000 ft', price_cents: 15000 },
        { club_id: alpha, id: 'Winch intro', launch_type_id: 'Winch', price_cents: 9000, is_active: false },
      ],
    });
    [seasonBlock] = await insertBlockRules(t.db, [
      { club_id: alpha, name: 'Season', units: 'minutes', amount: 600 },
      { club_id: alpha, name: 'Old', units: '$', is_active: false },
      { club_id: bravo, name: 'Bravo block', units: 'unlimited' },
    ]);

    const signedIn = await signInPeople(t, {
      admin: { club: alpha, flags: { is_admin: true, is_instructor: true }, first: 'Alex', last: 'Admin' },
      tow: { club: alpha, flags: { is_tow_pilot: true }, first: 'Tom', last: 'Towpilot' },
      ground: { club: alpha, flags: { ground_only: true }, first: 'Gary', last: 'Ground' },
      member: { club: alpha, first: 'Mary', last: 'Member' },
      expired: { club: alpha, flags: { active_expiration: '2025-07-09' }, first: 'Ed', last: 'Expired' },
      inactive: { club: alpha, flags: { is_active: false }, first: 'Ivan', last: 'Inactive' },
      bravoMember: { club: bravo, first: 'Bill', last: 'Bravo' },
    });
    Object.assign(ids, signedIn.ids);
    Object.assign(cookies, signedIn.cookies);
    // Contact details never travel in this list.
    await t.db
      .updateTable('profile')
      .set({ phone: '555-0101', share_phone: true })
      .where('user_id', '=', ids.member!)
      .execute();
    // A pending request is not a member yet.
    const pending = await createPerson(t.db, { first: 'Pia', last: 'Pending' });
    await t.db.insertInto('pilot').values({ club_id: alpha, user_id: pending.userId }).execute();
  });
  afterAll(() => t.close());

  const list = (role: string, query: string) => api.get(`/api/list-items/?${query}`, cookies[role]);

  describe('list-items', () => {
    it(
      'GLIDER: every glider of the club, Not ready ones too, by ' +
        'registration (digits by value), for any active member',
      async () => {
        const response = await list('member', `club=${alpha}&type=GLIDER`);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
          items: [
            {
              id: 'C-GDS9',
              places: 1,
              weight: 0,
              rateCentsPerMinute: 0,
              launchSpeed: 0,
              status: 'Not ready',
              blocks: [],
              taxStatus: 'exempt',
              taxRates: [],
              aircraftType: '',
              maintenanceDate: null,
              flarmId: '',
            },
            {
              id: 'C-GDS10',
              places: 2,
              weight: 0,
              rateCentsPerMinute: 0,
              launchSpeed: 0,
              status: 'Ready',
              blocks: [],
              taxStatus: 'exempt',
              taxRates: [],
              aircraftType: '',
              maintenanceDate: null,
              flarmId: '',
            },
          ],
        });
      },
    );

    it('TUG: the club tugs', async () => {
      const response = await list('member', 'type=TUG');
      expect(response.json()).toEqual({
        items: [{ id: 'C-FTOW', aircraftType: 'Piper Pawnee', places: 1, status: 'Ready', flarmId: '' }],
      });
    });

    it('LAUNCH and INTRO_LAUNCH: active ones for members, inactive ones too for admins', async () => {
      const launches = (role: string) =>
        list(role, 'type=LAUNCH').then((r) => r.json().items.map((i: { id: string }) => i.id));
      const intros = (role: string) =>
        list(role, 'type=INTRO_LAUNCH').then((r) => r.json().items.map((i: { id: string }) => i.id));
      expect(await launches('member')).toEqual(['2000 ft']);
      expect(await launches('admin')).toEqual(['2000 ft', 'Winch']);
      expect(await intros('member')).toEqual(['Intro flight']);
      expect(await intros('admin')).toEqual(['Intro flight', 'Winch intro']);
      const full = await list('member', 'type=LAUNCH');
      expect(full.json().items[0]).toEqual({
        id: '2000 ft',
        kind: 'fixed',
        priceCents: 4000,
        height: 2000,
        heightRanges: [],
        taxStatus: 'exempt',
        taxRates: [],
        isActive: true,
      });
      const intro = await list('member', 'type=INTRO_LAUNCH');
      expect(intro.json().items).toEqual([
        { id: 'Intro flight', launch: '2000 ft', priceCents: 15000, taxStatus: 'exempt', taxRates: [], isActive: true },
      ]);
    });

    it('BLOCK: active rules only, for admins too', async () => {
      for (const role of ['member', 'admin']) {
        const response = await list(role, 'type=BLOCK');
        expect(response.json().items.map((b: { id: string; name: string }) => [b.id, b.name])).toEqual([
          [seasonBlock, 'Season'],
        ]);
      }
    });

    it(
      'PILOT: active members only (not expired, inactive or ' + 'pending), by last name, without contact data',
      async () => {
        const response = await list('member', 'type=PILOT');
        expect(response.json()).toEqual({
          items: [
            {
              userID: ids.admin,
              first: 'Alex',
              last: 'Admin',
              isInstructor: true,
              isTowPilot: false,
              groundOnly: false,
            },
            {
              userID: ids.ground,
              first: 'Gary',
              last: 'Ground',
              isInstructor: false,
              isTowPilot: false,
              groundOnly: true,
            },
            {
              userID: ids.member,
              first: 'Mary',
              last: 'Member',
              isInstructor: false,
              isTowPilot: false,
              groundOnly: false,
            },
            {
              userID: ids.tow,
              first: 'Tom',
              last: 'Towpilot',
              isInstructor: false,
              isTowPilot: true,
              groundOnly: false,
            },
          ],
        });
      },
    );

    it(
      'PILOT with includeInactive: every member the club has had ' +
        '(expired and inactive too, not pending), for admins only',
      async () => {
        const response = await list('admin', 'type=PILOT&includeInactive=true');
        expect(response.statusCode).toBe(200);
        expect(response.json().items.map((p: { first: string; last: string }) => `${p.first} ${p.last}`)).toEqual([
          'Alex Admin',
          'Ed Expired',
          'Gary Ground',
          'Ivan Inactive',
          'Mary Member',
          'Tom Towpilot',
        ]);
        expect(await list('member', 'type=PILOT&includeInactive=true')).toMatchObject({ statusCode: 403 });
        expect((await list('member', 'type=PILOT&includeInactive=true')).json()).toEqual(
          refusal(403, 'User is not authorized (603)'),
        );
        expect((await list('admin', 'type=GLIDER&includeInactive=true')).json()).toEqual(
          refusal(400, 'includeInactive is for type PILOT'),
        );
        expect((await list('admin', 'type=PILOT&includeInactive=yes')).json()).toEqual(
          refusal(400, 'Invalid query: includeInactive: Use true or false'),
        );
      },
    );

    it('an unknown or missing type, or a malformed day, is refused (400)', async () => {
      const cases: [string, string][] = [
        ['type=FLIGHT&day=2025-07-32', 'Invalid query: day: Use a date like 2025-07-10'],
        [
          'type=WIDGET',
          'Unknown item type WIDGET: list one of GLIDER, TUG, LAUNCH, INTRO_LAUNCH, BLOCK, PILOT, FLIGHT',
        ],
        ['type=INTRO', 'Unknown item type INTRO: list one of GLIDER, TUG, LAUNCH, INTRO_LAUNCH, BLOCK, PILOT, FLIGHT'],
        ['club=', 'Invalid query: type: Invalid input: expected string, received undefined'],
        ['type=GLIDER&day=10/07/2025', 'Invalid query: day: Use a date like 2025-07-10'],
      ];
      for (const [query, message] of cases) {
        const response = await list('member', query);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual(refusal(400, message));
      }
    });

    it('each club sees only its own items; naming another club is refused (403)', async () => {
      const named = await list('bravoMember', `club=${alpha}&type=GLIDER`);
      expect(named.json()).toEqual(refusal(403, 'That club is not your active club'));
      const types = ['GLIDER', 'TUG', 'LAUNCH', 'BLOCK', 'PILOT', 'INTRO_LAUNCH'];
      const seen = await Promise.all(
        types.map((type) => list('bravoMember', `type=${type}`).then((r) => r.json().items)),
      );
      expect(
        seen.map((items: { id?: string; name?: string; first?: string }[]) =>
          items.map((i) => i.name ?? i.first ?? i.id),
        ),
      ).toEqual([['C-GBRV'], ['C-FBRV'], ['Bravo tow'], ['Bravo block'], ['Bill'], []]);
    });

    it('inactive and expired members are refused (403); no session answers 401', async () => {
      for (const role of ['inactive', 'expired']) {
        const response = await list(role, 'type=GLIDER');
        expect(response.json()).toEqual(refusal(403, NOT_ACTIVATED));
      }
      expect((await api.get('/api/list-items/?type=GLIDER')).statusCode).toBe(401);
    });
  });

  describe('delete', () => {
    const counts = async () => ({
      glider: (await t.db.selectFrom('glider').select('id').execute()).length,
      pilot: (await t.db.selectFrom('pilot').select('user_id').execute()).length,
      block: (await t.db.selectFrom('block_rule').select('id').execute()).length,
    });

    it('is disabled for everyone, admins too (403), and deletes nothing', async () => {
      const before = await counts();
      const cases: [string, string][] = [
        ['admin', `club=${alpha}&object=GLIDER&item=C-GDS9`],
        ['admin', `object=PILOT&item=${ids.member}`],
        ['admin', `object=BLOCK&item=${seasonBlock}`],
        ['admin', `object=FLIGHT&item=f1&date=2025-07-10`],
        ['member', `object=GLIDER&item=C-GDS9`],
      ];
      for (const [role, query] of cases) {
        const response = await api.delete(`/api/delete/?${query}`, cookies[role]);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(refusal(403, DELETE_DISABLED));
      }
      expect(await counts()).toEqual(before);
    });

    it('naming another club, or an inactive caller, is refused first; no session answers 401', async () => {
      const named = await api.delete(`/api/delete/?club=${alpha}&object=GLIDER&item=C-GDS9`, cookies.bravoMember);
      expect(named.json()).toEqual(refusal(403, 'That club is not your active club'));
      const inactive = await api.delete('/api/delete/?object=GLIDER&item=C-GDS9', cookies.inactive);
      expect(inactive.json()).toEqual(refusal(403, NOT_ACTIVATED));
      expect((await api.delete('/api/delete/?object=GLIDER&item=C-GDS9')).statusCode).toBe(401);
    });
  });
});

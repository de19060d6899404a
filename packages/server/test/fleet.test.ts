import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_DEFAULTS, GLIDER_DEFAULTS } from '@flightline/domain/schemas/fleet';
import { NOT_ACTIVATED, NOT_YOUR_CLUB, refusal } from './helpers/api.ts';

import { insertBlockRules, openTwoClubs, signInPeople, type TwoClubs } from './helpers/clubs.ts';

const NOW = Date.parse('2025-07-10T15:00:00Z');
const GLIDER_RIGHT = 'Only an admin or a member who can update gliders can create or change gliders';
const ADMIN_DETAILS = 'Only an admin can change glider details other than status and maintenance date';

/**
 * update-item GLIDER, TUG, LAUNCH, INTRO_LAUNCH, BLOCK: who may create and
 * change each item, the defaults of a create, the checks of the shared
 * schemas and the cross-item checks — and that a refused or invalid call
 * changes nothing.
 */
describe('fleet items through POST /api/update-item/', () => {
  let { t, api, alpha, bravo } = {} as TwoClubs;
  let alphaBlock: string;
  let bravoBlock: string;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    ({ t, api, alpha, bravo } = await openTwoClubs({ now: NOW }));
    await t.db
      .updateTable('club')
      .set({ tax_rates: JSON.stringify({ HST: 0.13, GST: 0.05 }) })
      .where('id', '=', alpha)
      .execute();
    // Bravo measures heights in metres.
    await t.db
      .updateTable('club')
      .set({ height_unit: 'm', tax_rates: JSON.stringify({ GST: 0.05 }) })
      .where('id', '=', bravo)
      .execute();
    [alphaBlock, bravoBlock] = await insertBlockRules(t.db, [
      { club_id: alpha, name: 'Season 600 min', units: 'minutes', amount: 600 },
      { club_id: bravo, name: 'Bravo block', units: 'minutes', amount: 300 },
    ]);
    await t.db
      .insertInto('launch_type')
      .values([
        { club_id: alpha, id: '2000 ft', kind: 'fixed', price_cents: 4000, height: 2000 },
        { club_id: bravo, id: 'Winch', kind: 'fixed', price_cents: 1500, height: 400 },
      ])
      .execute();
    Object.assign(
      cookies,
      (
        await signInPeople(t, {
          admin: { club: alpha, flags: { is_admin: true } },
          gliders: { club: alpha, flags: { can_update_gliders: true } },
          funds: { club: alpha, flags: { can_add_funds: true } },
          intros: { club: alpha, flags: { can_add_intros: true } },
          logs: { club: alpha, flags: { can_edit_logs: true } },
          member: { club: alpha },
          inactiveAdmin: { club: alpha, flags: { is_admin: true, is_active: false } },
          expiredAdmin: { club: alpha, flags: { is_admin: true, active_expiration: '2025-07-09' } },
          bravoAdmin: { club: bravo, flags: { is_admin: true } },
        })
      ).cookies,
    );
  });
  afterAll(() => t.close());

  const save = (role: string, type: string, id: string, data: unknown, club?: string) =>
    api.post('/api/update-item/', { ...(club ? { club } : {}), type, id, data }, cookies[role]);
  const gliderRow = (club: string, id: string) =>
    t.db.selectFrom('glider').selectAll().where('club_id', '=', club).where('id', '=', id).executeTakeFirst();
  const tugRow = (club: string, id: string) =>
    t.db.selectFrom('tug').selectAll().where('club_id', '=', club).where('id', '=', id).executeTakeFirst();
  const launchRow = (club: string, id: string) =>
    t.db.selectFrom('launch_type').selectAll().where('club_id', '=', club).where('id', '=', id).executeTakeFirst();
  const introLaunchRow = (club: string, id: string) =>
    t.db.selectFrom('intro_launch').selectAll().where('club_id', '=', club).where('id', '=', id).executeTakeFirst();
  const blockRow = (club: string, id: string) =>
    t.db.selectFrom('block_rule').selectAll().where('club_id', '=', club).where('id', '=', id).executeTakeFirst();
  const count = async (table: 'glider' | 'tug' | 'launch_type' | 'intro_launch' | 'block_rule') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function insertGlider(club: string, id: string, values: Record<string, unknown> = {}) {
    await t.db
      .insertInto('glider')
      .values({
        club_id: club,
        id,
        places: 2,
        weight_kg: 390,
        rate_cents_per_minute: 60,
        launch_speed_kn: 55,
        status: 'Ready',
        ...values,
      })
      .execute();
  }

  describe('GLIDER', () => {
    it('a new glider takes the defaults: weight 0, places 1, rate 0, launch speed 0, Not ready', async () => {
      const response = await save('admin', 'GLIDER', 'C-GNEW', {}, alpha);
      expect(response.statusCode).toBe(200);
      const item = { id: 'C-GNEW', ...GLIDER_DEFAULTS };
      expect(response.json()).toEqual({ statusCode: 200, message: 'Glider created successfully', item });
      expect(await gliderRow(alpha, 'C-GNEW')).toEqual({
        club_id: alpha,
        id: 'C-GNEW',
        places: 1,
        weight_kg: 0,
        rate_cents_per_minute: 0,
        launch_speed_kn: 0,
        status: 'Not ready',
        block_rule_ids: [],
        tax_status: 'exempt',
        tax_names: [],
        created_at: expect.any(Date),
        aircraft_type: '',
        maintenance_date: null,
        flarm_id: null,
      });
    });

    it('a holder of Can Update Gliders creates a glider with every field', async () => {
      const data = {
        places: 2,
        weight: 390,
        rateCentsPerMinute: 65,
        launchSpeed: 60,
        status: 'Ready',
        blocks: [alphaBlock],
        taxStatus: 'exclusive',
        taxRates: ['HST'],
      };
      const response = await save('gliders', 'GLIDER', 'C-GDUO', data);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        statusCode: 200,
        message: 'Glider created successfully',
        item: { id: 'C-GDUO', ...data, aircraftType: '', maintenanceDate: null, flarmId: '' },
      });
      expect(await gliderRow(alpha, 'C-GDUO')).toMatchObject({
        places: 2,
        weight_kg: 390,
        rate_cents_per_minute: 65,
        launch_speed_kn: 60,
        status: 'Ready',
        block_rule_ids: [alphaBlock],
        tax_status: 'exclusive',
        tax_names: ['HST'],
      });
    });

    it('a holder of Can Update Gliders changes the status, and only the status', async () => {
      await insertGlider(alpha, 'C-GSTA');
      const before = await gliderRow(alpha, 'C-GSTA');
      const response = await save('gliders', 'GLIDER', 'C-GSTA', { status: 'Not ready' });
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe('Glider updated successfully');
      expect(response.json().item).toMatchObject({ id: 'C-GSTA', status: 'Not ready', rateCentsPerMinute: 60 });
      expect(await gliderRow(alpha, 'C-GSTA')).toEqual({ ...before, status: 'Not ready' });
    });

    it(
      'a holder of Can Update Gliders may not change other details ' +
        '(403), alone or with the status; nothing changes',
      async () => {
        await insertGlider(alpha, 'C-GRAT');
        const before = await gliderRow(alpha, 'C-GRAT');
        for (const data of [{ rateCentsPerMinute: 99 }, { status: 'Not ready', places: 1 }, { blocks: [alphaBlock] }]) {
          const response = await save('gliders', 'GLIDER', 'C-GRAT', data);
          expect(response.statusCode).toBe(403);
          expect(response.json()).toEqual(refusal(403, ADMIN_DETAILS));
        }
        expect(await gliderRow(alpha, 'C-GRAT')).toEqual(before);
      },
    );

    it('an admin changes any detail; only the fields sent are written', async () => {
      await insertGlider(alpha, 'C-GADM', { tax_status: 'exclusive', tax_names: ['HST'] });
      const before = await gliderRow(alpha, 'C-GADM');
      const response = await save('admin', 'GLIDER', 'C-GADM', {
        rateCentsPerMinute: 75,
        taxRates: ['HST', 'GST'],
        blocks: [alphaBlock],
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        statusCode: 200,
        message: 'Glider updated successfully',
        item: {
          id: 'C-GADM',
          places: 2,
          weight: 390,
          rateCentsPerMinute: 75,
          launchSpeed: 55,
          status: 'Ready',
          blocks: [alphaBlock],
          taxStatus: 'exclusive',
          taxRates: ['HST', 'GST'],
          aircraftType: '',
          maintenanceDate: null,
          flarmId: '',
        },
      });
      expect(await gliderRow(alpha, 'C-GADM')).toEqual({
        ...before,
        rate_cents_per_minute: 75,
        tax_names: ['HST', 'GST'],
        block_rule_ids: [alphaBlock],
      });
    });

    it(
      'members without the right (add funds, add intros, edit logs, ' +
        'none) can neither create nor change gliders (403)',
      async () => {
        await insertGlider(alpha, 'C-GNOR');
        const before = await gliderRow(alpha, 'C-GNOR');
        for (const role of ['funds', 'intros', 'logs', 'member']) {
          const create = await save(role, 'GLIDER', 'C-GNOT', { places: 2 });
          expect(create.statusCode).toBe(403);
          expect(create.json()).toEqual(refusal(403, GLIDER_RIGHT));
          const change = await save(role, 'GLIDER', 'C-GNOR', { status: 'Not ready' });
          expect(change.statusCode).toBe(403);
          expect(change.json()).toEqual(refusal(403, GLIDER_RIGHT));
        }
        expect(await gliderRow(alpha, 'C-GNOT')).toBeUndefined();
        expect(await gliderRow(alpha, 'C-GNOR')).toEqual(before);
      },
    );

    it('an inactive or expired admin is refused as not activated (403)', async () => {
      await insertGlider(alpha, 'C-GINA');
      const before = await gliderRow(alpha, 'C-GINA');
      for (const role of ['inactiveAdmin', 'expiredAdmin']) {
        const change = await save(role, 'GLIDER', 'C-GINA', { rateCentsPerMinute: 1 });
        expect(change.statusCode).toBe(403);
        expect(change.json()).toEqual(refusal(403, NOT_ACTIVATED));
        const create = await save(role, 'GLIDER', 'C-GIN2', {});
        expect(create.statusCode).toBe(403);
      }
      expect(await gliderRow(alpha, 'C-GINA')).toEqual(before);
      expect(await gliderRow(alpha, 'C-GIN2')).toBeUndefined();
    });

    it(
      "another club's admin can't name club A (403), and the same " + 'registration in club B is a separate glider',
      async () => {
        await insertGlider(alpha, 'C-GTWO');
        const before = await gliderRow(alpha, 'C-GTWO');
        const named = await save('bravoAdmin', 'GLIDER', 'C-GTWO', { rateCentsPerMinute: 1 }, alpha);
        expect(named.statusCode).toBe(403);
        expect(named.json()).toEqual(refusal(403, NOT_YOUR_CLUB));
        // Without a club parameter the call is about Bravo: it creates Bravo's own C-GTWO.
        const own = await save('bravoAdmin', 'GLIDER', 'C-GTWO', { rateCentsPerMinute: 1 });
        expect(own.statusCode).toBe(200);
        expect(own.json().message).toBe('Glider created successfully');
        expect(await gliderRow(alpha, 'C-GTWO')).toEqual(before);
        expect(await gliderRow(bravo, 'C-GTWO')).toMatchObject({
          club_id: bravo,
          rate_cents_per_minute: 1,
          places: 1,
          status: 'Not ready',
        });
        const again = await save('bravoAdmin', 'GLIDER', 'C-GTWO', { places: 2 });
        expect(again.json().message).toBe('Glider updated successfully');
        expect(await gliderRow(alpha, 'C-GTWO')).toEqual(before);
      },
    );

    it("a glider can't list another club's block rule, nor an unknown one (400)", async () => {
      await insertGlider(alpha, 'C-GBLK');
      const before = await gliderRow(alpha, 'C-GBLK');
      for (const id of [bravoBlock, 'nope']) {
        const response = await save('admin', 'GLIDER', 'C-GBLK', { blocks: [alphaBlock, id] });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual(refusal(400, `Unknown block rule ${id}`));
      }
      expect(await gliderRow(alpha, 'C-GBLK')).toEqual(before);
    });

    it('refuses invalid data with the field at fault (400), on create and on update; nothing changes', async () => {
      await insertGlider(alpha, 'C-GBAD');
      const before = await gliderRow(alpha, 'C-GBAD');
      const gliders = await count('glider');
      const cases: [Record<string, unknown>, string][] = [
        [{ places: 0 }, 'Invalid glider: places: Seats must be 1-4'],
        [{ places: 5 }, 'Invalid glider: places: Seats must be 1-4'],
        [{ rateCentsPerMinute: -1 }, 'Invalid glider: rateCentsPerMinute: Must not be negative'],
        [{ rateCentsPerMinute: 0.5 }, 'Invalid glider: rateCentsPerMinute: Enter a whole number of cents'],
        [{ status: 'Flying' }, 'Invalid glider: status: Invalid option: expected one of "Ready"|"Not ready"'],
        [
          { taxStatus: 'zero-rated' },
          'Invalid glider: taxStatus: Invalid option: expected one of "exempt"|"inclusive"|"exclusive"',
        ],
        [{ colour: 'white' }, 'Invalid glider: Unrecognized key: "colour"'],
        [{ taxRates: ['PST'] }, 'Unknown tax PST'],
      ];
      for (const [data, message] of cases) {
        for (const id of ['C-GBAD', 'C-GNEVER']) {
          const response = await save('admin', 'GLIDER', id, data);
          expect(response.statusCode).toBe(400);
          expect(response.json()).toEqual(refusal(400, message));
        }
      }
      const empty = await save('admin', 'GLIDER', 'C-GBAD', {});
      expect(empty.json()).toEqual(refusal(400, 'Invalid glider: Nothing to change'));
      const long = await save('admin', 'GLIDER', 'C-'.padEnd(21, 'X'), {});
      expect(long.json()).toEqual(refusal(400, 'Invalid glider: id: Registration must be at most 20 characters'));
      const notObject = await save('admin', 'GLIDER', 'C-GBAD', 'places=2');
      expect(notObject.json()).toEqual(refusal(400, 'Invalid glider: Invalid input: expected object, received string'));
      expect(await gliderRow(alpha, 'C-GBAD')).toEqual(before);
      expect(await count('glider')).toBe(gliders);
    });

    it(
      "nobody sets a glider Flying, and a flying glider's status waits " +
        'for its landing (409); other details may change',
      async () => {
        await insertGlider(alpha, 'C-GFLY', { status: 'Flying' });
        const before = await gliderRow(alpha, 'C-GFLY');
        for (const [role, status] of [
          ['admin', 'Ready'],
          ['admin', 'Not ready'],
          ['gliders', 'Not ready'],
        ] as const) {
          const response = await save(role, 'GLIDER', 'C-GFLY', { status });
          expect(response.statusCode).toBe(409);
          expect(response.json()).toEqual(refusal(409, 'The glider is flying; it becomes Ready when it lands'));
        }
        expect(await gliderRow(alpha, 'C-GFLY')).toEqual(before);
        const rate = await save('admin', 'GLIDER', 'C-GFLY', { rateCentsPerMinute: 70 });
        expect(rate.statusCode).toBe(200);
        expect(await gliderRow(alpha, 'C-GFLY')).toEqual({ ...before, rate_cents_per_minute: 70 });
      },
    );

    it('lists a tax or a block once even when sent twice', async () => {
      const response = await save('admin', 'GLIDER', 'C-GDUP', {
        taxRates: ['HST', 'HST'],
        blocks: [alphaBlock, alphaBlock],
      });
      expect(response.statusCode).toBe(200);
      expect(await gliderRow(alpha, 'C-GDUP')).toMatchObject({ tax_names: ['HST'], block_rule_ids: [alphaBlock] });
    });
  });

  describe('TUG (admin only)', () => {
    it('a new tug takes the defaults (Not ready, 1 seat, no type); an update writes only what was sent', async () => {
      const created = await save('admin', 'TUG', 'C-FTUG', {});
      expect(created.json()).toEqual({
        statusCode: 200,
        message: 'Tug created successfully',
        item: { id: 'C-FTUG', aircraftType: '', places: 1, status: 'Not ready', flarmId: '' },
      });
      expect(await tugRow(alpha, 'C-FTUG')).toEqual({
        club_id: alpha,
        id: 'C-FTUG',
        aircraft_type: '',
        places: 1,
        status: 'Not ready',
        created_at: expect.any(Date),
        flarm_id: null,
      });
      const updated = await save('admin', 'TUG', 'C-FTUG', { aircraftType: 'Piper Pawnee', status: 'Ready' });
      expect(updated.json()).toEqual({
        statusCode: 200,
        message: 'Tug updated successfully',
        item: { id: 'C-FTUG', aircraftType: 'Piper Pawnee', places: 1, status: 'Ready', flarmId: '' },
      });
    });

    it(
      'empty data ({}) is no fields: a create takes every default, an ' +
        'update has nothing to change (null data: see below)',
      async () => {
        const created = await save('admin', 'TUG', 'C-FBARE', {});
        expect(created.json()).toMatchObject({
          message: 'Tug created successfully',
          item: { id: 'C-FBARE', places: 1, status: 'Not ready' },
        });
        const again = await save('admin', 'TUG', 'C-FBARE', {});
        expect(again.json()).toEqual(refusal(400, 'Invalid tug: Nothing to change'));
      },
    );

    it('everyone else is refused (403), holders of Can Update Gliders too; nothing changes', async () => {
      const before = await tugRow(alpha, 'C-FTUG');
      for (const role of ['gliders', 'funds', 'intros', 'member']) {
        for (const id of ['C-FTUG', 'C-FNEW']) {
          const response = await save(role, 'TUG', id, { status: 'Not ready' });
          expect(response.statusCode).toBe(403);
          expect(response.json()).toEqual(refusal(403, 'Only an admin can create or change tugs'));
        }
      }
      expect(await tugRow(alpha, 'C-FTUG')).toEqual(before);
      expect(await tugRow(alpha, 'C-FNEW')).toBeUndefined();
    });

    it('refuses seats out of 1-4 and a Flying status (400); nothing changes', async () => {
      const before = await tugRow(alpha, 'C-FTUG');
      const cases: [Record<string, unknown>, string][] = [
        [{ places: 0 }, 'Invalid tug: places: Seats must be 1-4'],
        [{ places: 5 }, 'Invalid tug: places: Seats must be 1-4'],
        [{ status: 'Flying' }, 'Invalid tug: status: Invalid option: expected one of "Ready"|"Not ready"'],
      ];
      for (const [data, message] of cases) {
        const response = await save('admin', 'TUG', 'C-FTUG', data);
        expect(response.json()).toEqual(refusal(400, message));
      }
      expect(await tugRow(alpha, 'C-FTUG')).toEqual(before);
    });
  });

  describe('LAUNCH (admin only)', () => {
    const ranges = [
      { start: 0, end: 1000, per: 1000, costCents: 3000 },
      { start: 1000, end: 5000, per: 100, costCents: 250 },
    ];

    it('creates a fixed launch with the defaults for what is not sent', async () => {
      const response = await save('admin', 'LAUNCH', '3000 ft', { priceCents: 5000, height: 3000 });
      const item = {
        id: '3000 ft',
        kind: 'fixed',
        priceCents: 5000,
        height: 3000,
        heightRanges: [],
        taxStatus: 'exempt',
        taxRates: [],
        isActive: true,
      };
      expect(response.json()).toEqual({ statusCode: 200, message: 'Launch created successfully', item });
      expect(await launchRow(alpha, '3000 ft')).toEqual({
        club_id: alpha,
        id: '3000 ft',
        kind: 'fixed',
        price_cents: 5000,
        height: 3000,
        height_ranges: [],
        tax_status: 'exempt',
        tax_names: [],
        is_active: true,
        created_at: expect.any(Date),
      });
    });

    it('creates a variable launch with its ranges, and deactivates it later', async () => {
      const response = await save('admin', 'LAUNCH', 'Variable', {
        kind: 'variable',
        heightRanges: ranges,
        taxStatus: 'exclusive',
        taxRates: ['HST'],
      });
      expect(response.statusCode).toBe(200);
      expect(await launchRow(alpha, 'Variable')).toMatchObject({
        kind: 'variable',
        price_cents: 0,
        height: null,
        height_ranges: ranges,
        tax_names: ['HST'],
      });
      const off = await save('admin', 'LAUNCH', 'Variable', { isActive: false });
      expect(off.json()).toMatchObject({
        message: 'Launch updated successfully',
        item: { id: 'Variable', isActive: false, heightRanges: ranges },
      });
    });

    it(
      "refuses each of the four height-range problems, in the club's " +
        'unit, and a variable launch with no ranges (400)',
      async () => {
        const before = await launchRow(alpha, 'Variable');
        const launches = await count('launch_type');
        const cases: [unknown[], string][] = [
          [[{ start: 1000, end: 1000, per: 100, costCents: 100 }], '"To" height must be greater than "From" height'],
          [[{ start: 0, end: 100, per: 200, costCents: 100 }], '"Per" segment cannot be larger than the range'],
          [[{ start: 0, end: 1000, per: 0, costCents: 100 }], 'Cost must be "per" at least 1 ft'],
          [
            [
              { start: 0, end: 1000, per: 100, costCents: 100 },
              { start: 500, end: 1500, per: 100, costCents: 100 },
            ],
            'Height ranges can only overlap by one',
          ],
          [[], 'A variable launch needs at least one height range'],
        ];
        for (const [heightRanges, message] of cases) {
          const create = await save('admin', 'LAUNCH', 'Bad', { kind: 'variable', heightRanges });
          expect(create.statusCode).toBe(400);
          expect(create.json()).toEqual(refusal(400, message));
          const update = await save('admin', 'LAUNCH', 'Variable', { heightRanges });
          expect(update.json()).toEqual(refusal(400, message));
        }
        // The merged launch is checked: a fixed launch switched to variable without ranges.
        const switched = await save('admin', 'LAUNCH', '3000 ft', { kind: 'variable' });
        expect(switched.json()).toEqual(refusal(400, 'A variable launch needs at least one height range'));
        // Ranges sharing one boundary point are fine.
        const shared = await save('admin', 'LAUNCH', 'Variable', { heightRanges: ranges.slice(0, 1) });
        expect(shared.statusCode).toBe(200);
        expect(await launchRow(alpha, 'Variable')).toEqual({ ...before, height_ranges: ranges.slice(0, 1) });
        expect(await launchRow(alpha, 'Bad')).toBeUndefined();
        expect(await count('launch_type')).toBe(launches);
      },
    );

    it('a club measuring in metres gets the message in metres', async () => {
      const response = await save('bravoAdmin', 'LAUNCH', 'Aerotow', {
        kind: 'variable',
        heightRanges: [{ start: 0, end: 300, per: 0, costCents: 100 }],
      });
      expect(response.json()).toEqual(refusal(400, 'Cost must be "per" at least 1 m'));
    });

    it('refuses a negative price, an unknown tax and a non-admin; nothing changes', async () => {
      const before = await launchRow(alpha, '3000 ft');
      const price = await save('admin', 'LAUNCH', '3000 ft', { priceCents: -100 });
      expect(price.json()).toEqual(refusal(400, 'Invalid launch: priceCents: Must not be negative'));
      const tax = await save('admin', 'LAUNCH', '3000 ft', { taxRates: ['PST'] });
      expect(tax.json()).toEqual(refusal(400, 'Unknown tax PST'));
      for (const role of ['gliders', 'funds', 'intros', 'member']) {
        const response = await save(role, 'LAUNCH', '3000 ft', { priceCents: 1 });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(refusal(403, 'Only an admin can create or change launch types'));
      }
      expect(await launchRow(alpha, '3000 ft')).toEqual(before);
    });

    it('refuses a label longer than 40 characters (400)', async () => {
      const response = await save('admin', 'LAUNCH', 'L'.repeat(41), {});
      expect(response.json()).toEqual(refusal(400, 'Invalid launch: id: Launch label must be at most 40 characters'));
    });
  });

  describe('INTRO_LAUNCH (admin only)', () => {
    it('creates an intro launch on a launch type of the club, with defaults for tax and active', async () => {
      const response = await save('admin', 'INTRO_LAUNCH', 'Intro flight', { launch: '2000 ft', priceCents: 15000 });
      expect(response.json()).toEqual({
        statusCode: 200,
        message: 'Intro launch created successfully',
        item: {
          id: 'Intro flight',
          launch: '2000 ft',
          priceCents: 15000,
          taxStatus: 'exempt',
          taxRates: [],
          isActive: true,
        },
      });
      expect(await introLaunchRow(alpha, 'Intro flight')).toEqual({
        club_id: alpha,
        id: 'Intro flight',
        launch_type_id: '2000 ft',
        price_cents: 15000,
        tax_status: 'exempt',
        tax_names: [],
        is_active: true,
        created_at: expect.any(Date),
      });
      const updated = await save('admin', 'INTRO_LAUNCH', 'Intro flight', {
        taxStatus: 'inclusive',
        taxRates: ['HST'],
        isActive: false,
      });
      expect(updated.json().message).toBe('Intro launch updated successfully');
      expect(await introLaunchRow(alpha, 'Intro flight')).toMatchObject({
        tax_status: 'inclusive',
        tax_names: ['HST'],
        is_active: false,
        price_cents: 15000,
      });
    });

    it(
      'needs a launch and a price to create; refuses an unknown launch ' +
        "type (another club's too), exclusive tax, a non-admin",
      async () => {
        const before = await introLaunchRow(alpha, 'Intro flight');
        const cases: [string, Record<string, unknown>, string][] = [
          [
            'New intro',
            { launch: '2000 ft' },
            'Invalid intro launch: priceCents: Invalid input: expected number, received undefined',
          ],
          [
            'New intro',
            { priceCents: 100 },
            'Invalid intro launch: launch: Invalid input: expected string, received undefined',
          ],
          ['New intro', { launch: 'Winch', priceCents: 100 }, 'Unknown launch type Winch'],
          ['Intro flight', { launch: 'Winch' }, 'Unknown launch type Winch'],
          [
            'Intro flight',
            { taxStatus: 'exclusive' },
            'Invalid intro launch: taxStatus: Invalid option: expected one of "exempt"|"inclusive"',
          ],
          ['Intro flight', { priceCents: -1 }, 'Invalid intro launch: priceCents: Must not be negative'],
          ['Intro flight', { taxRates: ['PST'] }, 'Unknown tax PST'],
        ];
        for (const [id, data, message] of cases) {
          const response = await save('admin', 'INTRO_LAUNCH', id, data);
          expect(response.statusCode).toBe(400);
          expect(response.json()).toEqual(refusal(400, message));
        }
        for (const role of ['intros', 'funds', 'gliders', 'member']) {
          const response = await save(role, 'INTRO_LAUNCH', 'Intro flight', { priceCents: 1 });
          expect(response.json()).toEqual(refusal(403, 'Only an admin can create or change intro launches'));
        }
        expect(await introLaunchRow(alpha, 'Intro flight')).toEqual(before);
        expect(await introLaunchRow(alpha, 'New intro')).toBeUndefined();
      },
    );
  });

  describe('BLOCK (admin only)', () => {
    let created: string;

    it("creates a rule for id 'new' with the defaults; the server gives the id", async () => {
      const response = await save('admin', 'BLOCK', 'new', {
        name: 'Summer 10 h',
        amount: 600,
        blockPriceCents: 30000,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      created = body.item.id;
      expect(created).toMatch(/^[0-9a-f-]{36}$/);
      expect(body).toEqual({
        statusCode: 200,
        message: 'Block created successfully',
        item: { ...BLOCK_DEFAULTS, id: created, name: 'Summer 10 h', amount: 600, blockPriceCents: 30000 },
      });
      expect(await blockRow(alpha, created)).toMatchObject({
        name: 'Summer 10 h',
        units: 'minutes',
        amount: 600,
        price_cents: 30000,
        excess_multiplier: expect.anything(),
      });
    });

    it('an id the club does not have also creates a new rule, with its own id', async () => {
      const response = await save('admin', 'BLOCK', bravoBlock, { name: 'Copied id', units: '$', amount: 10000 });
      expect(response.json().message).toBe('Block created successfully');
      const id = response.json().item.id;
      expect(id).not.toBe(bravoBlock);
      expect(await blockRow(alpha, id)).toMatchObject({ name: 'Copied id', units: '$', amount: 10000 });
      expect(await blockRow(bravo, bravoBlock)).toMatchObject({ name: 'Bravo block' });
    });

    it('updates only the fields sent', async () => {
      const before = await blockRow(alpha, created);
      const response = await save('admin', 'BLOCK', created, {
        name: 'Summer 12 h',
        maxFlightUnits: 120,
        excessMultiplier: 1.5,
        taxStatus: 'exclusive',
        taxRates: ['HST'],
      });
      expect(response.json()).toMatchObject({
        message: 'Block updated successfully',
        item: {
          id: created,
          name: 'Summer 12 h',
          amount: 600,
          maxFlightUnits: 120,
          excessMultiplier: 1.5,
          taxRates: ['HST'],
        },
      });
      const after = await blockRow(alpha, created);
      expect({ ...after, excess_multiplier: Number(after?.excess_multiplier) }).toEqual({
        ...before,
        name: 'Summer 12 h',
        max_flight_units: 120,
        excess_multiplier: 1.5,
        tax_status: 'exclusive',
        tax_names: ['HST'],
      });
    });

    it(
      'needs a name to create; refuses bad values, unknown taxes ' + 'and non-admins (the seller too); nothing changes',
      async () => {
        const before = await blockRow(alpha, created);
        const rules = await count('block_rule');
        const cases: [string, Record<string, unknown>, string][] = [
          ['new', { units: 'minutes' }, 'Invalid block: name: Invalid input: expected string, received undefined'],
          ['new', { name: '  ' }, 'Invalid block: name: Name is required'],
          [
            created,
            { units: 'hours' },
            'Invalid block: units: Invalid option: expected one of "unlimited"|"$"|"minutes"',
          ],
          [created, { blockPriceCents: -1 }, 'Invalid block: blockPriceCents: Must not be negative'],
          [created, { taxRates: ['PST'] }, 'Unknown tax PST'],
          ['new', { name: 'Taxed', taxRates: ['PST'] }, 'Unknown tax PST'],
          ['new', { name: 'Coloured', colour: 'red' }, 'Invalid block: Unrecognized key: "colour"'],
          [
            created,
            { excessMultiplier: 1.0005 },
            'Invalid block: excessMultiplier: Invalid number: must be a multiple of 0.001',
          ],
        ];
        for (const [id, data, message] of cases) {
          const response = await save('admin', 'BLOCK', id, data);
          expect(response.statusCode).toBe(400);
          expect(response.json()).toEqual(refusal(400, message));
        }
        for (const role of ['funds', 'gliders', 'intros', 'member']) {
          for (const id of [created, 'new']) {
            const response = await save(role, 'BLOCK', id, { name: 'Mine' });
            expect(response.json()).toEqual(refusal(403, 'Only an admin can create or change block rules'));
          }
        }
        expect(await blockRow(alpha, created)).toEqual(before);
        expect(await count('block_rule')).toBe(rules);
      },
    );
  });

  describe('no data (null or missing)', () => {
    const noData = (type: string) => refusal(400, `Invalid body: data: Required: send the ${type} fields as an object`);
    const tables = [
      ['GLIDER', 'C-GNUL', 'glider'],
      ['TUG', 'C-FNUL', 'tug'],
      ['LAUNCH', 'Null launch', 'launch_type'],
      ['INTRO_LAUNCH', 'Null intro', 'intro_launch'],
      ['BLOCK', 'new', 'block_rule'],
    ] as const;

    it('is refused (400) for every item type, creating nothing, whoever asks', async () => {
      for (const [type, id, table] of tables) {
        const rows = await count(table);
        for (const role of ['admin', 'gliders']) {
          const isNull = await save(role, type, id, null, alpha);
          expect(isNull.statusCode).toBe(400);
          expect(isNull.json()).toEqual(noData(type));
          const missing = await api.post('/api/update-item/', { club: alpha, type, id }, cookies[role]);
          expect(missing.statusCode).toBe(400);
          expect(missing.json()).toEqual(noData(type));
        }
        expect(await count(table)).toBe(rows);
      }
    });

    it('is refused (400) for an existing item too, which stays as it was', async () => {
      await insertGlider(alpha, 'C-GHAS');
      const before = await gliderRow(alpha, 'C-GHAS');
      expect((await save('admin', 'GLIDER', 'C-GHAS', null)).json()).toEqual(noData('GLIDER'));
      expect((await api.post('/api/update-item/', { type: 'GLIDER', id: 'C-GHAS' }, cookies.admin)).json()).toEqual(
        noData('GLIDER'),
      );
      expect(await gliderRow(alpha, 'C-GHAS')).toEqual(before);
    });
  });

  it(
    "another club's admin can't change any of club A's items " + 'through its id (each call is about their own club)',
    async () => {
      const before = {
        tug: await tugRow(alpha, 'C-FTUG'),
        launch: await launchRow(alpha, '3000 ft'),
        intro: await introLaunchRow(alpha, 'Intro flight'),
        block: await blockRow(alpha, alphaBlock),
      };
      for (const [type, id, data] of [
        ['TUG', 'C-FTUG', { places: 2 }],
        ['LAUNCH', '3000 ft', { priceCents: 1 }],
        ['INTRO_LAUNCH', 'Intro flight', { priceCents: 1 }],
        ['BLOCK', alphaBlock, { name: 'Hijack' }],
      ] as const) {
        const named = await save('bravoAdmin', type, id, data, alpha);
        expect(named.json()).toEqual(refusal(403, NOT_YOUR_CLUB));
      }
      // Unnamed, the block id is not Bravo's: a new Bravo rule is made, and Alpha's stays.
      const block = await save('bravoAdmin', 'BLOCK', alphaBlock, { name: 'Hijack' });
      expect(block.json().message).toBe('Block created successfully');
      expect(await blockRow(bravo, block.json().item.id)).toMatchObject({ club_id: bravo, name: 'Hijack' });
      expect({
        tug: await tugRow(alpha, 'C-FTUG'),
        launch: await launchRow(alpha, '3000 ft'),
        intro: await introLaunchRow(alpha, 'Intro flight'),
        block: await blockRow(alpha, alphaBlock),
      }).toEqual(before);
    },
  );
});

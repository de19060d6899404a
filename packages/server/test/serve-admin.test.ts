import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPilot } from '@flightline/domain/fixtures/admin-pilot';
import type { AdminPilot } from '@flightline/domain/api/types';
import { BLOCK_DEFAULTS } from '@flightline/domain/schemas/fleet';
import { NOT_AUTHORIZED, refusal } from './helpers/api.ts';
import { createPerson, type Flags } from './helpers/test-app.ts';
import { insertBlockRules, insertItems, openTwoClubs, type TwoClubs } from './helpers/clubs.ts';

const NOW = Date.parse('2025-07-10T15:00:00Z');

/**
 * GET /api/serve-admin: each section's list only for the rights that
 * section needs (docs/clubs-and-members.md), the club's settings for every
 * caller let in; nothing of another club.
 */
describe('GET /api/serve-admin', () => {
  let { t, api, alpha, bravo } = {} as TwoClubs;
  let seasonBlock: string;
  let oldBlock: string;
  let introId: string;
  const cookies: Record<string, string> = {};
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ({ t, api, alpha, bravo } = await openTwoClubs({ now: NOW }));
    await t.db
      .updateTable('club')
      .set({
        tax_rates: JSON.stringify({ HST: 0.13 }),
        payment_methods: ['Cash', 'E-Transfer'],
        membership_year_end: '03-31',
        height_unit: 'm',
      })
      .where('id', '=', alpha)
      .execute();
    await insertItems(t.db, {
      glider: [
        { club_id: alpha, id: 'C-GDSB', places: 2, status: 'Ready', rate_cents_per_minute: 50 },
        {
          club_id: alpha,
          id: 'C-GDSA',
          places: 2,
          status: 'Not ready',
          rate_cents_per_minute: 60,
          tax_status: 'exclusive',
          tax_names: ['HST'],
        },
        { club_id: bravo, id: 'C-GBRV' },
      ],
      tug: [
        { club_id: alpha, id: 'C-FTOW', aircraft_type: 'Piper Pawnee', places: 1, status: 'Ready' },
        { club_id: bravo, id: 'C-FBRV' },
      ],
      launch_type: [
        { club_id: alpha, id: '600 m', kind: 'fixed', price_cents: 4000, height: 600 },
        { club_id: alpha, id: 'Winch', kind: 'fixed', price_cents: 1500, height: 300, is_active: false },
        { club_id: bravo, id: 'Bravo tow', kind: 'fixed', price_cents: 3000, height: 600 },
      ],
      intro_launch: [
        {
          club_id: alpha,
          id: 'Intro flight',
          launch_type_id: '600 m',
          price_cents: 15000,
          tax_status: 'inclusive',
          tax_names: ['HST'],
        },
        { club_id: alpha, id: 'Old intro', launch_type_id: 'Winch', price_cents: 9000, is_active: false },
        { club_id: bravo, id: 'Bravo intro', launch_type_id: 'Bravo tow', price_cents: 12000 },
      ],
    });
    [seasonBlock, oldBlock] = await insertBlockRules(t.db, [
      { club_id: alpha, name: 'Season', units: 'minutes', amount: 600 },
      { club_id: alpha, name: 'Old block', units: '$', amount: 10000, is_active: false },
      { club_id: bravo, name: 'Bravo block', units: 'unlimited' },
    ]);
    introId = (
      await t.db
        .insertInto('intro')
        .values({
          club_id: alpha,
          sn: 'ABC234',
          recipient_first: 'Rita',
          recipient_last: 'Recipient',
          buyer_first: 'Ben',
          buyer_last: 'Buyer',
          buyer_email: 'ben@example.org',
          launch_type: 'Intro flight',
          price_cents: 15000,
          payment: 'Cash',
          purchase_date: '2025-07-01',
          stale_date: '2026-07-01',
          tax_status: 'inclusive',
          tax_names: ['HST'],
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

    const people: [string, string, Flags, string, string, Date | null][] = [
      ['admin', alpha, { is_admin: true }, 'Alex', 'Admin', new Date(NOW - 3_600_000)],
      ['gliders', alpha, { can_update_gliders: true }, 'Gina', 'Gliders', new Date(NOW - 3_600_000)],
      ['funds', alpha, { can_add_funds: true }, 'Fred', 'Funds', new Date(NOW - 3_600_000)],
      ['intros', alpha, { can_add_intros: true }, 'Ivy', 'Intros', new Date(NOW - 3_600_000)],
      ['logs', alpha, { can_edit_logs: true }, 'Liam', 'Logs', new Date(NOW - 3_600_000)],
      ['member', alpha, {}, 'Mary', 'member', new Date(NOW - 3_600_000)],
      [
        'expiredAdmin',
        alpha,
        { is_admin: true, active_expiration: '2025-07-09' },
        'Ed',
        'Expired',
        new Date(NOW - 3_600_000),
      ],
      ['bravoAdmin', bravo, { is_admin: true }, 'Bob', 'Bravo', new Date(NOW - 3_600_000)],
    ];
    for (const [role, club, flags, first, last, activated] of people) {
      const person = await createPerson(t.db, {
        club,
        flags: { ...flags, activated_at: activated } as Flags,
        first,
        last,
        email: `${role}@example.org`,
      });
      await t.db
        .updateTable('pilot')
        .set({ requested_at: new Date(NOW - 7_200_000) })
        .where('user_id', '=', person.userId)
        .execute();
      ids[role] = person.userId;
      cookies[role] = await t.signIn(person.email);
    }
    const pending = await createPerson(t.db, { first: 'Pia', last: 'Pending', email: 'pending@example.org' });
    await t.db
      .insertInto('pilot')
      .values({ club_id: alpha, user_id: pending.userId, requested_at: new Date(NOW - 60_000) })
      .execute();
    ids.pending = pending.userId;
    const declined = await createPerson(t.db, { first: 'Dan', last: 'Declined', email: 'declined@example.org' });
    await t.db
      .insertInto('pilot')
      .values({ club_id: alpha, user_id: declined.userId, declined_at: new Date(NOW - 60_000) })
      .execute();
    // Who shares their email (the directory's choice): Gina (active), Ed (expired) and Pia (a pending request).
    await t.db
      .updateTable('profile')
      .set({ share_email: true })
      .where('user_id', 'in', [ids.gliders!, ids.expiredAdmin!, ids.pending!])
      .execute();
  });
  afterAll(() => t.close());

  const serve = (role: string, club?: string) =>
    api.get(`/api/serve-admin${club ? `?club=${club}` : ''}`, cookies[role]);

  const settings = {
    paymentMethods: ['Cash', 'E-Transfer'],
    heightUnit: 'm',
    taxRates: { HST: 0.13 },
    membershipYearEnd: '03-31',
  };
  const gliders = [
    {
      id: 'C-GDSA',
      places: 2,
      weight: 0,
      rateCentsPerMinute: 60,
      launchSpeed: 0,
      status: 'Not ready',
      blocks: [],
      taxStatus: 'exclusive',
      taxRates: ['HST'],
      aircraftType: '',
      maintenanceDate: null,
      flarmId: '',
    },
    {
      id: 'C-GDSB',
      places: 2,
      weight: 0,
      rateCentsPerMinute: 50,
      launchSpeed: 0,
      status: 'Ready',
      blocks: [],
      taxStatus: 'exempt',
      taxRates: [],
      aircraftType: '',
      maintenanceDate: null,
      flarmId: '',
    },
  ];
  const activeIntroLaunch = {
    id: 'Intro flight',
    launch: '600 m',
    priceCents: 15000,
    taxStatus: 'inclusive',
    taxRates: ['HST'],
    isActive: true,
  };
  const inactiveIntroLaunch = {
    id: 'Old intro',
    launch: 'Winch',
    priceCents: 9000,
    taxStatus: 'exempt',
    taxRates: [],
    isActive: false,
  };
  /** A block rule listed with the defaults of a new rule but for these. */
  const block = (id: string, name: string, units: string, amount: number, active: boolean) => ({
    ...BLOCK_DEFAULTS,
    id,
    name,
    units,
    amount,
    active,
  });
  const intro = () => ({
    id: introId,
    SN: 'ABC234',
    recipientFirst: 'Rita',
    recipientLast: 'Recipient',
    recipientEmail: '',
    buyerFirst: 'Ben',
    buyerLast: 'Buyer',
    buyerEmail: 'ben@example.org',
    launchType: 'Intro flight',
    priceCents: 15000,
    payment: 'Cash',
    paymentRef: '',
    date: '2025-07-01',
    note: '',
    staleDate: '2026-07-01',
    flightRef: '',
    taxStatus: 'inclusive',
    taxRates: ['HST'],
    refunded: false,
    cancelled: false,
  });
  const pilot = (
    role: string,
    first: string,
    last: string,
    status: AdminPilot['status'],
    values: Partial<AdminPilot> = {},
  ) =>
    adminPilot({
      userID: ids[role],
      first,
      last,
      email: `${role.toLowerCase()}@example.org`,
      status,
      requestedAt: NOW - 7_200_000,
      ...values,
    });

  it('an admin gets every list of the club, inactive items included, pilots by last then first name', async () => {
    const response = await serve('admin', alpha);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      gliders,
      tugs: [{ id: 'C-FTOW', aircraftType: 'Piper Pawnee', places: 1, status: 'Ready', flarmId: '' }],
      launches: [
        {
          id: '600 m',
          kind: 'fixed',
          priceCents: 4000,
          height: 600,
          heightRanges: [],
          taxStatus: 'exempt',
          taxRates: [],
          isActive: true,
        },
        {
          id: 'Winch',
          kind: 'fixed',
          priceCents: 1500,
          height: 300,
          heightRanges: [],
          taxStatus: 'exempt',
          taxRates: [],
          isActive: false,
        },
      ],
      introLaunches: [activeIntroLaunch, inactiveIntroLaunch],
      blocks: [block(oldBlock, 'Old block', '$', 10000, false), block(seasonBlock, 'Season', 'minutes', 600, true)],
      pilots: [
        pilot('admin', 'Alex', 'Admin', 'active', { isAdmin: true }),
        pilot('bravoAdmin', 'Bob', 'Bravo', 'active', { isAdmin: true }),
        pilot('expiredAdmin', 'Ed', 'Expired', 'inactive', { isAdmin: true, activeExpiration: '2025-07-09' }),
        pilot('funds', 'Fred', 'Funds', 'active', { canAddFunds: true }),
        pilot('gliders', 'Gina', 'Gliders', 'active', { canUpdateGliders: true }),
        pilot('intros', 'Ivy', 'Intros', 'active', { canAddIntros: true }),
        pilot('logs', 'Liam', 'Logs', 'active', { canEditLogs: true }),
        pilot('member', 'Mary', 'member', 'active'),
        pilot('pending', 'Pia', 'Pending', 'pending', {
          email: 'pending@example.org',
          isActive: false,
          requestedAt: NOW - 60_000,
        }),
      ].filter((p) => p.userID !== ids.bravoAdmin),
      intros: [intro()],
      ...settings,
    });
  });

  it('Can Update Gliders: the gliders only', async () => {
    const response = await serve('gliders');
    expect(response.json()).toEqual({
      gliders,
      tugs: [],
      launches: [],
      introLaunches: [],
      blocks: [],
      pilots: [],
      intros: [],
      ...settings,
    });
  });

  it('Can Add Funds: the pilots, and the active block rules it sells', async () => {
    const body = (await serve('funds')).json();
    expect(body).toMatchObject({ gliders: [], tugs: [], launches: [], introLaunches: [], intros: [], ...settings });
    expect(body.blocks).toEqual([block(seasonBlock, 'Season', 'minutes', 600, true)]);
    expect(body.pilots.map((p: { first: string }) => p.first)).toEqual([
      'Alex',
      'Ed',
      'Fred',
      'Gina',
      'Ivy',
      'Liam',
      'Mary',
      'Pia',
    ]);
  });

  it(
    'a right holder who is not an admin sees login emails as the directory ' +
      "shows them: their own, and active members' who share it",
    async () => {
      const emails = Object.fromEntries(
        ((await serve('funds')).json().pilots as { first: string; email: string }[]).map((p) => [p.first, p.email]),
      );
      expect(emails).toEqual({
        Alex: '',
        // Shares, but is no active member: not in the directory.
        Ed: '',
        Fred: 'funds@example.org',
        Gina: 'gliders@example.org',
        Ivy: '',
        Liam: '',
        Mary: '',
        Pia: '',
      });
      // An admin sees every one, shared or not (the first test lists them all).
      const all = ((await serve('admin')).json().pilots as { email: string }[]).map((p) => p.email);
      expect(all).toEqual(
        ['admin', 'expiredadmin', 'funds', 'gliders', 'intros', 'logs', 'member', 'pending'].map(
          (role) => `${role}@example.org`,
        ),
      );
    },
  );

  it('Can Add Intros: the intros, and the active intro launches', async () => {
    const response = await serve('intros');
    expect(response.json()).toEqual({
      gliders: [],
      tugs: [],
      launches: [],
      introLaunches: [activeIntroLaunch],
      blocks: [],
      pilots: [],
      intros: [intro()],
      ...settings,
    });
  });

  it('a member with none of those rights (Can Edit Logs alone, or none) is not authorized (603)', async () => {
    for (const role of ['logs', 'member']) {
      const response = await serve(role);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(refusal(403, NOT_AUTHORIZED));
    }
  });

  it('an expired admin is refused as not activated; no session answers 401', async () => {
    const expired = await serve('expiredAdmin');
    expect(expired.json()).toEqual(
      refusal(
        403,
        'Your account has not been activated at this club, Contact a club admin to have your account activated.',
      ),
    );
    expect((await api.get('/api/serve-admin')).statusCode).toBe(401);
  });

  it("another club's admin: 403 naming club A; otherwise only their own club's items", async () => {
    const named = await serve('bravoAdmin', alpha);
    expect(named.json()).toEqual(refusal(403, 'That club is not your active club'));
    const own = (await serve('bravoAdmin', bravo)).json();
    expect(own.gliders.map((g: { id: string }) => g.id)).toEqual(['C-GBRV']);
    expect(own.tugs.map((g: { id: string }) => g.id)).toEqual(['C-FBRV']);
    expect(own.launches.map((g: { id: string }) => g.id)).toEqual(['Bravo tow']);
    expect(own.introLaunches.map((g: { id: string }) => g.id)).toEqual(['Bravo intro']);
    expect(own.blocks.map((g: { name: string }) => g.name)).toEqual(['Bravo block']);
    expect(own.pilots.map((p: { first: string }) => p.first)).toEqual(['Bob']);
    expect(own.intros).toEqual([]);
    expect(own).toMatchObject({ heightUnit: 'ft', taxRates: {}, membershipYearEnd: '12-31' });
  });

  it('lists refunded and cancelled intros with their state, newest purchase first', async () => {
    await t.db
      .insertInto('intro')
      .values([
        {
          club_id: alpha,
          sn: 'REF567',
          recipient_first: 'Rob',
          recipient_last: 'Refunded',
          launch_type: 'Intro flight',
          price_cents: 15000,
          purchase_date: '2025-07-05',
          stale_date: '2026-07-05',
          refunded_at: new Date(NOW),
        },
        {
          club_id: alpha,
          sn: 'CAN789',
          recipient_first: 'Cat',
          recipient_last: 'Cancelled',
          launch_type: 'Intro flight',
          price_cents: 15000,
          purchase_date: '2025-06-01',
          stale_date: '2025-07-01',
          cancelled_at: new Date(NOW),
          flight_ref: 'flight-1',
        },
      ])
      .execute();
    const intros = (await serve('intros')).json().intros as {
      SN: string;
      refunded: boolean;
      cancelled: boolean;
      flightRef: string;
    }[];
    expect(intros.map(({ SN, refunded, cancelled, flightRef }) => ({ SN, refunded, cancelled, flightRef }))).toEqual([
      { SN: 'REF567', refunded: true, cancelled: false, flightRef: '' },
      { SN: 'ABC234', refunded: false, cancelled: false, flightRef: '' },
      { SN: 'CAN789', refunded: false, cancelled: true, flightRef: 'flight-1' },
    ]);
  });
});

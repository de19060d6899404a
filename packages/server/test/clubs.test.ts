import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, refusal } from './helpers/api.ts';
import { createClub, createPerson, createTestApp, type TestApp } from './helpers/test-app.ts';
import { insertItems } from './helpers/clubs.ts';
import { lockDateValues } from '../src/modules/clubs/repo.ts';

const UNSAFE_MESSAGE =
  '<p>Field opens at ' +
  '<strong>9:00</strong></p><script>alert(1)</script><img ' +
  'src="https://example.org/a.png" onerror="alert(2)">';
// A remote image is dropped: pages load images from this site only (img-src 'self').
const SAFE_MESSAGE = '<p>Field opens at <strong>9:00</strong></p>';

describe('club calls: list-clubs, get-club-info, get-club-payment-methods', () => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  let alpha: string;
  let bravo: string;
  let charlie: string;
  let member: string;
  let inactive: string;
  let clubless: string;

  beforeAll(async () => {
    t = await createTestApp();
    api = apiClient(t);
    // Created out of order and in mixed case: the list is sorted by name, ignoring case.
    charlie = await createClub(t.db, { name: 'Charlie Club' });
    bravo = await createClub(t.db, { name: 'bravo Gliding' });
    alpha = await createClub(t.db, {
      name: 'Alpha Soaring',
      message: UNSAFE_MESSAGE,
      warning_level_cents: 5000,
      minimum_level_cents: 1000,
    });
    await t.db
      .updateTable('club')
      .set({
        short_name: 'ASC',
        link: 'https://alpha.example.org',
        tax_rates: JSON.stringify({ HST: 0.13 }),
        fee_list: ['Membership', 'Hangar'],
        payment_methods: ['Cash', 'E-Transfer'],
        ...lockDateValues('2025-12-31', 'America/Toronto'),
        intro_stale_days: 180,
      })
      .where('id', '=', alpha)
      .execute();
    await insertItems(t.db, {
      launch_type: [
        { club_id: alpha, id: '2000 ft', kind: 'fixed', price_cents: 4000, height: 2000 },
        { club_id: alpha, id: 'Winch', kind: 'fixed', price_cents: 1500, height: 1200, is_active: false },
        { club_id: bravo, id: 'Bravo tow', kind: 'fixed', price_cents: 3000, height: 2000 },
      ],
    });
    member = (await createPerson(t.db, { club: alpha, email: 'mary@example.org' })).email;
    inactive = (await createPerson(t.db, { club: alpha, email: 'ivan@example.org', flags: { is_active: false } }))
      .email;
    clubless = (await createPerson(t.db, { email: 'nina@example.org' })).email;
  });
  afterAll(() => t.close());

  it('list-clubs answers 401 without a session', async () => {
    const response = await api.get('/api/list-clubs');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(refusal(401, 'Please log in'));
  });

  it('list-clubs lists every club by name, ignoring case, to any signed-in user (even with no club)', async () => {
    const response = await api.get('/api/list-clubs', await t.signIn(clubless));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      clubs: [
        { id: alpha, name: 'Alpha Soaring', shortName: 'ASC' },
        { id: bravo, name: 'bravo Gliding', shortName: '' },
        { id: charlie, name: 'Charlie Club', shortName: '' },
      ],
    });
  });

  it(
    "get-club-info answers the active club's settings: levels in " +
      'cents, active launch types only, sanitised message',
    async () => {
      const response = await api.get(`/api/get-club-info?club=${alpha}`, await t.signIn(member));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: alpha,
        name: 'Alpha Soaring',
        shortName: 'ASC',
        clubLink: 'https://alpha.example.org',
        clubLogo: '',
        message: SAFE_MESSAGE,
        timeZone: 'America/Toronto',
        currency: 'CAD',
        heightUnit: 'ft',
        transactionLockDate: '2025-12-31',
        introStalePeriod: 180,
        taxRates: { HST: 0.13 },
        membershipYearEnd: '12-31',
        feeList: ['Membership', 'Hangar'],
        units: { launch: ['2000 ft'] },
        warningLevelCents: 5000,
        minimumLevelCents: 1000,
        paymentMethods: ['Cash', 'E-Transfer'],
        lateEntryMinutes: 30,
      });
    },
  );

  it('get-club-info without a club parameter reads the active club', async () => {
    const response = await api.get('/api/get-club-info', await t.signIn(member));
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(alpha);
  });

  it('the session carries the same sanitised club message: no <script>, no onerror=', async () => {
    const response = await api.get('/api/session', await t.signIn(member));
    expect(response.json().clubMessage).toBe(SAFE_MESSAGE);
    expect(response.body).not.toContain('<script');
    expect(response.body).not.toContain('onerror');
  });

  it('a club parameter naming another club is refused with 403 (the club of a call is the active club)', async () => {
    const cookie = await t.signIn(member);
    for (const url of [`/api/get-club-info?club=${bravo}`, `/api/get-club-payment-methods?club=${bravo}`]) {
      const response = await api.get(url, cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(refusal(403, 'That club is not your active club'));
    }
  });

  it('get-club-payment-methods answers the active club’s methods', async () => {
    const response = await api.get(`/api/get-club-payment-methods?club=${alpha}`, await t.signIn(member));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ paymentMethods: ['Cash', 'E-Transfer'] });
  });

  it('club calls refuse an inactive member with the not-activated notice', async () => {
    const cookie = await t.signIn(inactive);
    for (const url of ['/api/get-club-info', '/api/get-club-payment-methods']) {
      const response = await api.get(url, cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(
        'Your account has not been activated at this club, Contact a club admin to have your account activated.',
      );
    }
  });

  it('club calls refuse a user with no active club, saying how to get one', async () => {
    const response = await api.get('/api/get-club-info', await t.signIn(clubless));
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(
      'Your account does not have an active club, go to settings, request membership at a club, ' +
        'select it as the active club, and a club admin must activate the account.',
    );
  });

  it('a club parameter longer than 100 characters is malformed (400)', async () => {
    const response = await api.get(`/api/get-club-info?club=${'x'.repeat(101)}`, await t.signIn(member));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(
      refusal(400, 'Invalid query: club: Too big: expected string to have <=100 characters'),
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal } from './helpers/api.ts';

import { NEW_ALPHA_SETTINGS, openTwoClubs, type TwoClubsAndPeople } from './helpers/clubs.ts';
import { OGN_DEFAULTS } from '@flightline/domain/ogn/settings';

const UNSAFE_MESSAGE =
  '<p>Field opens at <strong>9:00</strong></p><script>alert(1)</script><a href="javascript:alert(2)">x</a>';
const SAFE_MESSAGE = '<p>Field opens at <strong>9:00</strong></p><a rel="noopener noreferrer" target="_blank">x</a>';
const ADMIN_ONLY = 'Only an admin can see or change the club settings';

describe('club settings: GET /api/get-club-settings, POST /api/update-club-settings', () => {
  let { t, api, alpha, cookies } = {} as TwoClubsAndPeople;

  const settings = {
    name: 'Alpha Soaring Club',
    shortName: 'ASC',
    clubLink: 'https://alpha.example.org',
    clubLogo: '',
    message: UNSAFE_MESSAGE,
    timeZone: 'America/Vancouver',
    currency: 'CAD',
    heightUnit: 'm',
    taxRates: { HST: 0.13, GST: 0.05 },
    membershipYearEnd: '03-31',
    warningLevelCents: 5000,
    minimumLevelCents: -1000,
    paymentMethods: ['Cash', 'E-Transfer'],
  };

  beforeAll(async () => {
    ({ t, api, alpha, cookies } = await openTwoClubs(
      {},
      {
        people: (clubs) => ({
          admin: { club: clubs.alpha, flags: { is_admin: true } },
          funds: { club: clubs.alpha, flags: { can_add_funds: true } },
          gliders: { club: clubs.alpha, flags: { can_update_gliders: true } },
          member: { club: clubs.alpha },
          inactiveAdmin: { club: clubs.alpha, flags: { is_admin: true, is_active: false } },
          bravoAdmin: { club: clubs.bravo, flags: { is_admin: true } },
        }),
      },
    ));
  });
  afterAll(() => t.close());

  const clubRow = (id: string) => t.db.selectFrom('club').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const update = (role: string, body: Record<string, unknown>) =>
    api.post('/api/update-club-settings', body, cookies[role]);
  /** An admin's update refused with exactly `status` and `message`, the club row left as it was. */
  const refusedUnchanged = async (body: Record<string, unknown>, status: number, message: string) => {
    const before = await clubRow(alpha);
    const response = await update('admin', body);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual(refusal(status, message));
    expect(await clubRow(alpha)).toEqual(before);
  };

  it("an admin reads the club's settings", async () => {
    const response = await api.get(`/api/get-club-settings?club=${alpha}`, cookies.admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(NEW_ALPHA_SETTINGS);
  });

  it(
    'an admin replaces them: stored and answered as sent (the ' + 'message as written); members are shown it sanitised',
    async () => {
      const response = await update('admin', { club: alpha, ...settings });
      expect(response.statusCode).toBe(200);
      // An app that does not send the late-entry allowance or the OGN feed's settings keeps the club's (a new club's:
      // 30
      // minutes, feed off).
      expect(response.json()).toEqual({ ...settings, lateEntryMinutes: 30, ogn: OGN_DEFAULTS });
      expect(await clubRow(alpha)).toMatchObject({
        name: 'Alpha Soaring Club',
        short_name: 'ASC',
        link: 'https://alpha.example.org',
        logo: '',
        message: UNSAFE_MESSAGE,
        time_zone: 'America/Vancouver',
        currency: 'CAD',
        height_unit: 'm',
        tax_rates: { HST: 0.13, GST: 0.05 },
        membership_year_end: '03-31',
        warning_level_cents: 5000,
        minimum_level_cents: -1000,
        payment_methods: ['Cash', 'E-Transfer'],
      });
      // The editor gets the source back; everything that renders it gets it sanitised.
      const read = await api.get('/api/get-club-settings', cookies.admin);
      expect(read.json().message).toBe(UNSAFE_MESSAGE);
      const info = await api.get('/api/get-club-info', cookies.member);
      expect(info.json()).toMatchObject({
        name: 'Alpha Soaring Club',
        message: SAFE_MESSAGE,
        timeZone: 'America/Vancouver',
        heightUnit: 'm',
      });
      const session = await api.get('/api/session', cookies.admin);
      expect(session.json()).toMatchObject({ clubName: 'Alpha Soaring Club', clubMessage: SAFE_MESSAGE });
    },
  );

  it('the late-entry allowance: stored and answered when sent, kept when not', async () => {
    const set = await update('admin', { ...settings, lateEntryMinutes: 45 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ lateEntryMinutes: 45 });
    expect((await clubRow(alpha)).late_entry_minutes).toBe(45);
    const kept = await update('admin', settings);
    expect(kept.json()).toMatchObject({ lateEntryMinutes: 45 });
    expect((await api.get('/api/get-club-settings', cookies.admin)).json()).toMatchObject({ lateEntryMinutes: 45 });
    expect((await api.get('/api/get-club-info', cookies.member)).json()).toMatchObject({ lateEntryMinutes: 45 });
    await update('admin', { ...settings, lateEntryMinutes: 30 });
  });

  it('everyone but an active admin is refused (403), and nothing changes', async () => {
    const before = await clubRow(alpha);
    for (const role of ['funds', 'gliders', 'member']) {
      const read = await api.get('/api/get-club-settings', cookies[role]);
      expect(read.json()).toEqual(refusal(403, ADMIN_ONLY));
      const write = await update(role, { ...settings, name: 'Taken Over' });
      expect(write.json()).toEqual(refusal(403, ADMIN_ONLY));
    }
    const inactive = await update('inactiveAdmin', { ...settings, name: 'Taken Over' });
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json().message).toBe(
      'Your account has not been activated at this club, Contact a club admin to have your account activated.',
    );
    const otherClub = await update('bravoAdmin', { club: alpha, ...settings, name: 'Taken Over' });
    expect(otherClub.json()).toEqual(refusal(403, 'That club is not your active club'));
    const otherRead = await api.get(`/api/get-club-settings?club=${alpha}`, cookies.bravoAdmin);
    expect(otherRead.json()).toEqual(refusal(403, 'That club is not your active club'));
    expect(await clubRow(alpha)).toEqual(before);
  });

  it('refuses an unknown time zone (400)', async () => {
    await refusedUnchanged({ ...settings, timeZone: 'Mars/Olympus_Mons' }, 400, 'Unknown time zone Mars/Olympus_Mons');
  });

  it("refuses another club's name in any case (409); a change of case of one's own name is fine", async () => {
    await refusedUnchanged({ ...settings, name: 'BRAVO gliding' }, 409, 'Another club already has that name');
    const own = await update('admin', { ...settings, name: 'ALPHA Soaring Club' });
    expect(own.statusCode).toBe(200);
    expect((await clubRow(alpha)).name).toBe('ALPHA Soaring Club');
  });

  it(
    'refuses removing a tax an item still applies, active or not ' + '(409); an unused one goes, rates may change',
    async () => {
      await t.db
        .insertInto('glider')
        .values({ club_id: alpha, id: 'C-GHST', tax_status: 'exclusive', tax_names: ['HST'] })
        .execute();
      await t.db
        .insertInto('launch_type')
        .values({ club_id: alpha, id: '600 m', kind: 'fixed', tax_names: ['HST', 'GST'], is_active: false })
        .execute();
      await t.db
        .insertInto('intro_launch')
        .values({ club_id: alpha, id: 'Intro', launch_type_id: '600 m', price_cents: 100, tax_names: ['HST'] })
        .execute();
      await t.db
        .insertInto('block_rule')
        .values({ club_id: alpha, name: 'Season', units: 'minutes', tax_names: ['HST'] })
        .execute();
      const before = await clubRow(alpha);
      const hst = await update('admin', { ...settings, taxRates: { GST: 0.05 } });
      expect(hst.statusCode).toBe(409);
      expect(hst.json()).toEqual(
        refusal(
          409,
          'Tax HST is still used by glider C-GHST, launch type 600 m, ' +
            'intro launch Intro and 1 more: take it off them first',
        ),
      );
      const gst = await update('admin', { ...settings, taxRates: { HST: 0.13 } });
      expect(gst.json()).toEqual(refusal(409, 'Tax GST is still used by launch type 600 m: take it off them first'));
      expect(await clubRow(alpha)).toEqual(before);
      await t.db
        .updateTable('launch_type')
        .set({ tax_names: ['HST'] })
        .where('club_id', '=', alpha)
        .where('id', '=', '600 m')
        .execute();
      const dropped = await update('admin', { ...settings, taxRates: { HST: 0.15 } });
      expect(dropped.statusCode).toBe(200);
      expect((await clubRow(alpha)).tax_rates).toEqual({ HST: 0.15 });
    },
  );

  it(
    'refuses invalid settings with the field at fault (400): minimum ' +
      'above warning, bad link, rate over 1, no payment method',
    async () => {
      const before = await clubRow(alpha);
      const cases: [Record<string, unknown>, string][] = [
        [
          { minimumLevelCents: 6000, warningLevelCents: 5000 },
          'Invalid body: minimumLevelCents: The minimum balance must not be above the warning level',
        ],
        [{ clubLink: 'alpha.example.org' }, 'Invalid body: clubLink: Enter a full link, starting with https://'],
        [{ taxRates: { HST: 13 } }, 'Invalid body: taxRates.HST: A tax rate is a fraction from 0 to 1'],
        [{ paymentMethods: [] }, 'Invalid body: paymentMethods: Keep at least one payment method'],
        [{ paymentMethods: ['Cash', 'cash'] }, 'Invalid body: paymentMethods: Payment methods must differ'],
        [{ membershipYearEnd: '12/31' }, 'Invalid body: membershipYearEnd: Use MM-DD, like 12-31'],
        [{ currency: 'cad' }, 'Invalid body: currency: Use a three-letter currency code, like CAD'],
        [{ lockDate: '2025-01-01' }, 'Invalid body: Unrecognized key: "lockDate"'],
        [{ lateEntryMinutes: 0 }, 'Invalid body: lateEntryMinutes: Enter whole minutes from 1 to 1440'],
        [{ lateEntryMinutes: 1441 }, 'Invalid body: lateEntryMinutes: Enter whole minutes from 1 to 1440'],
        [{ lateEntryMinutes: 2.5 }, 'Invalid body: lateEntryMinutes: Enter whole minutes from 1 to 1440'],
      ];
      for (const [change, message] of cases) {
        const response = await update('admin', { ...settings, ...change });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual(refusal(400, message));
      }
      expect(await clubRow(alpha)).toEqual(before);
    },
  );
});

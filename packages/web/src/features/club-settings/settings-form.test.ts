import { describe, expect, it } from 'vitest';
import type { ClubSettingsItem } from '@flightline/domain/api/types';
import { clubSettings } from '@flightline/domain/fixtures/club';
import { OGN_DEFAULTS } from '@flightline/domain/ogn/settings';
import {
  buildSettings,
  daysInMonth,
  formFromSettings,
  nextRowId,
  OGN_FIELD_MESSAGES,
  withMonth,
  type SettingsForm,
} from './settings-form.ts';
import { PERCENT_MESSAGE } from './tax-percent.ts';

const DEMO: ClubSettingsItem = clubSettings('Demo Soaring Club', {
  shortName: 'DSC',
  clubLink: 'https://demo.example.org',
  message: '<p>Welcome</p>',
  taxRates: { HST: 0.13, QST: 0.09975 },
  warningLevelCents: 5000,
  minimumLevelCents: -2050,
  paymentMethods: ['Cash', 'Cheque'],
  ogn: { mode: 'suggest', latitude: 45.4215, longitude: -75.6972, elevationMetres: 110, radiusKm: 15 },
});

const form = (change: Partial<SettingsForm> = {}): SettingsForm => ({ ...formFromSettings(DEMO), ...change });

function errorsOf(f: SettingsForm) {
  const result = buildSettings(f);
  if (result.ok) throw new Error('expected the form to be refused');
  return result.errors;
}

describe('the form starts from the stored settings', () => {
  it('shows fractions as percents, cents as decimals and the year end as month and day', () => {
    expect(formFromSettings(DEMO)).toEqual({
      ...DEMO,
      taxRows: [
        { id: 1, name: 'HST', percent: '13' },
        { id: 2, name: 'QST', percent: '9.975' },
      ],
      yearEndMonth: '12',
      yearEndDay: '31',
      warningLevel: '50.00',
      minimumLevel: '-20.50',
      paymentMethods: [
        { id: 1, name: 'Cash' },
        { id: 2, name: 'Cheque' },
      ],
      taxRates: undefined,
      membershipYearEnd: undefined,
      warningLevelCents: undefined,
      minimumLevelCents: undefined,
      lateEntryMinutes: '30',
      ogn: undefined,
      ognMode: 'suggest',
      ognLatitude: '45.4215',
      ognLongitude: '-75.6972',
      ognElevationMetres: '110',
      ognRadiusKm: '15',
    });
  });

  it('an unchanged form saves exactly what was stored', () => {
    expect(buildSettings(form())).toEqual({ ok: true, settings: DEMO });
  });
});

describe('the body sent to update-club-settings', () => {
  it('converts typed percents, amounts and the month and day', () => {
    const result = buildSettings(
      form({
        taxRows: [
          { id: 1, name: ' HST ', percent: '13' },
          { id: 3, name: 'PST', percent: '7' },
        ],
        warningLevel: '25',
        minimumLevel: '-10.5',
        yearEndMonth: '03',
        yearEndDay: '31',
      }),
    );
    expect(result).toEqual({
      ok: true,
      settings: {
        ...DEMO,
        taxRates: { HST: 0.13, PST: 0.07 },
        warningLevelCents: 2500,
        minimumLevelCents: -1050,
        membershipYearEnd: '03-31',
      },
    });
  });

  it('trims text, upper-cases the currency, keeps the message as typed', () => {
    const result = buildSettings(
      form({
        name: '  Ridge Club ',
        clubLink: ' https://ridge.example.org ',
        currency: 'usd',
        message: '  <p>Hi</p>\n',
      }),
    );
    expect(result.ok && result.settings).toMatchObject({
      name: 'Ridge Club',
      clubLink: 'https://ridge.example.org',
      currency: 'USD',
      message: '  <p>Hi</p>\n',
    });
  });

  it('drops blank tax and payment rows (added, then left empty)', () => {
    const result = buildSettings(
      form({
        taxRows: [...form().taxRows, { id: 9, name: ' ', percent: '' }],
        paymentMethods: [...form().paymentMethods, { id: 9, name: '  ' }, { id: 10, name: ' E-Transfer ' }],
      }),
    );
    expect(result.ok && result.settings.taxRates).toEqual({ HST: 0.13, QST: 0.09975 });
    expect(result.ok && result.settings.paymentMethods).toEqual(['Cash', 'Cheque', 'E-Transfer']);
  });

  it('no taxes at all is allowed', () => {
    expect(buildSettings(form({ taxRows: [] }))).toEqual({ ok: true, settings: { ...DEMO, taxRates: {} } });
  });
});

describe('each input shows its first message', () => {
  it('schema messages go to their fields', () => {
    expect(
      errorsOf(
        form({
          name: ' ',
          currency: 'CA',
          clubLink: 'ridge.example.org',
          clubLogo: 'https://ridge.example.org/logo.png',
        }),
      ),
    ).toEqual({
      name: 'Name is required',
      currency: 'Use a three-letter currency code, like CAD',
      clubLink: 'Enter a full link, starting with https://',
      clubLogo: 'Upload the logo as an image file (PNG, JPEG or WebP): images from other sites are not shown',
    });
  });

  it('a minimum above the warning level shows the schema message on the minimum', () => {
    expect(errorsOf(form({ warningLevel: '10.00', minimumLevel: '10.01' }))).toEqual({
      minimumLevelCents: 'The minimum balance must not be above the warning level',
    });
  });

  it('the minimum above the warning level shows together with other fields’ messages, not a round later', () => {
    expect(errorsOf(form({ name: '', warningLevel: '-5', minimumLevel: '0' }))).toEqual({
      name: 'Name is required',
      minimumLevelCents: 'The minimum balance must not be above the warning level',
    });
  });

  it('amounts that are not money, and no false minimum message beside them', () => {
    expect(errorsOf(form({ warningLevel: 'fifty', minimumLevel: '10.001' }))).toEqual({
      warningLevelCents: 'Enter an amount, like 50.00 or -20.00',
      minimumLevelCents: 'Enter an amount, like 0.00 or -20.00',
    });
    expect(errorsOf(form({ warningLevel: '', minimumLevel: '900' }))).toEqual({
      warningLevelCents: 'Enter an amount, like 50.00 or -20.00',
    });
  });

  it('a tax row needs a name, a percent, and a name of its own', () => {
    expect(
      errorsOf(
        form({
          taxRows: [
            { id: 1, name: 'HST', percent: '13' },
            { id: 2, name: '', percent: '5' },
            { id: 3, name: 'hst', percent: '5' },
            { id: 4, name: 'PST', percent: '7.12345' },
            { id: 5, name: 'GST', percent: '' },
          ],
        }),
      ),
    ).toEqual({
      'taxName.2': 'Enter a name for this tax',
      'taxName.3': 'Each tax needs its own name',
      'taxPercent.4': PERCENT_MESSAGE,
      'taxPercent.5': PERCENT_MESSAGE,
    });
  });

  it('more than 5 taxes is the schema’s message on the list', () => {
    const taxRows = ['A', 'B', 'C', 'D', 'E', 'F'].map((name, i) => ({ id: i + 1, name, percent: '1' }));
    expect(errorsOf(form({ taxRows }))).toEqual({ taxRates: 'At most 5 tax rates' });
  });

  it('payment methods: at least one, and each different', () => {
    expect(errorsOf(form({ paymentMethods: [{ id: 1, name: ' ' }] }))).toEqual({
      paymentMethods: 'Keep at least one payment method',
    });
    expect(
      errorsOf(
        form({
          paymentMethods: [
            { id: 1, name: 'Cash' },
            { id: 2, name: 'cash ' },
          ],
        }),
      ),
    ).toEqual({ paymentMethods: 'Payment methods must differ' });
  });

  it('a payment method too long is marked on its own row', () => {
    const errors = errorsOf(
      form({
        paymentMethods: [
          { id: 4, name: '' },
          { id: 7, name: 'x'.repeat(41) },
        ],
      }),
    );
    expect(Object.keys(errors)).toEqual(['paymentMethods.7']);
  });

  it('the late-entry allowance: whole minutes from 1 to 1440, sent as a number', () => {
    expect(buildSettings(form({ lateEntryMinutes: ' 45 ' }))).toEqual({
      ok: true,
      settings: { ...DEMO, lateEntryMinutes: 45 },
    });
    for (const typed of ['', '0', '1441', '2.5', 'half an hour']) {
      expect(errorsOf(form({ lateEntryMinutes: typed })), typed).toEqual({
        lateEntryMinutes: 'Enter whole minutes from 1 to 1440',
      });
    }
  });

  it('a time zone the browser does not know', () => {
    expect(errorsOf(form({ timeZone: 'Mars/Olympus_Mons' }))).toEqual({ timeZone: 'Choose a time zone from the list' });
  });
});

describe('rows and the year end', () => {
  it('a new row takes an id no row has', () => {
    expect(nextRowId([])).toBe(1);
    expect(nextRowId([{ id: 4 }, { id: 2 }])).toBe(5);
  });

  it('months have their number of days, February its 29th', () => {
    expect(['01', '02', '04', '12'].map(daysInMonth)).toEqual([31, 29, 30, 31]);
  });

  it('a new month keeps the day when it exists there, else takes its last day', () => {
    expect(withMonth(form({ yearEndMonth: '12', yearEndDay: '31' }), '04')).toMatchObject({
      yearEndMonth: '04',
      yearEndDay: '30',
    });
    expect(withMonth(form({ yearEndMonth: '12', yearEndDay: '15' }), '02')).toMatchObject({
      yearEndMonth: '02',
      yearEndDay: '15',
    });
    expect(buildSettings(withMonth(form(), '02')).ok && 'saved').toBe('saved');
  });
});

describe('the OGN feed (docs/ogn.md "Settings"), checked with the server\'s schema', () => {
  const ognErrors = (change: Partial<SettingsForm>) =>
    Object.fromEntries(Object.entries(errorsOf(form(change))).filter(([key]) => key.startsWith('ogn.')));

  it('sends the mode and the airfield as numbers; a comma is a decimal mark too', () => {
    const result = buildSettings(
      form({
        ognMode: 'record',
        ognLatitude: ' -33,9 ',
        ognLongitude: '151.17',
        ognElevationMetres: '-5',
        ognRadiusKm: '100',
      }),
    );
    expect(result).toEqual({
      ok: true,
      settings: {
        ...DEMO,
        ogn: { mode: 'record', latitude: -33.9, longitude: 151.17, elevationMetres: -5, radiusKm: 100 },
      },
    });
  });

  it('off needs no airfield: blanks are sent as none', () => {
    const result = buildSettings(form({ ognMode: 'off', ognLatitude: '', ognLongitude: '', ognElevationMetres: '' }));
    expect(result).toEqual({ ok: true, settings: { ...DEMO, ogn: { ...OGN_DEFAULTS, radiusKm: 15 } } });
  });

  it('a club without OGN settings starts off, with a 10 km radius', () => {
    const { ogn: _ogn, ...without } = DEMO;
    expect(formFromSettings(without)).toMatchObject({
      ognMode: 'off',
      ognLatitude: '',
      ognLongitude: '',
      ognElevationMetres: '',
      ognRadiusKm: '10',
    });
  });

  it('suggest or record needs the latitude, longitude and elevation, each asked for by its field', () => {
    expect(ognErrors({ ognMode: 'record', ognLatitude: '', ognLongitude: ' ', ognElevationMetres: '' })).toEqual({
      'ogn.latitude': "Enter the airfield's latitude to turn the OGN feed on",
      'ogn.longitude': "Enter the airfield's longitude to turn the OGN feed on",
      'ogn.elevationMetres': "Enter the airfield's elevation to turn the OGN feed on",
    });
  });

  it("refuses text that is not a number, and the schema's ranges and whole units, next to each field", () => {
    expect(ognErrors({ ognLatitude: 'N45', ognLongitude: '75W', ognElevationMetres: 'high', ognRadiusKm: '' })).toEqual(
      {
        'ogn.latitude': OGN_FIELD_MESSAGES.latitude,
        'ogn.longitude': OGN_FIELD_MESSAGES.longitude,
        'ogn.elevationMetres': OGN_FIELD_MESSAGES.elevationMetres,
        'ogn.radiusKm': OGN_FIELD_MESSAGES.radiusKm,
      },
    );
    expect(
      ognErrors({ ognLatitude: '90.5', ognLongitude: '-180.01', ognElevationMetres: '110.5', ognRadiusKm: '101' }),
    ).toEqual({
      'ogn.latitude': 'Latitude is from -90 to 90',
      'ogn.longitude': 'Longitude is from -180 to 180',
      'ogn.elevationMetres': 'Elevation is whole metres',
      'ogn.radiusKm': 'The radius is 1 to 100 km',
    });
    expect(ognErrors({ ognElevationMetres: '5001', ognRadiusKm: '0' })).toEqual({
      'ogn.elevationMetres': 'Elevation is from -500 to 5000 m',
      'ogn.radiusKm': 'The radius is 1 to 100 km',
    });
  });
});

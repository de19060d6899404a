import type { ClubInfo, ClubSettingsItem } from './api-types.ts';

/**
 * Test data: the settings of a new club named `name` in Toronto time, the
 * rest the database's defaults (Canadian dollars, feet, no taxes, every
 * payment method); `fields` change them.
 */
export function clubSettings(name: string, fields: Partial<ClubSettingsItem> = {}): ClubSettingsItem {
  return {
    name,
    shortName: '',
    clubLink: '',
    clubLogo: '',
    message: '',
    timeZone: 'America/Toronto',
    currency: 'CAD',
    heightUnit: 'ft',
    taxRates: {},
    membershipYearEnd: '12-31',
    warningLevelCents: 0,
    minimumLevelCents: 0,
    paymentMethods: ['Cash', 'Cheque', 'Credit Card', 'E-Transfer'],
    ...fields,
  };
}

/** Test data: what get-club-info answers for club-1 with these settings, no lock date, fees or launch units; `fields` change it. */
export function clubInfo(settings: ClubSettingsItem, fields: Partial<ClubInfo> = {}): ClubInfo {
  return { ...settings, id: 'club-1', transactionLockDate: null, introStalePeriod: 365, feeList: [], units: { launch: [] }, ...fields };
}

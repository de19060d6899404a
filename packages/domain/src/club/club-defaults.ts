import { DEFAULT_LATE_ENTRY_MINUTES } from '../flights/late-entry.ts';
import { OGN_DEFAULTS, type OgnSettings } from '../ogn/settings.ts';
import type { ClubSettings } from '../schemas/fleet.ts';

/**
 * A new club's settings until its admin changes them: the club table's column
 * defaults (migration 0002_clubs.sql). A club is created with its own name and
 * time zone, which have none.
 */
export const NEW_CLUB_SETTINGS: Omit<ClubSettings, 'name' | 'timeZone'> & {
  lateEntryMinutes: number;
  ogn: OgnSettings;
} = {
  shortName: '',
  clubLink: '',
  clubLogo: '',
  message: '',
  currency: 'CAD',
  heightUnit: 'ft',
  taxRates: {},
  membershipYearEnd: '12-31',
  warningLevelCents: 0,
  minimumLevelCents: 0,
  paymentMethods: ['Cash', 'Cheque', 'Credit Card', 'E-Transfer'],
  lateEntryMinutes: DEFAULT_LATE_ENTRY_MINUTES,
  ogn: OGN_DEFAULTS,
};

import type { ClubInfo, ClubSettingsItem } from './api-types.ts';
import { NEW_CLUB_SETTINGS } from './club-defaults.ts';

/** Test data: the settings of a new club named `name` in Toronto time; `fields` change them. */
export function clubSettings(name: string, fields: Partial<ClubSettingsItem> = {}): ClubSettingsItem {
  return { ...NEW_CLUB_SETTINGS, name, timeZone: 'America/Toronto', ...fields };
}

/** Test data: what get-club-info answers for club-1 with these settings, no lock date, fees or launch units; `fields` change it. */
export function clubInfo(settings: ClubSettingsItem, fields: Partial<ClubInfo> = {}): ClubInfo {
  return { ...settings, id: 'club-1', transactionLockDate: null, introStalePeriod: 365, feeList: [], units: { launch: [] }, ...fields };
}

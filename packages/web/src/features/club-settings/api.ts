import { useQuery } from '@tanstack/react-query';
import type { ClubSettings } from '@flightline/domain/schemas/fleet';
import { call, callFile } from '../../lib/api.ts';
import { clubSettingsQuery } from '../../lib/api/clubs.ts';

// The club is named in each call, so a club switched in another tab is refused, not overwritten.

/** The active club's settings for editing (the message as written, not sanitised); admins only. */
export function useClubSettings(club: string) {
  return useQuery(clubSettingsQuery(club));
}

/** Every field at once; the answer is what was stored. */
export function saveClubSettings(club: string, settings: ClubSettings) {
  return call('POST /api/update-club-settings', { ...settings, club });
}

/** Store an image for the logo; the answer is its address, which Save makes the club's logo. */
export function uploadClubLogo(club: string, file: File) {
  return callFile('POST /api/upload-club-logo', { club }, file);
}

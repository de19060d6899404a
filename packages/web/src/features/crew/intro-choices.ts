import type { IntroItem } from '@flightline/domain/api/types';
import { introButtonLabel, isIntroExpired, searchIntros } from '@flightline/domain/money/intro-search';

/**
 * Pre-purchased intros on the crew page: the search on serial number,
 * recipient name or buyer email shows at most 5 buttons; an intro whose stale
 * date is on or before today is a warning.
 */

export const CREW_INTRO_LIMIT = 5;
export const INTRO_SEARCH_PLACEHOLDER = 'Start typing serial number, name, or email';

export interface IntroChoice {
  intro: IntroItem;
  label: string;
  expired: boolean;
  /** The tooltip of an expired intro. */
  warning: string | null;
}

export function expiredText(intro: Pick<IntroItem, 'staleDate'>): string {
  return `This intro expired on ${intro.staleDate}`;
}

export function introChoice(intro: IntroItem, today: string): IntroChoice {
  const expired = intro.staleDate !== '' && isIntroExpired(intro, today);
  return { intro, label: introButtonLabel(intro), expired, warning: expired ? expiredText(intro) : null };
}

/** The buttons under the search box: matching intros, newest purchase first, at most 5. */
export function introChoices(intros: readonly IntroItem[], search: string, today: string): IntroChoice[] {
  return searchIntros(intros, search, CREW_INTRO_LIMIT).map((intro) => introChoice(intro, today));
}

/** Selected-intro details, with the spec's words for what is missing. */
export function introDetails(intro: IntroItem): { purchaseDate: string; purchaseNote: string; serialNumber: string } {
  return {
    purchaseDate: intro.date || 'Unknown',
    purchaseNote: intro.note.trim() || 'None',
    serialNumber: intro.SN || 'Unknown',
  };
}

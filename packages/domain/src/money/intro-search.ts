import type { IntroItem } from '../api/types.ts';

/**
 * The intro picker's lists: the Refund and Cancel Intro pages, and any other
 * screen that picks a sold intro. Refunded and cancelled intros are never
 * offered, nor intros already on a flight: their money pays that flight.
 */

/** The Expired Intros and All Intros lists show at most this many. */
export const INTRO_LIST_LIMIT = 5;

type PickableIntro = Pick<
  IntroItem,
  | 'SN'
  | 'recipientFirst'
  | 'recipientLast'
  | 'buyerEmail'
  | 'date'
  | 'staleDate'
  | 'refunded'
  | 'cancelled'
  | 'flightRef'
> & {
  /** The server's verdict (GET /api/get-intros); computed from staleDate when absent. */
  expired?: boolean;
};

export function recipientName(intro: Pick<IntroItem, 'recipientFirst' | 'recipientLast'>): string {
  return `${intro.recipientFirst} ${intro.recipientLast}`.trim();
}

/** What a picker button reads: serial number, recipient name, and the buyer's email when there is one. */
export function introButtonLabel(intro: PickableIntro): string {
  return [intro.SN, recipientName(intro), intro.buyerEmail].filter((part) => part !== '').join(' · ');
}

/** Still a voucher: neither refunded nor cancelled, and not flown. */
export function isIntroOffered(intro: PickableIntro): boolean {
  return !intro.refunded && !intro.cancelled && intro.flightRef === '';
}

/** Expired when its staleDate is on or before today in the club's zone. */
export function isIntroExpired(intro: PickableIntro, today: string): boolean {
  return intro.expired ?? intro.staleDate <= today;
}

/** Lower case, accents dropped, runs of spaces as one: 'Zoë  Smith' and 'zoe smith' match. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The query appears in the serial number, the recipient's full name or the buyer's email. */
export function introMatches(intro: PickableIntro, query: string): boolean {
  const wanted = fold(query);
  if (wanted === '') return true;
  return [intro.SN, recipientName(intro), intro.buyerEmail].some((field) => fold(field).includes(wanted));
}

const newestFirst = (a: PickableIntro, b: PickableIntro) =>
  a.date === b.date ? a.SN.localeCompare(b.SN) : a.date < b.date ? 1 : -1;

/** All Intros: the offered intros the query matches, newest purchase first, at most `limit`. */
export function searchIntros<T extends PickableIntro>(
  intros: readonly T[],
  query: string,
  limit = INTRO_LIST_LIMIT,
): T[] {
  return intros
    .filter((intro) => isIntroOffered(intro) && introMatches(intro, query))
    .sort(newestFirst)
    .slice(0, limit);
}

/** Expired Intros: the offered intros past their date, longest expired first, at most `limit`. */
export function expiredIntros<T extends PickableIntro>(
  intros: readonly T[],
  today: string,
  limit = INTRO_LIST_LIMIT,
): T[] {
  return intros
    .filter((intro) => isIntroOffered(intro) && isIntroExpired(intro, today))
    .sort((a, b) => (a.staleDate === b.staleDate ? a.SN.localeCompare(b.SN) : a.staleDate < b.staleDate ? -1 : 1))
    .slice(0, limit);
}

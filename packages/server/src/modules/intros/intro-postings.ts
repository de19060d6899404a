import { introFlownPostings } from '@flightline/domain/money/flight-postings';
import type { PostingLine } from '@flightline/domain/money/ledger';
import { conflict } from '../../http/errors.ts';
import type { IntroRow } from './repo.ts';

/**
 * Intro cancelled (domain rules "The ledger"): Dr 2120 [intro] what it still
 * holds / Cr 4300 net / Cr 2510 [tax] — the very split of an intro flown
 * (introFlownPostings, the intro's tax status and names at the club's rates
 * now), without a flight to name. [] when nothing is held.
 */
export function introCancelPostings(
  intro: IntroRow,
  owedCents: number,
  rates: Readonly<Record<string, number>>,
): PostingLine[] {
  if (owedCents <= 0) return [];
  const names = intro.tax_status === 'exempt' ? [] : [...new Set(intro.tax_names)];
  const unknown = names.find((name) => rates[name] === undefined);
  if (unknown !== undefined)
    throw conflict(
      `Intro ${intro.sn} is taxed with ${unknown}, which the club no ` +
        `longer has: add the tax back in Administration first`,
    );
  const lines = introFlownPostings({
    flightId: '',
    introId: intro.id,
    priceCents: owedCents,
    taxStatus: intro.tax_status,
    taxNames: names,
    rates,
  });
  return lines.map(({ flightId: _flight, ...line }) => line);
}

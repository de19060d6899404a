import type { IntroItem } from './api-types.ts';

/** Test data: an unflown intro for Pat Passenger, bought by Bea Buyer for an Intro flight; `fields` change it. */
export function introItem(SN: string, fields: Partial<IntroItem> = {}): IntroItem {
  return {
    id: `id-${SN}`,
    SN,
    recipientFirst: 'Pat',
    recipientLast: 'Passenger',
    recipientEmail: '',
    buyerFirst: 'Bea',
    buyerLast: 'Buyer',
    buyerEmail: '',
    launchType: 'Intro flight',
    priceCents: 15_000,
    payment: 'Cash',
    paymentRef: '',
    date: '2026-05-01',
    note: '',
    staleDate: '2027-05-01',
    flightRef: '',
    taxStatus: 'inclusive',
    taxRates: ['HST'],
    refunded: false,
    cancelled: false,
    ...fields,
  };
}

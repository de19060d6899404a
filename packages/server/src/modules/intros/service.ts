import type { Kysely } from 'kysely';
import type { IntroItem } from '@flightline/domain/api/types';
import type { DB } from '../../db/schema.ts';
import { listIntros, type IntroRow } from './repo.ts';

/**
 * Intro (trial flight) vouchers (docs/clubs-and-members.md "Intros"). Sale, refund
 * and cancel come with the intro issue; for now the Administration page
 * lists them.
 */

export function introItem(row: IntroRow): IntroItem {
  return {
    id: row.id,
    SN: row.sn,
    recipientFirst: row.recipient_first,
    recipientLast: row.recipient_last,
    recipientEmail: row.recipient_email,
    buyerFirst: row.buyer_first,
    buyerLast: row.buyer_last,
    buyerEmail: row.buyer_email,
    launchType: row.launch_type,
    priceCents: row.price_cents,
    payment: row.payment,
    paymentRef: row.payment_ref,
    date: row.purchase_date,
    note: row.note,
    staleDate: row.stale_date,
    // '' while the intro is not on a flight.
    flightRef: row.flight_ref ?? '',
    taxStatus: row.tax_status,
    taxRates: row.tax_names,
    refunded: row.refunded_at !== null,
    cancelled: row.cancelled_at !== null,
  };
}

export async function listIntroItems(db: Kysely<DB>, clubId: string): Promise<IntroItem[]> {
  return (await listIntros(db, clubId)).map(introItem);
}

import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { clubToday } from '@flightline/domain/time/club-time';
import { generateSerial } from '@flightline/domain/money/intro-serial';
import { ACCOUNT, type PostingLine } from '@flightline/domain/money/ledger';
import { formatMoney } from '@flightline/domain/money/money';
import type { DB } from '../../db/schema.ts';
import type { MemberContext } from '../../http/context.ts';
import { serialUsedMessage } from '../../http/database-errors.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { lockClub } from '../clubs/repo.ts';
import { findItemForUpdate } from '../fleet/repo.ts';
import { assertAfterLockDate, CLUB_FOR_POSTING } from '../ledger/journal.ts';
import { insertEntry } from '../ledger/posting-repo.ts';
import { insertIntro, serialTaken, type IntroRow } from './repo.ts';

/**
 * What a sale needs: the crew page's New Intro (intro launch, passenger,
 * payment) and the back office's intro sale (buyer, note, dates, tax
 * status). Anything left out takes the intro launch's or the club's default.
 */
export interface IntroSaleInput {
  /** The intro launch option (its label). */
  launchType: string;
  /** The price the seller was shown; refused when the option's price changed meanwhile. Default: the option's price. */
  priceCents?: number | undefined;
  /** A club payment method (matched regardless of case). */
  payment: string;
  paymentRef?: string | undefined;
  /** '' or absent: a fresh 6-character serial. */
  SN?: string | undefined;
  recipientFirst: string;
  recipientLast: string;
  recipientEmail?: string | undefined;
  buyerFirst?: string | undefined;
  buyerLast?: string | undefined;
  buyerEmail?: string | undefined;
  note?: string | undefined;
  /** Purchase date; default today in the club's zone. */
  date?: string | undefined;
  /** Expiration; default purchase date + the club's intro stale period. */
  staleDate?: string | undefined;
  /** Default: the intro launch's. */
  taxStatus?: 'exempt' | 'inclusive' | undefined;
  taxRates?: string[] | undefined;
  /** Stored on the ledger entry (unique in the club). */
  idempotencyKey?: string | undefined;
}

export interface IntroSaleResult {
  intro: IntroRow;
  /** The sale's ledger entry; null for an intro sold at no charge. */
  transactionId: number | null;
}

/** Serial attempts before giving up: 32⁶ ≈ 10⁹ serials, so a second attempt is already rare. */
const SERIAL_ATTEMPTS = 8;

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

async function freshSerial(trx: Transaction<DB>, clubId: string): Promise<string> {
  for (let attempt = 0; attempt < SERIAL_ATTEMPTS; attempt++) {
    const serial = generateSerial((n) => randomBytes(n));
    if (!(await serialTaken(trx, clubId, serial))) return serial;
  }
  throw conflict('Could not find a free serial number: enter one');
}

/**
 * Sell an intro inside the caller's transaction: the intro row (serial
 * unique in the club, price from the intro launch, expiration from the
 * club's stale period) and the sale Dr 1000 [payment method] / Cr 2120
 * [intro]. Used by the crew page's New Intro and by create-intro.
 */
export async function sellIntro(
  trx: Transaction<DB>,
  ctx: MemberContext,
  input: IntroSaleInput,
): Promise<IntroSaleResult> {
  const club = await lockClub(trx, ctx.club.id, 'share', CLUB_FOR_POSTING);
  assertAfterLockDate(club, ctx.now);
  const option = await findItemForUpdate(trx, 'intro_launch', club.id, input.launchType);
  if (!option || !option.is_active)
    throw badRequest(`Unknown intro launch ${input.launchType}: choose one of the club's intro launches`);
  if (input.priceCents !== undefined && input.priceCents !== option.price_cents) {
    throw conflict(`The price of ${option.id} is now ${formatMoney(option.price_cents)}; reload and try again`);
  }
  const wanted = input.payment.trim().toLowerCase();
  const payment = club.payment_methods.find((method) => method.toLowerCase() === wanted);
  if (payment === undefined) {
    throw badRequest(
      `Unknown payment method ${input.payment}: use one of ` +
        `${club.payment_methods.join(', ') || "the club's payment methods (none are set)"}`,
    );
  }
  const taxStatus = input.taxStatus ?? option.tax_status;
  const taxNames = taxStatus === 'exempt' ? [] : [...new Set(input.taxRates ?? option.tax_names)];
  const unknownTax = taxNames.find((name) => club.tax_rates[name] === undefined);
  if (unknownTax !== undefined) throw badRequest(`Unknown tax ${unknownTax}`);

  const today = clubToday(club.time_zone, ctx.now);
  const purchaseDate = input.date ?? today;
  if (purchaseDate > today) throw badRequest(`The purchase date can't be after today (${today})`);
  const staleDate = input.staleDate ?? addDays(purchaseDate, ctx.club.intro_stale_days);
  if (staleDate < purchaseDate) throw badRequest('The expiration date must be on or after the purchase date');
  let sn = (input.SN ?? '').trim().toUpperCase();
  if (sn === '') sn = await freshSerial(trx, club.id);
  else if (await serialTaken(trx, club.id, sn)) throw conflict(serialUsedMessage(sn));

  const intro = await insertIntro(trx, {
    club_id: club.id,
    sn,
    recipient_first: input.recipientFirst,
    recipient_last: input.recipientLast,
    recipient_email: input.recipientEmail ?? '',
    buyer_first: input.buyerFirst ?? '',
    buyer_last: input.buyerLast ?? '',
    buyer_email: input.buyerEmail ?? '',
    launch_type: option.id,
    price_cents: option.price_cents,
    payment,
    payment_ref: input.paymentRef ?? '',
    purchase_date: purchaseDate,
    purchased_at: new Date(ctx.now),
    note: input.note ?? '',
    stale_date: staleDate,
    tax_status: taxStatus,
    tax_names: taxNames,
    created_by: ctx.user.id,
  });
  if (option.price_cents === 0) return { intro, transactionId: null };

  const lines: PostingLine[] = [
    { account: ACCOUNT.cash, amountCents: option.price_cents, transferType: payment },
    { account: ACCOUNT.introsPayable, amountCents: -option.price_cents, introId: intro.id },
  ];
  const transactionId = await insertEntry(trx, {
    clubId: club.id,
    effectiveAt: new Date(ctx.now),
    enteredAt: new Date(ctx.now),
    enteredBy: ctx.user.id,
    transactionType: 'Intro Sale',
    description: `Intro ${sn} sold (${payment})${intro.payment_ref ? ` ref ${intro.payment_ref}` : ''}`,
    note: intro.note,
    reference: intro.payment_ref,
    idempotencyKey: input.idempotencyKey ?? null,
    reversesId: null,
    lines,
  });
  return { intro, transactionId };
}

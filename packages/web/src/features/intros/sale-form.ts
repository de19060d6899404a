import type { IntroLaunchItem } from '@flightline/domain/api/types';
import { introSaleSchema, type IntroSale } from '@flightline/domain/schemas/intros';
import { isDay } from '../../lib/club-dates.ts';

/**
 * The New Intro Flight form: the passenger mirrors the buyer while "Passenger
 * same as buyer" is ticked, and the expiration date is the purchase date +
 * stale days, so editing it sets the days instead (0 when it is before the
 * purchase date).
 */

export const SALE_HINT = 'Set launch type, passenger first and last name in order to define an intro';

export type SaleTaxStatus = 'exempt' | 'inclusive';

export interface SaleDraft {
  launchType: string;
  payment: string;
  paymentRef: string;
  /** '' lets the server generate one. */
  SN: string;
  buyerFirst: string;
  buyerLast: string;
  buyerEmail: string;
  sameAsBuyer: boolean;
  recipientFirst: string;
  recipientLast: string;
  recipientEmail: string;
  note: string;
  /** Purchase date, 'YYYY-MM-DD'. */
  date: string;
  /** Whole days from the purchase date to the expiration date. */
  staleDays: number;
  taxStatus: SaleTaxStatus;
  taxRates: string[];
}

export function initialSaleDraft(options: { today: string; staleDays: number; payment: string }): SaleDraft {
  return {
    launchType: '',
    payment: options.payment,
    paymentRef: '',
    SN: '',
    buyerFirst: '',
    buyerLast: '',
    buyerEmail: '',
    sameAsBuyer: false,
    recipientFirst: '',
    recipientLast: '',
    recipientEmail: '',
    note: '',
    date: options.today,
    staleDays: options.staleDays,
    taxStatus: 'exempt',
    taxRates: [],
  };
}

const DAY_MS = 86_400_000;

/** '2026-12-30' + 3 → '2027-01-02'; calendar days, so daylight saving does not matter. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from one calendar day to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export function expirationDate(draft: Pick<SaleDraft, 'date' | 'staleDays'>): string {
  return addDays(draft.date, draft.staleDays);
}

/** The passenger fields follow the buyer's while the tick is on. */
function mirror(draft: SaleDraft): SaleDraft {
  if (!draft.sameAsBuyer) return draft;
  return {
    ...draft,
    recipientFirst: draft.buyerFirst,
    recipientLast: draft.buyerLast,
    recipientEmail: draft.buyerEmail,
  };
}

type TextFields =
  | 'payment'
  | 'paymentRef'
  | 'SN'
  | 'buyerFirst'
  | 'buyerLast'
  | 'buyerEmail'
  | 'recipientFirst'
  | 'recipientLast'
  | 'recipientEmail'
  | 'note';

/**
 * A typed field, the tick, or the tax choice; passenger fields typed while mirroring are overwritten by the
 * buyer's.
 */
export function updateDraft(
  draft: SaleDraft,
  change: Partial<Pick<SaleDraft, TextFields | 'sameAsBuyer' | 'taxStatus' | 'taxRates'>>,
): SaleDraft {
  return mirror({ ...draft, ...change });
}

/** A launch type brings its price and, as the server would default it, its tax status and rates. */
export function withLaunchType(
  draft: SaleDraft,
  launch: Pick<IntroLaunchItem, 'id' | 'taxStatus' | 'taxRates'> | undefined,
): SaleDraft {
  if (!launch) return { ...draft, launchType: '' };
  return { ...draft, launchType: launch.id, taxStatus: launch.taxStatus, taxRates: [...launch.taxRates] };
}

/** A new purchase date keeps the stale days, so the expiration date moves with it; a cleared field changes nothing. */
export function withPurchaseDate(draft: SaleDraft, day: string): SaleDraft {
  return isDay(day) ? { ...draft, date: day } : draft;
}

export function withStaleDays(draft: SaleDraft, days: number): SaleDraft {
  return Number.isSafeInteger(days) && days >= 0 ? { ...draft, staleDays: days } : draft;
}

/** Editing the expiration date sets the days to the difference, or 0 if negative. */
export function withExpirationDate(draft: SaleDraft, day: string): SaleDraft {
  return isDay(day) ? { ...draft, staleDays: Math.max(0, daysBetween(draft.date, day)) } : draft;
}

/** The submit shows only with a launch type and the passenger's first and last names. */
export function saleReady(draft: SaleDraft): boolean {
  return draft.launchType !== '' && draft.recipientFirst.trim() !== '' && draft.recipientLast.trim() !== '';
}

export function passengerName(draft: Pick<SaleDraft, 'recipientFirst' | 'recipientLast'>): string {
  return `${draft.recipientFirst.trim()} ${draft.recipientLast.trim()}`.trim();
}

/** The create-intro body: what the seller saw (the price), and exempt sales carry no tax names. */
export function saleBody(draft: SaleDraft, priceCents: number | undefined, idempotencyKey: string): IntroSale {
  return {
    idempotencyKey,
    launchType: draft.launchType,
    ...(priceCents === undefined ? {} : { priceCents }),
    payment: draft.payment,
    paymentRef: draft.paymentRef,
    SN: draft.SN,
    buyerFirst: draft.buyerFirst,
    buyerLast: draft.buyerLast,
    buyerEmail: draft.buyerEmail.trim(),
    recipientFirst: draft.recipientFirst,
    recipientLast: draft.recipientLast,
    recipientEmail: draft.recipientEmail.trim(),
    note: draft.note,
    date: draft.date,
    staleDate: expirationDate(draft),
    taxStatus: draft.taxStatus,
    taxRates: draft.taxStatus === 'exempt' ? [] : draft.taxRates,
  };
}

const FIELD_LABELS: Partial<Record<keyof IntroSale, string>> = {
  launchType: 'Launch type',
  payment: 'Payment method',
  paymentRef: 'Payment reference',
  SN: 'Serial number',
  buyerFirst: 'Buyer first name',
  buyerLast: 'Buyer last name',
  buyerEmail: 'Buyer email',
  recipientFirst: 'Passenger first name',
  recipientLast: 'Passenger last name',
  recipientEmail: 'Passenger email',
  note: 'Note',
  date: 'Purchase date',
  staleDate: 'Expiration date',
  taxRates: 'Tax rates',
};

/** Why the server would refuse the body, checked with its own schema first; null when it passes. */
export function saleProblem(body: IntroSale): string | null {
  const result = introSaleSchema.safeParse(body);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  const label = FIELD_LABELS[issue.path[0] as keyof IntroSale];
  return label ? `${label}: ${issue.message}` : issue.message;
}

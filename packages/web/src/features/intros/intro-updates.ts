import type { IntroListItem } from '@flightline/domain/api/types';
import { centsToDecimal, parseCents } from '@flightline/domain/money/money';
import {
  introCancelSchema,
  introRefundSchema,
  type IntroCancel,
  type IntroRefund,
} from '@flightline/domain/schemas/intros';

/**
 * The Refund Intro and Cancel Intro forms: update-item INTRO data, checked in
 * the browser with the server's schemas.
 */

export const INVALID_REFUND_AMOUNT = 'Invalid refund amount';

export interface RefundDraft {
  /** Decimal text as typed. */
  amount: string;
  payment: string;
  refundRef: string;
  refundFirst: string;
  refundLast: string;
}

export const EMPTY_REFUND: RefundDraft = { amount: '', payment: '', refundRef: '', refundFirst: '', refundLast: '' };

type RefundSource = Pick<
  IntroListItem,
  'owedCents' | 'payment' | 'buyerFirst' | 'buyerLast' | 'recipientFirst' | 'recipientLast'
>;

/**
 * What is still owed, back by the way it was paid, to the buyer. An intro
 * sold on the flight line may have no buyer: then to the passenger.
 */
export function refundDefaults(intro: RefundSource, paymentMethods: readonly string[]): RefundDraft {
  const noBuyer = intro.buyerFirst.trim() === '' && intro.buyerLast.trim() === '';
  const sameMethod = paymentMethods.find((m) => m.toLowerCase() === intro.payment.toLowerCase());
  return {
    amount: centsToDecimal(Math.max(0, intro.owedCents)),
    payment: sameMethod ?? paymentMethods[0] ?? '',
    refundRef: '',
    refundFirst: noBuyer ? intro.recipientFirst : intro.buyerFirst,
    refundLast: noBuyer ? intro.recipientLast : intro.buyerLast,
  };
}

export type Checked<T> = { ok: true; data: T } | { ok: false; message: string };

/** A number and not negative, and above zero since a refund of nothing posts nothing. */
export function refundData(introId: string, draft: RefundDraft, idempotencyKey: string): Checked<IntroRefund> {
  const cents = parseCents(draft.amount);
  if (cents === null || cents < 0) return { ok: false, message: INVALID_REFUND_AMOUNT };
  const result = introRefundSchema.safeParse({
    action: 'Refund',
    id: introId,
    payment: draft.payment,
    refundFirst: draft.refundFirst,
    refundLast: draft.refundLast,
    refundRef: draft.refundRef,
    priceCents: cents,
    idempotencyKey,
  });
  return result.success ? { ok: true, data: result.data } : { ok: false, message: result.error.issues[0]!.message };
}

/** The amount paid and method as shown; the server books what is still owed. */
export function cancelData(
  intro: Pick<IntroListItem, 'id' | 'payment' | 'priceCents'>,
  writtenDown: boolean,
  idempotencyKey: string,
): Checked<IntroCancel> {
  const result = introCancelSchema.safeParse({
    action: 'Cancel',
    id: intro.id,
    payment: intro.payment,
    priceCents: intro.priceCents,
    writtenDown,
    idempotencyKey,
  });
  return result.success ? { ok: true, data: result.data } : { ok: false, message: result.error.issues[0]!.message };
}

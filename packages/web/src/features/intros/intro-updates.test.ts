import { describe, expect, it } from 'vitest';
import { cancelData, INVALID_REFUND_AMOUNT, refundData, refundDefaults, type RefundDraft } from './intro-updates.ts';

const ID = '0b5e3c2a-6f1d-4c1e-9a55-3f7e2d1c0b9a';
const KEY = 'refund-key-1';

const intro = {
  id: ID,
  owedCents: 15_000,
  priceCents: 15_000,
  payment: 'credit card',
  buyerFirst: 'Bea',
  buyerLast: 'Buyer',
  recipientFirst: 'Pat',
  recipientLast: 'Passenger',
};

describe('refundDefaults', () => {
  it('offers what is still owed, the way it was paid, to the buyer', () => {
    expect(refundDefaults(intro, ['Cash', 'Credit Card'])).toEqual({
      amount: '150.00',
      payment: 'Credit Card',
      refundRef: '',
      refundFirst: 'Bea',
      refundLast: 'Buyer',
    });
  });

  it('falls back to the first method and, without a buyer, to the passenger', () => {
    expect(
      refundDefaults({ ...intro, owedCents: 2_550, payment: 'Gift', buyerFirst: '', buyerLast: ' ' }, ['Cash']),
    ).toEqual({
      amount: '25.50',
      payment: 'Cash',
      refundRef: '',
      refundFirst: 'Pat',
      refundLast: 'Passenger',
    });
  });
});

describe('refundData', () => {
  const draft: RefundDraft = {
    amount: '150.00',
    payment: 'Cash',
    refundRef: 'R-1',
    refundFirst: 'Bea',
    refundLast: 'Buyer',
  };

  it('sends the amount in cents', () => {
    expect(refundData(ID, { ...draft, amount: '$75.5' }, KEY)).toEqual({
      ok: true,
      data: {
        action: 'Refund',
        id: ID,
        payment: 'Cash',
        refundFirst: 'Bea',
        refundLast: 'Buyer',
        refundRef: 'R-1',
        priceCents: 7_550,
        idempotencyKey: KEY,
      },
    });
  });

  it('refuses a non-number, a negative and a zero amount with "Invalid refund amount"', () => {
    for (const amount of ['', 'ten', '12.345', '-5', '0', '0.00']) {
      expect(refundData(ID, { ...draft, amount }, KEY)).toEqual({ ok: false, message: INVALID_REFUND_AMOUNT });
    }
  });

  it('needs a refund method', () => {
    expect(refundData(ID, { ...draft, payment: '' }, KEY)).toEqual({ ok: false, message: 'Choose a refund method' });
  });
});

describe('cancelData', () => {
  it('sends the amount paid, the payment method and the written-down tick', () => {
    expect(cancelData(intro, true, KEY)).toEqual({
      ok: true,
      data: {
        action: 'Cancel',
        id: ID,
        payment: 'credit card',
        priceCents: 15_000,
        writtenDown: true,
        idempotencyKey: KEY,
      },
    });
  });
});

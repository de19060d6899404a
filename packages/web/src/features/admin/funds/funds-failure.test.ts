import { describe, expect, it } from 'vitest';
import { failureText, nextFailure, readRefusal } from './funds-failure.ts';

describe('readRefusal: the field a funds refusal is about', () => {
  it("takes the field the server's schema names, and the reason after it", () => {
    expect(readRefusal('Invalid body: block.startDate: Use a date between 1900-01-01 and 9999-12-31')).toEqual({
      field: 'block.startDate',
      reason: 'Use a date between 1900-01-01 and 9999-12-31',
    });
    expect(readRefusal('Invalid body: amountCents: The amount is too large')).toEqual({
      field: 'amountCents',
      reason: 'The amount is too large',
    });
  });

  it("a list's entry is the list's field", () => {
    expect(readRefusal('Invalid body: taxRates.0: Too big').field).toBe('taxRates');
  });

  it("knows the services' refusals about one field by their words", () => {
    expect(readRefusal('Unknown payment method Cheque: use one of Cash, E-Transfer').field).toBe('transferType');
    expect(readRefusal('Unknown fee class Hangar').field).toBe('feeType');
    expect(readRefusal('Unknown tax GST').field).toBe('taxRates');
    expect(
      readRefusal('The block Season rental is not active: activate it in Administration, or choose another').field,
    ).toBe('block.id');
    expect(
      readRefusal(
        'The block Season rental has no price: set its price in Administration, or override it with an amount',
      ).field,
    ).toBe('block.id');
    expect(readRefusal('No block b-9 at this club').field).toBe('block.id');
    expect(readRefusal('Enter the amount to charge when overriding the block price').field).toBe('amountCents');
  });

  it('a refusal about no field keeps its whole message', () => {
    expect(readRefusal('No such member at this club')).toEqual({ field: null, reason: 'No such member at this club' });
    expect(readRefusal('Transactions on or before the lock date 2026-05-31 cannot be posted')).toEqual({
      field: null,
      reason: 'Transactions on or before the lock date 2026-05-31 cannot be posted',
    });
  });
});

describe('nextFailure and failureText: one message, counted (issue 25 item 14)', () => {
  const refused = 'Invalid body: block.startDate: Use a date between 1900-01-01 and 9999-12-31';

  it('the same refusal five times is one failure counting 5', () => {
    let failure = null;
    for (let n = 0; n < 5; n++) failure = nextFailure(failure, 'Failed to add block time to user', refused);
    expect(failure).toEqual({
      heading: 'Failed to add block time to user',
      reason: 'Use a date between 1900-01-01 and 9999-12-31',
      field: 'block.startDate',
      count: 5,
    });
    expect(failureText(failure!)).toBe(
      'Failed to add block time to user: Use a date between 1900-01-01 and 9999-12-31 (refused 5 times)',
    );
  });

  it('another reason starts again at one, and once reads without a count', () => {
    const first = nextFailure(null, 'Failed to add funds', 'Unknown payment method Cheque: use one of Cash');
    const other = nextFailure(first, 'Failed to add funds', 'No such member at this club');
    expect(other.count).toBe(1);
    expect(failureText(other)).toBe('Failed to add funds: No such member at this club');
  });
});

import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  expirationDate,
  initialSaleDraft,
  saleBody,
  saleProblem,
  saleReady,
  updateDraft,
  withExpirationDate,
  withLaunchType,
  withPurchaseDate,
  withStaleDays,
} from './sale-form.ts';

const fresh = () => initialSaleDraft({ today: '2026-06-30', staleDays: 365, payment: 'Cash' });

describe('dates', () => {
  it('adds and counts calendar days across month, year and leap day', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(daysBetween('2026-06-30', '2027-06-30')).toBe(365);
    expect(daysBetween('2026-06-30', '2026-06-01')).toBe(-29);
  });

  it('starts with today and the club default stale period: expiration = purchase date + stale days', () => {
    const draft = fresh();
    expect(draft.date).toBe('2026-06-30');
    expect(draft.staleDays).toBe(365);
    expect(expirationDate(draft)).toBe('2027-06-30');
  });

  it('moves the expiration date with the purchase date and the stale days', () => {
    const moved = withPurchaseDate(fresh(), '2026-07-10');
    expect(expirationDate(moved)).toBe('2027-07-10');
    expect(expirationDate(withStaleDays(moved, 30))).toBe('2026-08-09');
    expect(withStaleDays(moved, -1)).toBe(moved);
    expect(withPurchaseDate(moved, '')).toBe(moved);
  });

  it('sets the stale days from an edited expiration date, 0 when before the purchase date', () => {
    const draft = withExpirationDate(fresh(), '2026-09-28');
    expect(draft.staleDays).toBe(90);
    expect(expirationDate(draft)).toBe('2026-09-28');
    const before = withExpirationDate(fresh(), '2026-06-01');
    expect(before.staleDays).toBe(0);
    expect(expirationDate(before)).toBe('2026-06-30');
    expect(withExpirationDate(fresh(), '2026-02-30')).toEqual(fresh());
  });
});

describe('passenger same as buyer', () => {
  it('copies the buyer when ticked and keeps following the buyer', () => {
    let draft = updateDraft(fresh(), {
      buyerFirst: 'Bea',
      buyerLast: 'Buyer',
      buyerEmail: 'bea@example.org',
      recipientFirst: 'Pat',
    });
    draft = updateDraft(draft, { sameAsBuyer: true });
    expect([draft.recipientFirst, draft.recipientLast, draft.recipientEmail]).toEqual([
      'Bea',
      'Buyer',
      'bea@example.org',
    ]);
    draft = updateDraft(draft, { buyerLast: 'Byers' });
    expect(draft.recipientLast).toBe('Byers');
    // A passenger field typed while mirroring gives way to the buyer's.
    draft = updateDraft(draft, { recipientFirst: 'Someone' });
    expect(draft.recipientFirst).toBe('Bea');
  });

  it('keeps the copied names when unticked, then lets them differ', () => {
    let draft = updateDraft(fresh(), { buyerFirst: 'Bea', buyerLast: 'Buyer', sameAsBuyer: true });
    draft = updateDraft(draft, { sameAsBuyer: false });
    draft = updateDraft(draft, { recipientFirst: 'Pat' });
    expect([draft.buyerFirst, draft.recipientFirst, draft.recipientLast]).toEqual(['Bea', 'Pat', 'Buyer']);
  });
});

describe('launch type and readiness', () => {
  const launch = { id: 'Intro flight', taxStatus: 'inclusive' as const, taxRates: ['HST'] };

  it('is exempt until a launch type brings its tax status and rates', () => {
    expect(fresh().taxStatus).toBe('exempt');
    const draft = withLaunchType(fresh(), launch);
    expect([draft.launchType, draft.taxStatus, draft.taxRates]).toEqual(['Intro flight', 'inclusive', ['HST']]);
    expect(withLaunchType(draft, undefined).launchType).toBe('');
  });

  it('is ready only with a launch type and the passenger first and last names', () => {
    let draft = updateDraft(fresh(), { recipientFirst: 'Pat', recipientLast: 'Passenger' });
    expect(saleReady(draft)).toBe(false);
    draft = withLaunchType(draft, launch);
    expect(saleReady(draft)).toBe(true);
    expect(saleReady(updateDraft(draft, { recipientLast: '   ' }))).toBe(false);
  });
});

describe('saleBody', () => {
  const ready = () =>
    updateDraft(withLaunchType(fresh(), { id: 'Intro flight', taxStatus: 'inclusive', taxRates: ['HST'] }), {
      recipientFirst: 'Pat',
      recipientLast: 'Passenger',
      buyerEmail: ' bea@example.org ',
    });

  it('sends the price shown, the expiration date and the tax names', () => {
    const body = saleBody(ready(), 15_000, 'key-12345678');
    expect(body).toMatchObject({
      idempotencyKey: 'key-12345678',
      launchType: 'Intro flight',
      priceCents: 15_000,
      payment: 'Cash',
      buyerEmail: 'bea@example.org',
      date: '2026-06-30',
      staleDate: '2027-06-30',
      taxStatus: 'inclusive',
      taxRates: ['HST'],
    });
    expect(saleProblem(body)).toBeNull();
  });

  it('sends no tax names for an exempt sale', () => {
    expect(saleBody(updateDraft(ready(), { taxStatus: 'exempt' }), 15_000, 'key-12345678').taxRates).toEqual([]);
  });

  it('names the field the server would refuse', () => {
    expect(
      saleProblem(saleBody(updateDraft(ready(), { recipientEmail: 'not-an-email' }), 15_000, 'key-12345678')),
    ).toBe('Passenger email: Enter a valid email address');
    expect(saleProblem(saleBody(updateDraft(ready(), { payment: '' }), 15_000, 'key-12345678'))).toBe(
      'Payment method: Choose a payment method',
    );
  });
});

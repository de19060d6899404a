import { describe, expect, it } from 'vitest';
import { adjustmentAmountCents, introPeriodDays, lockDateProblem, truncateAmountText } from './admin-inputs.ts';

describe('adjustment amount (truncated to two decimals, rounded down, non-empty and non-zero, min 0)', () => {
  it('drops decimals past the second, never rounding up', () => {
    expect(truncateAmountText('12.349')).toBe('12.34');
    expect(truncateAmountText('0.999')).toBe('0.99');
    expect(truncateAmountText('.129')).toBe('.12');
    expect(truncateAmountText('12.3')).toBe('12.3');
    expect(truncateAmountText('12')).toBe('12');
  });

  it('reads the truncated amount in cents', () => {
    expect(adjustmentAmountCents('12.349')).toBe(1234);
    expect(adjustmentAmountCents('12.3')).toBe(1230);
    expect(adjustmentAmountCents('250')).toBe(25_000);
    expect(adjustmentAmountCents('0.01')).toBe(1);
  });

  it('refuses what rounds down to zero, zero, empty, negative and non-numbers', () => {
    expect(adjustmentAmountCents('0.001')).toBeNull();
    expect(adjustmentAmountCents('0')).toBeNull();
    expect(adjustmentAmountCents('')).toBeNull();
    expect(adjustmentAmountCents('  ')).toBeNull();
    expect(adjustmentAmountCents('-5')).toBeNull();
    expect(adjustmentAmountCents('abc')).toBeNull();
    expect(adjustmentAmountCents('1e3')).toBeNull();
  });
});

describe('transaction lock date (may only move forward)', () => {
  const today = '2026-08-15';
  it('must be after the current lock date', () => {
    expect(lockDateProblem('2026-06-30', '2026-06-30', today)).toBe(
      'The new lock date must be after the current lock date',
    );
    expect(lockDateProblem('2026-05-31', '2026-06-30', today)).toBe(
      'The new lock date must be after the current lock date',
    );
    expect(lockDateProblem('2026-07-01', '2026-06-30', today)).toBeNull();
  });

  it('must be before today in the club zone: today’s entries are still being made', () => {
    expect(lockDateProblem('2026-08-14', null, today)).toBeNull();
    expect(lockDateProblem('2026-08-15', null, today)).toBe('The lock date must be before today');
    expect(lockDateProblem('2026-09-01', '2026-06-30', today)).toBe('The lock date must be before today');
  });

  it('any earlier date when nothing is locked yet; a date is required', () => {
    expect(lockDateProblem('2020-01-01', null, today)).toBeNull();
    expect(lockDateProblem('', null, today)).toBe('Choose a lock date');
  });
});

describe('default intro expiration period', () => {
  it('is whole days from 0 to 3650', () => {
    expect(introPeriodDays('365')).toBe(365);
    expect(introPeriodDays('0')).toBe(0);
    expect(introPeriodDays('3650')).toBe(3650);
    expect(introPeriodDays('3651')).toBeNull();
    expect(introPeriodDays('1.5')).toBeNull();
    expect(introPeriodDays('-1')).toBeNull();
    expect(introPeriodDays('')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import type { BlockRuleItem } from '@flightline/domain/api/types';
import { BLOCK_DEFAULTS } from '@flightline/domain/schemas/fleet';
import {
  AMOUNT_PROBLEM,
  amountCents,
  blockLeft,
  blockProblem,
  chargeText,
  depositCents,
  depositProblem,
  expenseCharge,
  expenseProblem,
  expenseTypeOptions,
  membershipYearToDate,
  ruleOffer,
  sellableRules,
  type BlockDraft,
} from './funds-rules.ts';

const HST = { HST: 0.13 };

describe('amountCents: typed text straight to cents (not a number or zero disables submit)', () => {
  it.each([
    ['100', 10000],
    ['100.00', 10000],
    ['0.07', 7],
    ['12.5', 1250],
    ['$1,234.56', 123456],
    [' 20 ', 2000],
    ['-12.50', -1250],
    ['1000000', 100_000_000],
    // 0.1 + 0.2 style float noise never enters: 19.99 is 1999 cents exactly.
    ['19.99', 1999],
  ])('%s → %i', (text, cents) => expect(amountCents(text)).toBe(cents));

  it.each(['', '   ', '0', '0.00', '-0', 'abc', '12.345', '1e3', '12..5', '1000000.01'])('%j → null', (text) =>
    expect(amountCents(text)).toBeNull(),
  );
});

describe('deposit', () => {
  it('a deposit adds the amount; Pay out (or a negative amount) takes it off', () => {
    expect(depositCents({ amount: '100', payOut: false })).toBe(10000);
    expect(depositCents({ amount: '100', payOut: true })).toBe(-10000);
    expect(depositCents({ amount: '-25.10', payOut: false })).toBe(-2510);
    expect(depositCents({ amount: '-25.10', payOut: true })).toBe(-2510);
    expect(depositCents({ amount: '0', payOut: true })).toBeNull();
  });

  it('is ready with a non-zero amount and a transfer type', () => {
    expect(depositProblem({ amount: '100.00', payOut: false, transferType: 'Cash' })).toBeNull();
    expect(depositProblem({ amount: '', payOut: false, transferType: 'Cash' })).toBe(AMOUNT_PROBLEM);
    expect(depositProblem({ amount: '0', payOut: false, transferType: 'Cash' })).toBe(AMOUNT_PROBLEM);
    expect(depositProblem({ amount: 'ten', payOut: false, transferType: 'Cash' })).toBe(AMOUNT_PROBLEM);
    expect(depositProblem({ amount: '10', payOut: false, transferType: '' })).toBe('Choose how the money came in');
  });
});

describe('expense', () => {
  const ready = { amount: '20', feeType: '60510', taxStatus: 'exclusive' as const, taxRates: ['HST'] };

  it('is ready with a positive amount, a fee class or code, and its taxes', () => {
    expect(expenseProblem(ready)).toBeNull();
    expect(expenseProblem({ ...ready, taxStatus: 'exempt', taxRates: [] })).toBeNull();
    expect(expenseProblem({ ...ready, amount: '0.00' })).toBe(AMOUNT_PROBLEM);
    expect(expenseProblem({ ...ready, amount: 'x' })).toBe(AMOUNT_PROBLEM);
    expect(expenseProblem({ ...ready, amount: '-5' })).toBe(
      'An expense is a positive amount; to undo one, an admin reverses its transaction',
    );
    expect(expenseProblem({ ...ready, feeType: '' })).toBe('Choose a fee class or expense code');
    expect(expenseProblem({ ...ready, taxRates: [] })).toBe('Choose the applicable taxes, or make it Exempt');
  });

  it('charges exactly what the server posts: exclusive on top, inclusive split to the cent', () => {
    expect(expenseCharge(ready, HST)).toEqual({
      netCents: 2000,
      taxes: [{ name: 'HST', cents: 260 }],
      totalCents: 2260,
    });
    expect(chargeText(expenseCharge(ready, HST)!, 'exclusive')).toBe('$20.00 + HST $2.60 = $22.60');
    const inclusive = expenseCharge({ amount: '113', taxStatus: 'inclusive', taxRates: ['HST'] }, HST)!;
    expect(inclusive).toEqual({ netCents: 10000, taxes: [{ name: 'HST', cents: 1300 }], totalCents: 11300 });
    expect(chargeText(inclusive, 'inclusive')).toBe('$113.00 (HST $13.00 included)');
    // Two rates, half away from zero: 0.05 × 10.10 = 0.505 → 0.51; 0.08 × 10.10 = 0.808 → 0.81.
    const two = expenseCharge(
      { amount: '10.10', taxStatus: 'exclusive', taxRates: ['GST', 'PST'] },
      { GST: 0.05, PST: 0.08 },
    )!;
    expect(chargeText(two, 'exclusive')).toBe('$10.10 + GST $0.51 + PST $0.81 = $11.42');
    expect(chargeText(expenseCharge({ ...ready, taxStatus: 'exempt' }, HST)!, 'exempt')).toBe('$20.00');
  });

  it('leaves out a tax the club no longer has, and shows nothing for a bad amount', () => {
    expect(expenseCharge({ ...ready, taxRates: ['HST', 'Old tax'] }, HST)!.totalCents).toBe(2260);
    expect(expenseCharge({ ...ready, amount: '-1' }, HST)).toBeNull();
    expect(expenseCharge({ ...ready, amount: '' }, HST)).toBeNull();
  });

  it('offers the fee classes, then the expense codes with their names', () => {
    expect(expenseTypeOptions(['Membership', 'Hangar'])).toEqual({
      feeClasses: [
        { value: 'Membership', label: 'Membership' },
        { value: 'Hangar', label: 'Hangar' },
      ],
      expenseCodes: [
        { value: '60510', label: '60510 Field maintenance' },
        { value: '60520', label: '60520 Clubhouse supplies' },
        { value: '60530', label: '60530 Glider Maintenance' },
        { value: '60900', label: '60900 Other' },
      ],
    });
  });
});

describe('block', () => {
  const ready: BlockDraft = {
    ruleId: '7',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    override: false,
    overrideAmount: '',
  };

  it('submit is disabled while start or end is empty, and until a rule is chosen', () => {
    expect(blockProblem(ready)).toBeNull();
    expect(blockProblem({ ...ready, startDate: '' })).toBe('Set the start and end dates');
    expect(blockProblem({ ...ready, endDate: '' })).toBe('Set the start and end dates');
    expect(blockProblem({ ...ready, ruleId: '' })).toBe('Choose a block');
    expect(blockProblem({ ...ready, endDate: '2026-02-30' })).toBe('Use dates like 2026-06-30');
    expect(blockProblem({ ...ready, endDate: '2025-12-31' })).toBe('The block must end on or after its start');
    expect(blockProblem({ ...ready, endDate: '2026-01-01' })).toBeNull();
  });

  it('with override, a price other than zero is needed', () => {
    expect(blockProblem({ ...ready, override: true, overrideAmount: '' })).toBe('Enter the price to charge');
    expect(blockProblem({ ...ready, override: true, overrideAmount: '0' })).toBe('Enter the price to charge');
    expect(blockProblem({ ...ready, override: true, overrideAmount: '-5' })).toBe('Enter the price to charge');
    expect(blockProblem({ ...ready, override: true, overrideAmount: '150.00' })).toBeNull();
    // Without override the typed price is ignored.
    expect(blockProblem({ ...ready, overrideAmount: 'junk' })).toBeNull();
  });

  // A rule as the club makes one from the defaults: 600 minutes for $300.00, taxed HST on top.
  const rule = (id: string, name: string, extra: Partial<BlockRuleItem> = {}): BlockRuleItem => ({
    ...BLOCK_DEFAULTS,
    id,
    name,
    amount: 600,
    blockPriceCents: 30000,
    taxStatus: 'exclusive',
    taxRates: ['HST'],
    ...extra,
  });

  it('sells only active rules, by name, and says what each one buys', () => {
    const rules = [
      rule('1', 'Season'),
      rule('2', 'Old', { active: false }),
      rule('3', 'Dollars', { units: '$', amount: 25000, taxStatus: 'inclusive' }),
    ];
    expect(sellableRules(rules).map((r) => r.id)).toEqual(['3', '1']);
    expect(ruleOffer(rules[0]!)).toBe('600 minutes for $300.00 + HST');
    expect(ruleOffer(rules[2]!)).toBe('$250.00 of flying for $300.00 (tax included)');
    expect(
      ruleOffer(
        rule('4', 'Unl', { units: 'unlimited', amount: 0, taxStatus: 'exempt', taxRates: [], blockPriceCents: 45000 }),
      ),
    ).toBe('Unlimited flying for $450.00');
  });

  it('shows what is left in the block units', () => {
    expect(blockLeft({ blockUnits: '$', blockBalance: 12050 })).toBe('$120.50');
    expect(blockLeft({ blockUnits: 'minutes', blockBalance: 540 })).toBe('540 min');
    expect(blockLeft({ blockUnits: 'unlimited', blockBalance: 0 })).toBe('Unlimited');
  });
});

describe('membershipYearToDate: the history opens on the membership year so far', () => {
  it.each([
    ['2026-06-15', '12-31', '2026-01-01'],
    ['2026-01-01', '12-31', '2026-01-01'],
    ['2026-12-31', '12-31', '2026-01-01'],
    ['2026-04-01', '03-31', '2026-04-01'],
    ['2026-03-31', '03-31', '2025-04-01'],
    ['2026-10-20', '09-30', '2026-10-01'],
    // 29 Feb in a common year ends the year on 1 March.
    ['2026-03-05', '02-29', '2026-03-02'],
    ['2026-06-15', 'bad', '2026-01-01'],
  ])('%s with year end %s starts %s', (today, yearEnd, start) => {
    expect(membershipYearToDate(today, yearEnd)).toEqual({ startDate: start, endDate: today });
  });
});

import { describe, expect, it } from 'vitest';
import { backLabel, parentView, viewFromParams, viewTitle, viewToParams, type AccountingView } from './views.ts';

const views: AccountingView[] = [
  { kind: 'summary' },
  { kind: 'cashIn' },
  { kind: 'deposits', transferType: 'E-transfer' },
  { kind: 'taxes' },
  { kind: 'taxTransactions', taxType: 'HST' },
  { kind: 'members' },
  { kind: 'memberHistory', userId: 'u-42', name: 'Mary Member' },
  { kind: 'intros' },
  { kind: 'revenue', balance: 'TowRevenue' },
  { kind: 'revenue', balance: 'OtherRevenue' },
];

describe('accounting drill-downs', () => {
  it('title of the overview is "{club name} Summary"', () => {
    expect(viewTitle({ kind: 'summary' }, 'Demo Soaring Club')).toBe('Demo Soaring Club Summary');
  });

  it('each drill-down has a Back button to its parent table', () => {
    expect(backLabel({ kind: 'cashIn' })).toBe('Back to Summary');
    expect(backLabel({ kind: 'deposits', transferType: 'Cash' })).toBe('Back to Cash In');
    expect(backLabel({ kind: 'taxTransactions', taxType: 'GST' })).toBe('Back to Sales Tax A/P');
    expect(backLabel({ kind: 'memberHistory', userId: 'u', name: 'M' })).toBe('Back to Members A/P');
    expect(backLabel({ kind: 'intros' })).toBe('Back to Summary');
    expect(backLabel({ kind: 'revenue', balance: 'OtherRevenue' })).toBe('Back to Summary');
    expect(parentView({ kind: 'memberHistory', userId: 'u', name: 'M' })).toEqual({ kind: 'members' });
  });

  it('every view survives the trip through the address', () => {
    for (const view of views) {
      expect(viewFromParams(new URLSearchParams(viewToParams(view)))).toEqual(view);
    }
  });

  it('an unknown or incomplete address falls back to the nearest table that can be shown', () => {
    expect(viewFromParams(new URLSearchParams('view=nonsense'))).toEqual({ kind: 'summary' });
    expect(viewFromParams(new URLSearchParams(''))).toEqual({ kind: 'summary' });
    expect(viewFromParams(new URLSearchParams('view=deposits'))).toEqual({ kind: 'cashIn' });
    expect(viewFromParams(new URLSearchParams('view=taxTransactions'))).toEqual({ kind: 'taxes' });
    expect(viewFromParams(new URLSearchParams('view=memberHistory&name=X'))).toEqual({ kind: 'members' });
  });
});

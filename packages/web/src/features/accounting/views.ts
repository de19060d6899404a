/**
 * The accounting summary and its drill-downs. The view lives in the address
 * (?view=…), so a phone's Back button returns to the parent table as the
 * 'Back to …' button does.
 */

export const REVENUE_VIEWS = ['TowRevenue', 'RentalRevenue', 'IntroRevenue', 'OtherRevenue'] as const;
export type RevenueBalance = (typeof REVENUE_VIEWS)[number];

export type AccountingView =
  | { kind: 'summary' }
  | { kind: 'cashIn' }
  | { kind: 'deposits'; transferType: string }
  | { kind: 'taxes' }
  | { kind: 'taxTransactions'; taxType: string }
  | { kind: 'members' }
  | { kind: 'memberHistory'; userId: string; name: string }
  | { kind: 'intros' }
  | { kind: 'revenue'; balance: RevenueBalance };

export const SUMMARY: AccountingView = { kind: 'summary' };

export const REVENUE_TITLES: Record<RevenueBalance, string> = {
  TowRevenue: 'Tow Revenue',
  RentalRevenue: 'Rental Revenue',
  IntroRevenue: 'Intro Revenue',
  OtherRevenue: 'Other Revenue',
};

/** The table a drill-down returns to ('Back to …', or after a failed load). */
export function parentView(view: AccountingView): AccountingView {
  switch (view.kind) {
    case 'deposits':
      return { kind: 'cashIn' };
    case 'taxTransactions':
      return { kind: 'taxes' };
    case 'memberHistory':
      return { kind: 'members' };
    default:
      return SUMMARY;
  }
}

/** The heading of a view; the summary's is '{club name} Summary'. */
export function viewTitle(view: AccountingView, clubName: string): string {
  switch (view.kind) {
    case 'summary':
      return `${clubName} Summary`;
    case 'cashIn':
      return 'Cash In';
    case 'deposits':
      return `Cash In: ${view.transferType}`;
    case 'taxes':
      return 'Sales Tax A/P';
    case 'taxTransactions':
      return `Sales Tax A/P: ${view.taxType}`;
    case 'members':
      return 'Members A/P';
    case 'memberHistory':
      return `Members A/P: ${view.name}`;
    case 'intros':
      return 'Intro A/P';
    case 'revenue':
      return REVENUE_TITLES[view.balance];
  }
}

/** 'Back to Summary', 'Back to Cash In', … */
export function backLabel(view: AccountingView): string {
  const parent = parentView(view);
  return `Back to ${parent.kind === 'summary' ? 'Summary' : viewTitle(parent, '')}`;
}

/** The address's search parameters for a view (none for the summary). */
export function viewToParams(view: AccountingView): Record<string, string> {
  switch (view.kind) {
    case 'summary':
      return {};
    case 'deposits':
      return { view: 'deposits', transferType: view.transferType };
    case 'taxTransactions':
      return { view: 'taxTransactions', taxType: view.taxType };
    case 'memberHistory':
      return { view: 'memberHistory', id: view.userId, name: view.name };
    case 'revenue':
      return { view: view.balance };
    default:
      return { view: view.kind };
  }
}

/** The view an address names; anything unknown or incomplete is the summary. */
export function viewFromParams(params: URLSearchParams): AccountingView {
  const kind = params.get('view') ?? '';
  const text = (name: string) => params.get(name) ?? '';
  switch (kind) {
    case 'cashIn':
    case 'taxes':
    case 'members':
    case 'intros':
      return { kind };
    case 'deposits':
      return text('transferType') ? { kind, transferType: text('transferType') } : { kind: 'cashIn' };
    case 'taxTransactions':
      return text('taxType') ? { kind, taxType: text('taxType') } : { kind: 'taxes' };
    case 'memberHistory':
      return text('id') ? { kind, userId: text('id'), name: text('name') || text('id') } : { kind: 'members' };
    default:
      return (REVENUE_VIEWS as readonly string[]).includes(kind)
        ? { kind: 'revenue', balance: kind as RevenueBalance }
        : SUMMARY;
  }
}

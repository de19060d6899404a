import { formatMoney } from '@flightline/domain/money/money';

/** An amount of money, in red when it is below zero (a debt, a charge). */
export function Money({ cents }: { cents: number }) {
  return <span className={cents < 0 ? 'text-danger' : undefined}>{formatMoney(cents)}</span>;
}

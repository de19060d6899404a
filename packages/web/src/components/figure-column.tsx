import type { ReactNode } from 'react';
import { Money } from './money.tsx';

/** A column heading over figures: right-aligned, as the figures under it are. */
export function NumberHeading({ children }: { children: ReactNode }) {
  return (
    <th scope="col" className="text-end">
      {children}
    </th>
  );
}

/** An amount in a table: right-aligned and never wrapped, so the column's figures line up. */
export function MoneyCell({ cents, className }: { cents: number; className?: string }) {
  return (
    <td className={className ? `${className} text-end text-nowrap` : 'text-end text-nowrap'}>
      <Money cents={cents} />
    </td>
  );
}

import type { BlockBalance, SessionInfo } from '@flightline/domain/api-types';
import { centsToDecimal, formatMoney } from '@flightline/domain/money';
import { seesBackOffice } from '../../lib/session.ts';

export interface MenuItem {
  label: string;
  to: string;
}

export interface MenuSection {
  title: string;
  items: MenuItem[];
}

/** The home page's activity menu for this person's rights. */
export function menuSections(session: SessionInfo): MenuSection[] {
  const sections: MenuSection[] = [
    {
      title: 'Gliding',
      items: [
        { label: 'Request Flight', to: '/crew/' },
        { label: 'Record Launch or Landing', to: '/ground/' },
      ],
    },
    {
      title: 'Tow Pilots',
      items: [
        { label: 'Log Fuel, Oil, or Shift Change', to: '/fuel/' },
        { label: 'Awaiting Launches', to: '/awaiting/' },
      ],
    },
    {
      title: 'Records',
      items: [
        { label: 'Flight Logs', to: '/logs/' },
        { label: 'User Account Summary', to: '/userAccount' },
        { label: 'Emergency Contacts / Directory', to: '/emergency/' },
      ],
    },
  ];
  if (seesBackOffice(session)) {
    const items: MenuItem[] = [{ label: 'Admin', to: '/admin/' }];
    if (session.userIsAdmin) {
      items.push({ label: 'Accounting Charts', to: '/accounts' }, { label: 'Accounting Admin', to: '/accountingAdmin' });
    }
    sections.push({ title: 'Back Office', items });
  }
  return sections;
}

/** A block's remaining balance in its own units: money, minutes, or Unlimited. */
export function blockBalanceText(block: Pick<BlockBalance, 'blockUnits' | 'blockBalance'>): string {
  if (block.blockUnits === '$') return formatMoney(block.blockBalance);
  if (block.blockUnits === 'minutes') return `${block.blockBalance} minutes`;
  return 'Unlimited';
}

/** The balance line as the spec words it, "Your account balance: $" and two decimals: "$0.00", "$-12.50", "$1234.56". */
export function balanceText(balanceCents: number): string {
  return `Your account balance: $${centsToDecimal(balanceCents)}`;
}

import type { BlockBalance, SessionInfo } from '../api/types.ts';
import { centsToDecimal, formatMoney } from '../money/money.ts';

/**
 * Home's menu and account lines: the web app draws them, and the server draws
 * the same in the HTML of Home for a signed-in member (home-page-html.ts).
 */

export interface MenuItem {
  label: string;
  to: string;
}

export interface MenuSection {
  title: string;
  items: MenuItem[];
}

/** Only web addresses become links: a club's link is typed by an admin. */
export function isWebAddress(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/** The logo is an image uploaded for the club and served by this site (the pages load images from nowhere else). */
export function isUploadedLogo(url: string): boolean {
  return url.startsWith('/api/club-logo/');
}

/** Back Office is for admins and holders of add-funds, add-intros or update-gliders rights. */
export function seesBackOffice(s: SessionInfo): boolean {
  return s.userIsActive && (s.userIsAdmin || s.userCanAddFunds || s.userCanAddIntros || s.userCanUpdateGliders);
}

/** The home page's activity menu for this person's rights. */
export function menuSections(session: SessionInfo): MenuSection[] {
  const sections: MenuSection[] = [
    {
      title: 'Gliding',
      items: [
        { label: 'Request Flight', to: '/crew/' },
        { label: 'Record Launch or Landing', to: '/ground/' },
        { label: 'Duty Roster', to: '/roster' },
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
        { label: 'Glider Logbooks', to: '/gliders' },
        { label: 'User Account Summary', to: '/userAccount' },
        { label: 'Emergency Contacts / Directory', to: '/emergency/' },
      ],
    },
  ];
  // Club metrics are the club's instructors' and admins' (the server refuses anyone else).
  if (session.userIsActive && (session.userIsAdmin || session.isInstructor))
    sections[2]!.items.push({ label: 'Club Metrics', to: '/metrics' });
  if (seesBackOffice(session)) {
    const items: MenuItem[] = [{ label: 'Admin', to: '/admin/' }];
    if (session.userIsAdmin) {
      items.push(
        { label: 'Accounting Charts', to: '/accounts' },
        { label: 'Accounting Admin', to: '/accountingAdmin' },
      );
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

/**
 * The balance line as the spec words it, "Your account balance: $" and two decimals: "$0.00", "$-12.50",
 * "$1234.56".
 */
export function balanceText(balanceCents: number): string {
  return `Your account balance: $${centsToDecimal(balanceCents)}`;
}

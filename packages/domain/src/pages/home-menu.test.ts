import { describe, expect, it } from 'vitest';
import type { SessionInfo } from '../api/types.ts';
import { balanceText, blockBalanceText, menuSections } from './home-menu.ts';
import { memberSession } from '../fixtures/session.ts';

const member = memberSession({ email: 'member@example.org' });

const titles = (s: SessionInfo) => menuSections(s).map((section) => section.title);
const labels = (s: SessionInfo, title: string) =>
  menuSections(s)
    .find((section) => section.title === title)
    ?.items.map((i) => i.label);

describe('home menu', () => {
  it('shows a plain member Gliding, Tow Pilots and Records, and no Back Office', () => {
    expect(titles(member)).toEqual(['Gliding', 'Tow Pilots', 'Records']);
    expect(labels(member, 'Gliding')).toEqual(['Request Flight', 'Record Launch or Landing', 'Duty Roster']);
    expect(labels(member, 'Tow Pilots')).toEqual(['Log Fuel, Oil, or Shift Change', 'Awaiting Launches']);
    expect(labels(member, 'Records')).toEqual([
      'Flight Logs',
      'Glider Logbooks',
      'User Account Summary',
      'Emergency Contacts / Directory',
    ]);
  });

  it('gives an admin Back Office with Admin, Accounting Charts and Accounting Admin', () => {
    const admin = {
      ...member,
      userIsAdmin: true,
      userCanAddFunds: true,
      userCanAddIntros: true,
      userCanUpdateGliders: true,
    };
    expect(labels(admin, 'Back Office')).toEqual(['Admin', 'Accounting Charts', 'Accounting Admin']);
  });

  it.each(['userCanAddFunds', 'userCanAddIntros', 'userCanUpdateGliders'] as const)(
    'gives a holder of %s Back Office with Admin only',
    (flag) => {
      expect(labels({ ...member, [flag]: true }, 'Back Office')).toEqual(['Admin']);
    },
  );

  it('links each item to its route', () => {
    const admin = { ...member, userIsAdmin: true };
    expect(menuSections(admin).flatMap((s) => s.items.map((i) => i.to))).toEqual([
      '/crew/',
      '/ground/',
      '/roster',
      '/fuel/',
      '/awaiting/',
      '/logs/',
      '/gliders',
      '/userAccount',
      '/emergency/',
      '/metrics',
      '/admin/',
      '/accounts',
      '/accountingAdmin',
    ]);
  });

  it('adds Club Metrics to Records for an admin or an instructor, not for a plain member', () => {
    expect(labels({ ...member, isInstructor: true }, 'Records')).toEqual([
      'Flight Logs',
      'Glider Logbooks',
      'User Account Summary',
      'Emergency Contacts / Directory',
      'Club Metrics',
    ]);
    expect(labels({ ...member, userIsAdmin: true }, 'Records')).toContain('Club Metrics');
    expect(labels(member, 'Records')).not.toContain('Club Metrics');
  });
});

describe('home balance lines (two decimals)', () => {
  it('writes the balance with two decimals after the exact prefix', () => {
    expect(balanceText(0)).toBe('Your account balance: $0.00');
    expect(balanceText(-1250)).toBe('Your account balance: $-12.50');
    expect(balanceText(123456)).toBe('Your account balance: $1234.56');
  });

  it('writes a block balance in its units', () => {
    expect(blockBalanceText({ blockUnits: '$', blockBalance: 5000 })).toBe('$50.00');
    expect(blockBalanceText({ blockUnits: 'minutes', blockBalance: 90 })).toBe('90 minutes');
    expect(blockBalanceText({ blockUnits: 'unlimited', blockBalance: 0 })).toBe('Unlimited');
  });
});

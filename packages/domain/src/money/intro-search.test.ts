import { describe, expect, it } from 'vitest';
import type { IntroItem } from '../api/types.ts';
import { introItem } from '../fixtures/intro.ts';
import { expiredIntros, introButtonLabel, introMatches, isIntroExpired, searchIntros } from './intro-search.ts';

function intro(SN: string, fields: Partial<IntroItem & { expired: boolean }> = {}): IntroItem & { expired?: boolean } {
  return { ...introItem(SN), ...fields };
}

describe('introButtonLabel', () => {
  it('reads serial number, recipient name and the buyer email when present', () => {
    expect(introButtonLabel(intro('K7QX2M', { buyerEmail: 'bea@example.org' }))).toBe(
      'K7QX2M · Pat Passenger · bea@example.org',
    );
    expect(introButtonLabel(intro('K7QX2M'))).toBe('K7QX2M · Pat Passenger');
  });
});

describe('introMatches', () => {
  const zoe = intro('AB34CD', { recipientFirst: 'Zoë', recipientLast: 'Smith', buyerEmail: 'Gift@Example.org' });

  it('matches the serial number, the recipient full name or the buyer email, ignoring case and accents', () => {
    expect(introMatches(zoe, 'ab34')).toBe(true);
    expect(introMatches(zoe, 'zoe sm')).toBe(true);
    expect(introMatches(zoe, '  ZOË   SMITH ')).toBe(true);
    expect(introMatches(zoe, 'gift@')).toBe(true);
  });

  it('does not match the buyer name or the recipient email', () => {
    const other = intro('XY56ZW', { buyerFirst: 'Bernard', recipientEmail: 'pat@example.org' });
    expect(introMatches(other, 'bernard')).toBe(false);
    expect(introMatches(other, 'pat@')).toBe(false);
  });

  it('matches everything for an empty query', () => {
    expect(introMatches(zoe, '   ')).toBe(true);
  });
});

describe('searchIntros', () => {
  it('offers neither refunded, cancelled nor flown intros, newest purchase first, at most 5', () => {
    const intros = [
      intro('AAAAA1', { date: '2026-01-01' }),
      intro('AAAAA9', { date: '2026-08-01', flightRef: 'flight-1' }),
      intro('AAAAA2', { date: '2026-03-01', refunded: true }),
      intro('AAAAA3', { date: '2026-02-01' }),
      intro('AAAAA4', { date: '2026-04-01', cancelled: true }),
      intro('AAAAA5', { date: '2026-05-01' }),
      intro('AAAAA6', { date: '2026-05-01' }),
      intro('AAAAA7', { date: '2026-06-01' }),
      intro('AAAAA8', { date: '2026-07-01' }),
    ];
    expect(searchIntros(intros, '').map((i) => i.SN)).toEqual(['AAAAA8', 'AAAAA7', 'AAAAA5', 'AAAAA6', 'AAAAA3']);
    expect(searchIntros(intros, 'aaaaa2')).toEqual([]);
    expect(searchIntros(intros, 'aaaaa1').map((i) => i.SN)).toEqual(['AAAAA1']);
  });

  it('does not change the list it is given', () => {
    const intros = [intro('B1', { date: '2026-01-01' }), intro('B2', { date: '2026-02-01' })];
    searchIntros(intros, '');
    expect(intros.map((i) => i.SN)).toEqual(['B1', 'B2']);
  });
});

describe('expiredIntros', () => {
  const today = '2026-06-30';

  it('counts an intro expiring today as expired, and uses the server verdict when given', () => {
    expect(isIntroExpired(intro('C1', { staleDate: '2026-06-30' }), today)).toBe(true);
    expect(isIntroExpired(intro('C2', { staleDate: '2026-07-01' }), today)).toBe(false);
    expect(isIntroExpired(intro('C3', { staleDate: '2026-07-01', expired: true }), today)).toBe(true);
  });

  it(
    'lists offered expired intros (not refunded, cancelled or flown), ' +
      'longest expired first, at most 5; none when none',
    () => {
      const intros = [
        intro('D1', { staleDate: '2026-06-01' }),
        intro('D2', { staleDate: '2025-01-01', refunded: true }),
        intro('DF', { staleDate: '2024-01-01', flightRef: 'flight-1' }),
        intro('D3', { staleDate: '2026-02-01' }),
        intro('D4', { staleDate: '2026-07-01' }),
        intro('D5', { staleDate: '2026-03-01' }),
        intro('D6', { staleDate: '2026-04-01', cancelled: true }),
        intro('D7', { staleDate: '2026-05-01' }),
        intro('D8', { staleDate: '2026-06-30' }),
        intro('D9', { staleDate: '2026-01-15' }),
      ];
      expect(expiredIntros(intros, today).map((i) => i.SN)).toEqual(['D9', 'D3', 'D5', 'D7', 'D1']);
      expect(expiredIntros([intro('E1')], today)).toEqual([]);
    },
  );
});

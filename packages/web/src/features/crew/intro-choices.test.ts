import { describe, expect, it } from 'vitest';
import { intro } from './crew.fixtures.ts';
import { CREW_INTRO_LIMIT, introChoice, introChoices, introDetails } from './intro-choices.ts';

const today = '2026-06-01';

describe('pre-purchased intro search', () => {
  const intros = Array.from({ length: 8 }, (_, i) =>
    intro(`SN000${i}`, {
      date: `2026-05-0${i + 1}`,
      recipientFirst: i === 3 ? 'Zoë' : 'Pat',
      buyerEmail: i === 5 ? 'gift@shop.example' : '',
    }),
  );
  it('shows at most 5, newest purchase first', () => {
    expect(CREW_INTRO_LIMIT).toBe(5);
    expect(introChoices(intros, '', today).map((c) => c.intro.SN)).toEqual([
      'SN0007',
      'SN0006',
      'SN0005',
      'SN0004',
      'SN0003',
    ]);
  });
  it('matches the serial number, the recipient name or the buyer email', () => {
    expect(introChoices(intros, 'sn0002', today).map((c) => c.intro.SN)).toEqual(['SN0002']);
    expect(introChoices(intros, 'zoe pass', today).map((c) => c.intro.SN)).toEqual(['SN0003']);
    expect(introChoices(intros, 'gift@', today).map((c) => c.intro.SN)).toEqual(['SN0005']);
    expect(introChoices(intros, 'nobody', today)).toEqual([]);
  });
  it('labels a button with serial number, recipient name and buyer email', () => {
    const label = introChoice(
      intro('ABC123', { recipientFirst: 'Ivy', recipientLast: 'Intro', buyerEmail: 'bea@example.org' }),
      today,
    ).label;
    for (const part of ['ABC123', 'Ivy Intro', 'bea@example.org']) expect(label).toContain(part);
  });
  it('warns of an intro whose stale date is on or before today', () => {
    expect(introChoice(intro('A', { staleDate: '2026-06-01' }), today)).toMatchObject({
      expired: true,
      warning: 'This intro expired on 2026-06-01',
    });
    expect(introChoice(intro('B', { staleDate: '2026-05-31' }), today).expired).toBe(true);
    expect(introChoice(intro('C', { staleDate: '2026-06-02' }), today)).toMatchObject({
      expired: false,
      warning: null,
    });
  });
  it('shows Unknown and None for what the intro lacks', () => {
    expect(introDetails(intro('', { date: '', note: '  ' }))).toEqual({
      purchaseDate: 'Unknown',
      purchaseNote: 'None',
      serialNumber: 'Unknown',
    });
    expect(introDetails(intro('X1', { date: '2026-05-01', note: 'Gift' }))).toEqual({
      purchaseDate: '2026-05-01',
      purchaseNote: 'Gift',
      serialNumber: 'X1',
    });
  });
});

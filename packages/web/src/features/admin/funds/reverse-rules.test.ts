import { describe, expect, it } from 'vitest';
import type { AccountRow } from '@flightline/domain/api/types';
import { reversedMessage, reverseQuestion, reversesId, reversibleIds } from './reverse-rules.ts';

const row = (id: number, description: string, amountCents = -2260): AccountRow => ({
  id,
  date: Date.parse('2026-05-03T14:05:00Z'),
  description,
  amountCents,
  balanceCents: 0,
});

describe("reversesId: the entry a history row reverses, read from the server's description", () => {
  it.each([
    ['Reversal of #12', 12],
    ['Reversal of #12: Charged the wrong member', 12],
    ['Reversal of #41 (Tow: 2000 ft Aerotow (C-GABC, Nov 22))', 41],
    ['Reversal of #7: note: Reversal of #8', 7],
  ])('%j → %i', (description, id) => expect(reversesId({ description })).toBe(id));

  it.each([
    'Deposit (Cash) ref 12',
    'Hangar: Reversal of #12',
    'Reversal of #',
    'Reversal of 12',
    'reversal of #12',
    'Reversal',
  ])('%j → null', (description) => expect(reversesId({ description })).toBeNull());
});

describe('reversibleIds: which rows offer Reverse (the server refuses the others with 409)', () => {
  const deposit = row(10, 'Deposit (Cash) ref R-2044: Spring deposit', 10000);
  const expense = row(11, 'Hangar: Hangar, May');
  const block = row(12, 'Block: Season rental 600 min', -28250);

  it('an admin may reverse every entry that is neither a reversal nor already reversed', () => {
    expect([...reversibleIds([deposit, expense, block], { canReverse: true })]).toEqual([10, 11, 12]);
  });

  it(
    'nothing for a caller without the right: reverse-transaction ' + 'is for admins only, not Can Add User Funds (403)',
    () => {
      expect(reversibleIds([deposit, expense, block], { canReverse: false }).size).toBe(0);
    },
  );

  it('a reversal is not reversed, and the entry it reversed is not reversed twice', () => {
    const reversal = row(13, 'Reversal of #11', 2260);
    expect([...reversibleIds([deposit, expense, block, reversal], { canReverse: true })]).toEqual([10, 12]);
  });

  it('a flight charge undone on the line (its reversal names it) offers nothing either', () => {
    const tow = row(20, 'Tow: 2000 ft Aerotow (C-GABC, Nov 22)', -4520);
    const undo = row(21, 'Reversal of #20 (Tow: 2000 ft Aerotow (C-GABC, Nov 22)): Release height changed', 4520);
    expect([...reversibleIds([tow, undo], { canReverse: true })]).toEqual([]);
  });

  it(
    'a reversal in another loaded list (the recent entries) counts: a ' +
      'history that ends before it still hides the reversed entry',
    () => {
      const history = [deposit, expense];
      const recent = [expense, block, row(13, 'Reversal of #11: Wrong member', 2260)];
      expect([...reversibleIds(history, { canReverse: true, seen: recent })]).toEqual([10]);
      expect([...reversibleIds(recent, { canReverse: true, seen: history })]).toEqual([12]);
    },
  );
});

describe('the confirm question and the success toast', () => {
  it("names the id, the date and time in the club's zone, the description and the amount", () => {
    expect(reverseQuestion(row(11, 'Hangar: Hangar, May'), 'America/Toronto')).toBe(
      'Reverse transaction #11 of 2026-05-03 10:05 (Hangar: Hangar, May, ' +
        '-$22.60)? A new transaction undoes it; the original stays.',
    );
    expect(reverseQuestion(row(10, 'Deposit (Cash)', 123456), 'UTC')).toBe(
      'Reverse transaction #10 of 2026-05-03 14:05 (Deposit (Cash), ' +
        '$1,234.56)? A new transaction undoes it; the original stays.',
    );
  });

  it("the server's message when it sends one, else 'Transaction #N reversed'", () => {
    expect(reversedMessage(11, { message: 'Transaction #11 reversed' })).toBe('Transaction #11 reversed');
    expect(reversedMessage(11, { message: '' })).toBe('Transaction #11 reversed');
    expect(reversedMessage(11, undefined)).toBe('Transaction #11 reversed');
  });
});

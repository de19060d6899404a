import { describe, expect, it } from 'vitest';
import { compareText } from './text-order.ts';

describe('compareText: the order of names in lists', () => {
  it('ignores case: "bravo" sorts between "Alpha" and "Charlie" (a byte order would put it last)', () => {
    expect(['Charlie', 'bravo', 'Alpha'].sort(compareText)).toEqual(['Alpha', 'bravo', 'Charlie']);
  });

  it('ignores accents and orders digits by value', () => {
    expect(['Zoë', 'Émile', 'Eve'].sort(compareText)).toEqual(['Émile', 'Eve', 'Zoë']);
    expect(['Club 10', 'Club 9'].sort(compareText)).toEqual(['Club 9', 'Club 10']);
  });

  it('treats names differing only in case or accent as equal (callers add a tie-break)', () => {
    expect(compareText('de Vries', 'De Vries')).toBe(0);
    expect(compareText('Élodie', 'Elodie')).toBe(0);
  });
});

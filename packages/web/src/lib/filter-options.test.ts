import { describe, expect, it } from 'vitest';
import { filterOptions } from './filter-options.ts';

const clubs = [
  { value: 'a', label: 'Demo Soaring Club', detail: 'DSC' },
  { value: 'b', label: 'Valley Gliding Club', detail: 'Pending approval' },
  { value: 'c', label: 'Ridge Soaring' },
];

describe('filterable dropdown (User settings)', () => {
  it('lists every option when nothing is typed', () => {
    expect(filterOptions(clubs, '  ').map((o) => o.value)).toEqual(['a', 'b', 'c']);
  });

  it('keeps options containing every typed word, ignoring case and order', () => {
    expect(filterOptions(clubs, 'soaring').map((o) => o.value)).toEqual(['a', 'c']);
    expect(filterOptions(clubs, 'club DEMO').map((o) => o.value)).toEqual(['a']);
  });

  it('searches the detail too', () => {
    expect(filterOptions(clubs, 'pending').map((o) => o.value)).toEqual(['b']);
    expect(filterOptions(clubs, 'dsc').map((o) => o.value)).toEqual(['a']);
  });

  it('finds nothing for an unknown name', () => {
    expect(filterOptions(clubs, 'lake')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { CELL_TEXT_LIMIT, truncateText } from './truncate-text.ts';

describe('long cell text (over 60 characters is truncated and shown in full on click)', () => {
  it('keeps text of exactly 60 characters whole', () => {
    const sixty = 'x'.repeat(60);
    expect(CELL_TEXT_LIMIT).toBe(60);
    expect(truncateText(sixty)).toEqual({ text: sixty, truncated: false });
  });

  it('cuts 61 characters to the first 60 and an ellipsis', () => {
    expect(truncateText(`${'a'.repeat(60)}b`)).toEqual({ text: `${'a'.repeat(60)}…`, truncated: true });
  });

  it('counts characters, not UTF-16 units, so an emoji is never split', () => {
    const text = `${'🛩'.repeat(61)}`;
    const cut = truncateText(text);
    expect(cut.truncated).toBe(true);
    expect(Array.from(cut.text)).toHaveLength(61);
    expect(cut.text.endsWith('🛩…')).toBe(true);
  });

  it('does not leave a space before the ellipsis', () => {
    expect(truncateText(`${'a'.repeat(59)} ${'b'.repeat(10)}`).text).toBe(`${'a'.repeat(59)}…`);
  });
});

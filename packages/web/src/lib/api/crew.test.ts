import { describe, expect, it } from 'vitest';
import { lineKeys } from '../live-notices.ts';
import { crewPageQuery } from './crew.ts';

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  JSON.stringify(key.slice(0, prefix.length)) === JSON.stringify(prefix);

describe('live notices: which reads a notice makes stale', () => {
  it("uses the crew page's own query key as a prefix", () => {
    expect(startsWith(crewPageQuery('c1', 'u1').queryKey, lineKeys.crew('c1'))).toBe(true);
  });
});
